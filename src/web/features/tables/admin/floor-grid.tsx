import { useId } from 'react';
import type { Service } from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import { areaClosedOn, type TablesDocument } from '#shared/tables/layout.ts';
import { FLOOR_MESSAGES } from './floor-messages.ts';
import {
  areasWithTables,
  arrivalStateOf,
  bookingSummary,
  bookingsAt,
  clockTime,
  inLanes,
  serviceBookings,
  timeWindow,
} from './floor-model.ts';
import { ARRIVAL_TONES, BookingFacts, seatsText } from './floor-parts.tsx';

const QUARTER = 15;
const LANE_PX = 50;
const LABEL_COLUMN = 'grid grid-cols-[10rem_minmax(0,1fr)]';

interface Span {
  from: number;
  to: number;
}

/** Where a moment falls across the time axis, as a share of its width. */
const percentAt = (span: Span, minutes: number) =>
  `${((Math.min(Math.max(minutes, span.from), span.to) - span.from) / (span.to - span.from)) * 100}%`;

/** Faint lines every 15 minutes and stronger ones on the hour, drawn behind a row's bookings. */
function gridLines(span: Span) {
  const minutes = span.to - span.from;
  return {
    backgroundImage:
      'linear-gradient(to right, var(--color-cream-300) 1px, transparent 1px), linear-gradient(to right, var(--color-cream-100) 1px, transparent 1px)',
    backgroundSize: `${(60 / minutes) * 100}% 100%, ${(QUARTER / minutes) * 100}% 100%`,
  };
}

/** One booking as a bar across its table time: a button that opens the move. */
function FloorBar({
  booking,
  layout,
  span,
  lane,
  onMove,
}: {
  booking: TablesDayBooking;
  layout: TablesDocument;
  span: Span;
  lane: number;
  onMove: (booking: TablesDayBooking) => void;
}) {
  const joined = booking.tables.length > 1;
  return (
    <button
      type="button"
      aria-label={bookingSummary(booking, layout)}
      onClick={() => onMove(booking)}
      className={`absolute flex h-11 min-w-6 flex-col justify-center overflow-hidden rounded-md border-2 px-2 text-left text-sm leading-tight hover:z-10 hover:shadow-md focus-visible:z-20 ${joined ? 'border-dashed' : ''} ${ARRIVAL_TONES[arrivalStateOf(booking)]}`}
      style={{
        left: percentAt(span, booking.start),
        width: `calc(${percentAt(span, booking.end)} - ${percentAt(span, booking.start)})`,
        top: `${lane * LANE_PX + 3}px`,
      }}
    >
      <span className="truncate font-semibold">{booking.name}</span>{' '}
      <span className="truncate text-xs">
        <BookingFacts booking={booking} />
      </span>
    </button>
  );
}

/** A table's line: its name and seats beside its bookings across the service. */
function FloorRow({
  label,
  hint,
  bookings,
  layout,
  span,
  onMove,
}: {
  label: string;
  hint: string;
  bookings: readonly TablesDayBooking[];
  layout: TablesDocument;
  span: Span;
  onMove: (booking: TablesDayBooking) => void;
}) {
  const laned = inLanes(bookings);
  const lanes = Math.max(1, ...laned.map(({ lane }) => lane + 1));
  return (
    <div className={`${LABEL_COLUMN} border-t border-cream-200`}>
      <div className="px-3 py-1.5">
        <span className="block font-semibold text-green-900">{label}</span>
        <span className="block text-sm text-ink-soft">{hint}</span>
      </div>
      <div
        className="relative border-l border-cream-300"
        style={{ ...gridLines(span), height: `${lanes * LANE_PX + 6}px` }}
      >
        {laned.map(({ booking, lane }) => (
          <FloorBar
            key={booking.id}
            booking={booking}
            layout={layout}
            span={span}
            lane={lane}
            onMove={onMove}
          />
        ))}
      </div>
    </div>
  );
}

/** The hours across the top, for the eye: each bar's name says its own times. */
function TimeAxis({ span }: { span: Span }) {
  const hours: number[] = [];
  for (let minutes = span.from; minutes < span.to; minutes += 60) hours.push(minutes);
  return (
    <div className={`${LABEL_COLUMN} sticky top-0 z-30 rounded-t-2xl bg-white`} aria-hidden="true">
      <div className="px-3 py-2 text-xs font-semibold tracking-wide text-ink-soft uppercase">Table</div>
      <div className="relative h-9 border-l border-cream-300">
        {hours.map((minutes) => (
          <span
            key={minutes}
            className="absolute top-2 pl-1.5 text-sm font-semibold text-green-900"
            style={{ left: percentAt(span, minutes) }}
          >
            {clockTime(minutes)}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * The floor at 1280 px (issue 28): the tables down the side by area, the service's time across, each booking
 * a bar on every table it holds; those holding none in a row of their own at the top.
 */
export function FloorGrid({
  day,
  service,
  serviceLabel,
  settings,
  onMove,
  className = '',
}: {
  day: TablesDayAnswer;
  service: Service;
  serviceLabel: string;
  settings: BookingSettings;
  onMove: (booking: TablesDayBooking) => void;
  className?: string;
}) {
  const headingId = useId();
  const bookings = serviceBookings(day, service);
  const span = timeWindow(service, settings, bookings);
  const unplaced = bookings.filter((booking) => booking.tables.length === 0);
  const rowProps = { layout: day.layout, span, onMove };
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="sr-only">
        {serviceLabel} by table and time
      </h2>
      <div className="card">
        <TimeAxis span={span} />
        {unplaced.length > 0 ? (
          <div className="bg-cream-50">
            <FloorRow
              label={FLOOR_MESSAGES.notPlaced}
              hint={`${unplaced.length} to place`}
              bookings={unplaced}
              {...rowProps}
            />
          </div>
        ) : null}
        {areasWithTables(day.layout).map(({ area, tables }) => (
          <div key={area.id}>
            <h3 className="border-t-2 border-cream-300 bg-cream-100 px-3 py-1.5 font-sans text-sm font-semibold tracking-wide text-green-900 uppercase">
              {area.name}
              {areaClosedOn(area, day.date) ? ' · closed this day' : ''}
            </h3>
            <ul>
              {tables.map((table) => (
                <li key={table.id}>
                  <FloorRow
                    label={table.name}
                    hint={seatsText(table)}
                    bookings={bookingsAt(bookings, table.id)}
                    {...rowProps}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
