import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ManagedBooking } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { BOOKED_MESSAGES } from '#shared/manage/messages.ts';
import * as events from '../events/api.ts';

/** The title of the event a booking is for; undefined until known, or when it cannot be had. */
function useEventTitle(slug: string | null): string | undefined {
  const [title, setTitle] = useState<string>();
  useEffect(() => {
    if (!slug) return;
    let current = true;
    events.event(slug).then(
      (event) => current && setTitle(event.title),
      // The booking stands without it: the details below say the date and time.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [slug]);
  return title;
}

/** The confirmation of a booking just made, above its details on the guest's own page. */
export function BookedNotice({ booking }: { booking: ManagedBooking['booking'] }) {
  const slug = booking.eventSlug;
  const eventTitle = useEventTitle(slug);
  return (
    <div role="status" className="rounded-xl border border-green-600 bg-green-600/10 p-5 text-green-900">
      <p className="font-semibold">{BOOKING_MESSAGES.success}</p>
      {eventTitle ? <p className="mt-2">{BOOKED_MESSAGES.forEvent(eventTitle)}</p> : null}
      {booking.email ? <p className="mt-2">{BOOKED_MESSAGES.emailedTo(booking.email)}</p> : null}
      <p className="mt-2">{BOOKED_MESSAGES.ownLink}</p>
      <Link
        to={slug ? `/bookings?event=${encodeURIComponent(slug)}` : '/bookings'}
        className="btn-outline mt-4"
      >
        {BOOKED_MESSAGES.bookAnother}
      </Link>
    </div>
  );
}
