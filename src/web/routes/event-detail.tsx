import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { pageDataKey } from '#shared/content/page-data.ts';
import { eventNotFoundMeta, eventPageMeta } from '#shared/content/page-meta.ts';
import { howToComeText } from '#shared/events/event.ts';
import { londonInstant } from '#shared/time/london-time.ts';
import { Countdown } from '../components/countdown.tsx';
import { LoadFailed } from '../components/load-failed.tsx';
import { useVenue } from '../features/content/site-content.tsx';
import { EventBadges, EventCover, EventWhen } from '../features/events/event-card.tsx';
import { loadEvent } from '../features/events/events-fallback.ts';
import { useAsync } from '../hooks/use-async.ts';

export function Component() {
  const slug = useParams().slug ?? '';
  const state = useAsync(() => loadEvent(slug), pageDataKey.event(slug));
  const event = state.status === 'done' ? state.value : undefined;

  const venue = useVenue();
  useEffect(() => {
    if (event !== undefined) {
      document.title = (event ? eventPageMeta(event, venue) : eventNotFoundMeta(venue)).title;
    }
  }, [event, venue]);

  if (state.status !== 'done') {
    return (
      <div className="container-page py-20">
        {state.status === 'loading' ? <p role="status">Loading…</p> : <LoadFailed error={state.error} />}
      </div>
    );
  }
  if (!event) {
    return (
      <div className="container-page py-24 text-center">
        <h1 className="font-serif text-4xl">Event not found</h1>
        <p className="mx-auto mt-4 max-w-md text-ink-soft">
          That event isn’t in our diary — it may have been and gone, or the link may be mistyped.
        </p>
        <Link to="/events" className="btn-dark mt-8">
          See all events
        </Link>
      </div>
    );
  }
  return (
    <article>
      <div className="pattern-tiles text-cream-50">
        <div className="bg-gradient-to-b from-green-900/90 to-green-800/95">
          <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:items-center">
            <div>
              <p className="eyebrow text-brass-300">
                <Link to="/events" className="text-brass-300 no-underline hover:underline">
                  What’s on
                </Link>
              </p>
              <h1 className="mt-2 font-serif text-4xl text-cream-50 sm:text-5xl">{event.title}</h1>
              <EventWhen event={event} className="mt-4 text-lg font-semibold text-brass-300" />
              <div className="mt-8">
                <Countdown target={londonInstant(event.date, event.time)} label="Starts in" tone="dark" />
              </div>
              {event.takesBookings ? (
                <Link to={`/bookings?event=${encodeURIComponent(event.slug)}`} className="btn-primary mt-8">
                  Book a Table
                </Link>
              ) : (
                <p className="mt-8 max-w-md rounded-xl border border-brass-500/60 bg-green-950/40 px-5 py-4 text-lg text-cream-50">
                  {howToComeText(event)}
                </p>
              )}
            </div>
            <EventCover
              event={event}
              eager
              className="aspect-[16/9] w-full rounded-2xl shadow-2xl ring-1 ring-brass-500/40"
            />
          </div>
        </div>
      </div>
      <div className="container-page max-w-3xl py-12">
        <EventBadges badges={event.badges} />
        <p className="mt-6 text-lg leading-8">{event.summary}</p>
      </div>
    </article>
  );
}
