import { madeAndChangedBy } from '#shared/audit/made-by.ts';
import { CHRISTMAS_DAY_TABLES } from '#shared/booking/admin.ts';
import {
  closedSpecialDate,
  isChristmasDay,
  type Service,
  seatingTimes,
  serviceLabel,
  serviceName,
  slotTimes,
  specialHoursOn,
} from '#shared/booking/rules.ts';
import type { AvailabilitySlot, ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import type { BookingStatus } from '#shared/booking/status.ts';
import { holdsItsPlace } from '#shared/booking/status.ts';
import type { SpecialDate } from '#shared/content/schemas.ts';
import { formatHoursRange } from '#shared/content/venue.ts';
import { plural } from '#shared/text/plural.ts';
import { formatTime, formatTimeRange } from '#shared/time/london-time.ts';
import type { PaymentsByBooking } from '#web/features/deposits/admin/use-day-payments.ts';
import { ComingTick } from '#web/features/manage/coming-tick.tsx';
import { ProfileNoteLine } from '#web/features/profiles/profile-note-line.tsx';
import type { NoteFinder } from '#web/features/profiles/use-day-notes.ts';
import { AvailabilityBars } from './availability-bars.tsx';
import { BookingFlags, bookingFlags } from './booking-flags.tsx';
import { type Column, ColumnHeadings } from './column-headings.tsx';
import { StatusSelect } from './status-select.tsx';

/** The day's table: below md each row is a card, the headings kept for screen readers. */
const COLUMNS: readonly Column[] = [
  ['Time', 'py-2 pr-2 pl-5 md:w-28'],
  ['Guest', 'px-2 py-2 lg:w-1/5'],
  ['Contact', 'hidden px-2 py-2 lg:table-cell lg:w-1/4'],
  ['Party', 'px-2 py-2 md:w-24'],
  ['Flags', 'px-2 py-2'],
  ['Status', 'py-2 pr-5 pl-2 md:w-40'],
];

const NO_PAYMENTS: PaymentsByBooking = new Map();
const NO_NOTES: NoteFinder = () => undefined;

export function activeGuests(bookings: StoredBooking[]): { bookings: number; guests: number } {
  const active = bookings.filter((booking) => holdsItsPlace(booking.status));
  return { bookings: active.length, guests: active.reduce((sum, booking) => sum + booking.partySize, 0) };
}

/** The id of the button that opens a booking: the day view's skip link goes to the first. */
export function bookingButtonId(booking: StoredBooking): string {
  return `open-booking-${booking._id}`;
}

/**
 * What the date does to the service whatever staff closed: a closed day closes it, special hours close the
 * times they leave out (the whole service, or some of its times): the same rules guests are refused by.
 */
function dayNote(
  service: Service,
  date: string,
  settings: BookingSettings,
  specialDates: readonly SpecialDate[],
): { closed: boolean; text: string } | null {
  if (isChristmasDay(date)) return { closed: true, text: CHRISTMAS_DAY_TABLES.serviceClosed };
  const closedDay = closedSpecialDate(date, specialDates);
  if (closedDay) return { closed: true, text: `${closedDay.label}, closed all day` };
  const hours = specialHoursOn(date, specialDates);
  if (!hours) return null;
  const seating = seatingTimes(service, date, settings, specialDates);
  if (seating.length === slotTimes(service, settings).length) return null;
  const open = `${hours.label}, open ${formatHoursRange(hours)}`;
  const first = seating[0];
  const last = seating[seating.length - 1];
  if (first === undefined || last === undefined) return { closed: true, text: open };
  return { closed: false, text: `${open}: tables ${formatTimeRange(first, last)}` };
}

interface ServiceSectionProps {
  date: string;
  settings: BookingSettings;
  /** The venue's special dates: a closed day or shorter hours close some or all of the service's times. */
  specialDates: readonly SpecialDate[];
  service: Service;
  /** False on a day the kitchen does not run this service (bookings may still be listed). */
  scheduled: boolean;
  bookings: StoredBooking[];
  /** The day's deposits and card guarantees, each flagged on its booking; none until they are loaded. */
  payments?: PaymentsByBooking;
  slots: AvailabilitySlot[];
  closure: ServiceClosure | undefined;
  /** Absent for a role that may not close services: the state shows without the button. */
  onToggleClosure?: (service: Service) => void;
  onStatusChange: (booking: StoredBooking, status: BookingStatus) => void;
  onOpen: (booking: StoredBooking) => void;
  /** The tags and note staff keep on a booking's guest (issue 32); none for a role that may not see them. */
  noteFor?: NoteFinder;
}

/** One service of the day: its closure toggle, availability bars and bookings table (spec §2). */
export function ServiceSection({
  date,
  settings,
  specialDates,
  service,
  scheduled,
  bookings,
  payments = NO_PAYMENTS,
  slots,
  closure,
  onToggleClosure,
  onStatusChange,
  onOpen,
  noteFor = NO_NOTES,
}: ServiceSectionProps) {
  const label = serviceLabel(service, date);
  const name = serviceName(service, date);
  const times = slotTimes(service, settings);
  const lastTime = times[times.length - 1] ?? '';
  const note = scheduled ? dayNote(service, date, settings, specialDates) : null;
  const closedByDate = note?.closed === true;
  const closed = closure !== undefined || closedByDate;
  const totals = activeGuests(bookings);
  const headingId = `service-${service}`;

  return (
    <section aria-labelledby={headingId} className="card overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-cream-200 bg-white px-4 py-3 sm:px-5">
        <div>
          <h2 id={headingId} className="font-serif text-2xl">
            {label}
          </h2>
          <p className="text-sm text-ink-soft">
            {formatTime(times[0] ?? '')} – {formatTime(lastTime)} ·{' '}
            {plural(totals.bookings, 'booking', 'bookings')} · {plural(totals.guests, 'guest', 'guests')}
          </p>
        </div>
        {scheduled ? (
          <div className="flex flex-wrap items-center gap-3">
            <span
              className={`rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase ${
                closed ? 'bg-burgundy-700 text-cream-50' : 'bg-green-600/15 text-green-800'
              }`}
            >
              {closed ? 'Closed' : 'Open'}
            </span>
            {/* A service the date already closes is not closed again; a closure staff made stays theirs to undo. */}
            {onToggleClosure && (closure || !closedByDate) ? (
              <button
                type="button"
                onClick={() => onToggleClosure(service)}
                className={`min-h-11 rounded-full border-2 px-4 py-1.5 text-sm font-semibold transition-colors ${
                  closure
                    ? 'border-green-800 bg-green-800 text-cream-50 hover:bg-green-700'
                    : 'border-burgundy-700 text-burgundy-700 hover:bg-burgundy-700 hover:text-cream-50'
                }`}
              >
                {closure ? `Reopen ${name}` : `Close ${name}`}
              </button>
            ) : null}
          </div>
        ) : (
          <span className="text-sm text-ink-soft">No {name} service on this day</span>
        )}
      </div>
      {closure?.reason ? (
        <p className="border-b border-cream-200 bg-burgundy-700/8 px-4 py-2 text-sm text-burgundy-800 sm:px-5">
          Closed: {closure.reason}
        </p>
      ) : null}
      {note ? (
        <p className="border-b border-cream-200 bg-burgundy-700/8 px-4 py-2 text-sm text-burgundy-800 sm:px-5">
          {note.closed ? `Closed: ${note.text}` : note.text}
        </p>
      ) : null}
      {scheduled ? (
        <div className="border-b border-cream-200 px-4 py-3 sm:px-5">
          <AvailabilityBars slots={slots} label={`${label} availability`} capacity={settings.coversPerSlot} />
        </div>
      ) : null}
      {bookings.length === 0 ? (
        <p className="px-4 py-5 text-ink-soft sm:px-5">No {name} bookings.</p>
      ) : (
        // A table on a wide screen; below md each row lays out as a card, the column headings kept for screen
        // readers, so the status and the flags stay in view beside a long name.
        <table className="block w-full text-left text-[0.95rem] md:table">
          <caption className="sr-only">{label} bookings</caption>
          <ColumnHeadings columns={COLUMNS} className="sr-only md:not-sr-only" />
          <tbody className="block divide-y divide-cream-200 md:table-row-group">
            {bookings.map((booking) => {
              const cancelled = booking.status === 'CANCELLED';
              const payment = payments.get(booking._id);
              const flagged = bookingFlags(booking).length > 0 || payment !== undefined;
              const guestNote = noteFor(booking);
              return (
                <tr
                  key={booking._id}
                  className={`grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5 px-4 py-3 md:table-row md:p-0 md:align-top ${cancelled ? 'bg-cream-100/40' : ''}`}
                >
                  <td
                    className={`text-lg font-semibold whitespace-nowrap md:py-3 md:pr-2 md:pl-5 md:text-[0.95rem] ${cancelled ? 'text-ink-soft' : ''}`}
                  >
                    {formatTime(booking.timeSlot)}
                  </td>
                  <td className="col-span-2 row-start-2 min-w-0 md:px-2 md:py-3">
                    <button
                      id={bookingButtonId(booking)}
                      type="button"
                      aria-haspopup="dialog"
                      onClick={() => onOpen(booking)}
                      className={`py-2 text-left text-lg font-semibold wrap-anywhere decoration-2 underline-offset-4 hover:text-green-700 md:py-0 md:text-[0.95rem] ${
                        cancelled
                          ? 'text-ink-soft line-through'
                          : 'text-green-900 underline decoration-brass-500'
                      }`}
                    >
                      {booking.name}
                    </button>
                    {guestNote ? <ProfileNoteLine note={guestNote} /> : null}
                    {booking.comingConfirmedAt && !cancelled ? (
                      <span className="mt-1 block">
                        <ComingTick />
                      </span>
                    ) : null}
                    {madeAndChangedBy(booking).map((line) => (
                      <span key={line} className="block text-xs text-ink-soft">
                        {line}
                      </span>
                    ))}
                  </td>
                  <td className="hidden px-2 py-3 text-sm lg:table-cell">
                    {booking.phone ? (
                      <a
                        href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}
                        className="link block whitespace-nowrap"
                      >
                        {booking.phone}
                      </a>
                    ) : null}
                    {booking.email ? (
                      <a href={`mailto:${booking.email}`} className="link block break-all">
                        {booking.email}
                      </a>
                    ) : null}
                  </td>
                  <td className="col-span-2 whitespace-nowrap md:px-2 md:py-3">
                    <span className="font-semibold">{plural(booking.partySize, 'guest', 'guests')}</span>
                    {booking.partyChildren > 0 ? (
                      <span className="ml-2 text-sm text-ink-soft md:ml-0 md:block md:text-xs">
                        {booking.partyAdults} + {booking.partyChildren} ch.
                      </span>
                    ) : null}
                  </td>
                  <td className={`col-span-2 md:px-2 md:py-3 ${flagged ? '' : 'max-md:sr-only'}`}>
                    <BookingFlags booking={booking} payment={payment} />
                  </td>
                  <td className="col-start-2 row-start-1 md:py-2.5 md:pr-5 md:pl-2">
                    <StatusSelect
                      value={booking.status}
                      label={`Status of ${booking.name}, ${formatTime(booking.timeSlot)}`}
                      onChange={(status) => onStatusChange(booking, status)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
