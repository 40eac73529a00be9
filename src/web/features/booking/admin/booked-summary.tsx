import type { RefObject } from 'react';
import { Link } from 'react-router';
import { partyText } from '#shared/booking/party.ts';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { BOOKING_SOURCE_LABELS } from '#shared/booking/status.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';

export interface Booked {
  booking: StoredBooking;
  emailed: boolean;
  /** The words for a link to pay e-mailed in place of a confirmation (a deposit staff asked the guest for). */
  paymentLink?: string;
}

/** What staff read once a booking is taken: its reference and details, whether the guest was e-mailed. */
export function BookedSummary({
  booked: { booking, emailed, paymentLink },
  headingRef,
  dayHref,
  onAnother,
}: {
  booked: Booked;
  headingRef: RefObject<HTMLHeadingElement | null>;
  dayHref: string;
  onAnother: () => void;
}) {
  const rows: [string, string][] = [
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    [
      'Party',
      `${plural(booking.partySize, 'guest', 'guests')} (${partyText(booking.partyAdults, booking.partyChildren)})`,
    ],
    ['Name', booking.name],
    ['Phone', booking.phone || '—'],
    ['Email', booking.email || '—'],
    ['How it came', BOOKING_SOURCE_LABELS[booking.source]],
  ];
  return (
    <section
      role="status"
      aria-labelledby={`booked-${booking._id}`}
      className="card border-2 border-green-700 p-5 sm:p-6"
    >
      <h2
        id={`booked-${booking._id}`}
        ref={headingRef}
        tabIndex={-1}
        className="font-serif text-2xl text-green-900 sm:text-3xl"
      >
        Booked: reference <span className="font-mono tracking-wider">{booking.reference}</span>
      </h2>
      <dl className="mt-4 divide-y divide-cream-200">
        {rows.map(([term, detail]) => (
          <div key={term} className="grid grid-cols-[7rem_1fr] gap-3 py-2">
            <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
            <dd className="break-words">{detail}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-ink-soft">
        {paymentLink ??
          (emailed
            ? `A confirmation is on its way to ${booking.email}.`
            : 'No confirmation e-mail was sent.')}
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to={dayHref} className="btn-dark min-h-12">
          Back to the day
        </Link>
        <button type="button" onClick={onAnother} className="btn-outline min-h-12">
          Take another booking
        </button>
      </div>
    </section>
  );
}
