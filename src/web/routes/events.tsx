import { Link } from 'react-router';
import { pageDataKey } from '#shared/content/page-data.ts';
import { VOUCHERS_PATH } from '#shared/vouchers/links.ts';
import { KeptFromServer } from '../components/kept-from-server.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { EventCard } from '../features/events/event-card.tsx';
import { loadUpcomingEvents } from '../features/events/events-fallback.ts';
import * as occasionsApi from '../features/occasions/api.ts';
import { featuredFirst, OccasionCard } from '../features/occasions/occasion-card.tsx';
import { useAsync } from '../hooks/use-async.ts';

export function Component() {
  const state = useAsync(() => loadUpcomingEvents(), pageDataKey.upcomingEvents);
  // Occasions are extra to the diary: when they cannot be fetched, the page shows the events alone.
  const occasions = useAsync(() => occasionsApi.occasions().catch(() => []), pageDataKey.occasions);
  return (
    <>
      <PageHero eyebrow="What’s on" title="Events at the pub">
        Quiz nights, comedy in the snug, folk by the fire and suppers worth dressing up for. Book a table and
        make a night of it.
      </PageHero>
      {occasions.status === 'done' && occasions.value.length > 0 ? (
        <section className="container-page pt-14" aria-labelledby="occasions-heading">
          <h2 id="occasions-heading" className="font-serif text-3xl text-green-900 sm:text-4xl">
            Set menus &amp; special occasions
          </h2>
          <KeptFromServer
            as="ul"
            from={[occasions.value]}
            className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-3"
          >
            {featuredFirst(occasions.value).map((occasion) => (
              <li key={occasion.slug} className="flex">
                <OccasionCard occasion={occasion} />
              </li>
            ))}
          </KeptFromServer>
        </section>
      ) : null}
      <section className="container-page py-14" aria-labelledby="events-heading">
        <h2 id="events-heading" className="sr-only">
          Upcoming events
        </h2>
        {state.status === 'loading' ? (
          <p role="status" className="min-h-[60vh]">
            Loading…
          </p>
        ) : state.status === 'failed' ? (
          <LoadFailed error={state.error} />
        ) : state.value.length === 0 ? (
          <div className="card p-10 text-center">
            <p className="font-serif text-2xl">Nothing in the diary just yet</p>
            <p className="mt-2 text-ink-soft">New events are added every week — or just pop in for a pint.</p>
          </div>
        ) : (
          <KeptFromServer as="ul" from={[state.value]} className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {state.value.map((event, index) => (
              <li key={event._id} className="flex">
                <EventCard event={event} eager={index === 0} />
              </li>
            ))}
          </KeptFromServer>
        )}
        <p className="mt-12 flex flex-wrap justify-center gap-3">
          <Link to="/bookings" className="btn-dark">
            Book a Table
          </Link>
          <Link to={VOUCHERS_PATH} className="btn-outline">
            Gift Vouchers
          </Link>
        </p>
      </section>
    </>
  );
}
