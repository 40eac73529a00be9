import { Link, useSearchParams } from 'react-router';
import { MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { KeptFromServer } from '../components/kept-from-server.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { BookingForm } from '../features/booking/booking-form.tsx';
import { OpeningHours } from '../features/content/opening-hours.tsx';
import { useVenue } from '../features/content/site-content.tsx';
import { useContent } from '../features/content/use-content.ts';
import { useAsync } from '../hooks/use-async.ts';

export function Component() {
  const eventSlug = useSearchParams()[0].get('event') ?? '';
  // Most bookings name no event: the events code loads only for one that does (the server's page names it already).
  const event = useAsync(
    async () =>
      eventSlug ? (await import('../features/events/events-fallback.ts')).loadEvent(eventSlug) : null,
    pageDataKey.event(eventSlug),
  );
  const settings = useContent('booking-settings');
  const venue = useVenue();
  return (
    <>
      <PageHero eyebrow="Reservations" title="Book a Table">
        Lunch, dinner or a Sunday roast for up to {MAX_ONLINE_PARTY} guests. We confirm every booking by
        e-mail straight away.
      </PageHero>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section className="card p-6 sm:p-10" aria-label="Booking form">
          {!settings || (eventSlug !== '' && event.status === 'loading') ? (
            <p role="status" className="min-h-[60rem]">
              Loading…
            </p>
          ) : (
            <BookingForm event={event.status === 'done' ? event.value : null} settings={settings} />
          )}
        </section>
        <KeptFromServer as="aside" from={[venue]} className="space-y-6">
          <div className="card p-6">
            <h2 className="font-serif text-2xl">Larger groups</h2>
            <p className="mt-2 text-ink-soft">
              For nine or more, or to book the snug for a party, call us on{' '}
              <a href={telephoneHref(venue.phone)} className="link">
                {venue.phone}
              </a>
              .
            </p>
          </div>
          <div className="card p-6">
            <h2 className="font-serif text-2xl">Christmas Day</h2>
            <p className="mt-2 text-ink-soft">
              Regular bookings are closed on 25 December. Christmas Day lunch is booked with a pre-order.
            </p>
            <Link to="/christmas" className="link mt-3 inline-block">
              Book Christmas Day
            </Link>
          </div>
          <div className="card p-6">
            <OpeningHours />
          </div>
        </KeptFromServer>
      </div>
    </>
  );
}
