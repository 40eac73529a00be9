import { useEffect, useId, useRef } from 'react';
import { partyText } from '#shared/booking/party.ts';
import type { BookingRequest } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { eventBookingLine } from '#shared/events/booking-line.ts';
import { howToComeText } from '#shared/events/event.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';

/** A booking the server took without a link to the guest's own page (a replayed answer): confirmed in place. */
export interface BookedInPlace {
  reference: string;
  booked: BookingRequest;
}

/** The booking just made, in place of the form until the guest asks for another; it takes the focus. */
export function BookingConfirmation({
  confirmation: { reference, booked },
  onBookAnother,
}: {
  confirmation: BookedInPlace;
  onBookAnother: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      <div role="status" className="rounded-xl border border-green-600 bg-green-600/10 p-5 text-green-900">
        <p className="font-semibold">{BOOKING_MESSAGES.success}</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Date</dt>
          <dd>{formatLongDate(booked.date)}</dd>
          <dt className="font-semibold">Time</dt>
          <dd>{formatTime(booked.timeSlot)}</dd>
          <dt className="font-semibold">Party</dt>
          <dd>{partyText(booked.partyAdults, booked.partyChildren)}</dd>
          <dt className="font-semibold">Name</dt>
          <dd>{booked.name}</dd>
          {reference ? (
            <>
              <dt className="font-semibold">Reference</dt>
              <dd>
                <strong className="font-mono tracking-wider">{reference}</strong>
              </dd>
            </>
          ) : null}
        </dl>
        <div className="mt-5 flex flex-wrap gap-3">
          <button type="button" className="btn-dark" onClick={onBookAnother}>
            Book another table
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The event the guest came from, shown but not edited: one that takes bookings (`bookable`) is booked at its
 * own time; another is only named, with how to come to it.
 */
export function EventField({ event, bookable }: { event: PublicEvent; bookable: boolean }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Event
      </label>
      <textarea
        id={id}
        value={
          bookable
            ? eventBookingLine(event)
            : `${event.title} — ${formatLongDate(event.date)}, ${formatTime(event.time)}`
        }
        disabled
        readOnly
        rows={1}
        aria-describedby={`${id}-note`}
        className="field-input field-sizing-content resize-none"
      />
      <p id={`${id}-note`} className="mt-1.5 text-sm text-ink-soft">
        Preselected from the Events page.
        {bookable ? null : ` ${event.title} takes no table bookings: ${howToComeText(event)}`}
      </p>
    </div>
  );
}
