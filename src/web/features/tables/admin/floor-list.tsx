import { useId } from 'react';
import type { Service } from '#shared/booking/rules.ts';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import { areaClosedOn, type TablesDocument } from '#shared/tables/layout.ts';
import { Chevron } from '#web/components/chevron.tsx';
import { FLOOR_MESSAGES } from './floor-messages.ts';
import {
  areasWithTables,
  arrivalStateOf,
  bookingSummary,
  bookingsAt,
  clockTime,
  serviceBookings,
} from './floor-model.ts';
import { ARRIVAL_TONES, BookingFacts, seatsText } from './floor-parts.tsx';

/** One booking of a table's card: its time, name, party and state, the whole line a button to move it. */
function BookingLine({
  booking,
  layout,
  onMove,
}: {
  booking: TablesDayBooking;
  layout: TablesDocument;
  onMove: (booking: TablesDayBooking) => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-label={bookingSummary(booking, layout)}
        onClick={() => onMove(booking)}
        className={`flex min-h-12 w-full items-center gap-3 rounded-lg border-2 px-3 py-2 text-left ${booking.tables.length > 1 ? 'border-dashed' : ''} ${ARRIVAL_TONES[arrivalStateOf(booking)]}`}
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold break-words">{booking.name}</span>{' '}
          <span className="block text-sm">
            <BookingFacts booking={booking} />
          </span>
        </span>{' '}
        {/* First to the eye, last in the text, so the visible words read in the order of the button's name. */}
        <span className="order-first w-16 shrink-0 font-semibold">{clockTime(booking.start)}</span>
        <Chevron direction="right" />
      </button>
    </li>
  );
}

/** A table's card: its name and seats, then its bookings of the service in time order. */
function TableCard({
  title,
  hint,
  bookings,
  layout,
  onMove,
  Heading = 'h4',
}: {
  title: string;
  hint: string;
  bookings: readonly TablesDayBooking[];
  layout: TablesDocument;
  onMove: (booking: TablesDayBooking) => void;
  /** Its heading's level: a table's is under its area's. */
  Heading?: 'h3' | 'h4';
}) {
  return (
    <div className="card p-4">
      <Heading className="flex flex-wrap items-baseline justify-between gap-x-3 font-sans text-lg font-semibold">
        {title}
        <span className="text-sm font-normal text-ink-soft">{hint}</span>
      </Heading>
      {bookings.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {bookings.map((booking) => (
            <BookingLine key={booking.id} booking={booking} layout={layout} onMove={onMove} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-ink-soft">{FLOOR_MESSAGES.freeAllService}</p>
      )}
    </div>
  );
}

/** The floor on a phone (issue 28): each table a card with its bookings, those not placed first. */
export function FloorList({
  day,
  service,
  serviceLabel,
  onMove,
  className = '',
}: {
  day: TablesDayAnswer;
  service: Service;
  serviceLabel: string;
  onMove: (booking: TablesDayBooking) => void;
  className?: string;
}) {
  const headingId = useId();
  const bookings = serviceBookings(day, service);
  const unplaced = bookings.filter((booking) => booking.tables.length === 0);
  return (
    <section aria-labelledby={headingId} className={`space-y-5 ${className}`}>
      <h2 id={headingId} className="sr-only">
        {serviceLabel} by table
      </h2>
      {unplaced.length > 0 ? (
        <TableCard
          title={FLOOR_MESSAGES.notPlaced}
          hint={`${unplaced.length} to place`}
          bookings={unplaced}
          layout={day.layout}
          onMove={onMove}
          Heading="h3"
        />
      ) : null}
      {areasWithTables(day.layout).map(({ area, tables }) => (
        <div key={area.id} className="space-y-3">
          <h3 className="font-serif text-2xl">
            {area.name}
            {areaClosedOn(area, day.date) ? (
              <span className="ml-2 font-sans text-sm text-ink-soft">closed this day</span>
            ) : null}
          </h3>
          <ul className="space-y-3">
            {tables.map((table) => (
              <li key={table.id}>
                <TableCard
                  title={table.name}
                  hint={seatsText(table)}
                  bookings={bookingsAt(bookings, table.id)}
                  layout={day.layout}
                  onMove={onMove}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
