import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { pageDataKey } from '#shared/content/page-data.ts';
import { formatPrice, poundsToPence } from '#shared/money/money.ts';
import { londonInstant } from '#shared/time/london-time.ts';
import { ContentImage } from '../components/content-image.tsx';
import { KeptFromServer } from '../components/kept-from-server.tsx';
import { OpeningHours } from '../features/content/opening-hours.tsx';
import { useChristmasDay, useVenue } from '../features/content/site-content.tsx';
import { EventBadges, EventCover, EventWhen } from '../features/events/event-card.tsx';
import { useAsync } from '../hooks/use-async.ts';

const TILES = [
  {
    to: '/events',
    title: 'What’s on',
    text: 'Quiz nights, comedy, live folk and seasonal suppers.',
    image: '/images/tiles/whats-on.svg',
  },
  {
    to: '/menu',
    title: 'Food menu',
    text: 'Seasonal British cooking, the £12 lunch and proper Sunday roasts.',
    image: '/images/tiles/food.svg',
  },
  {
    to: '/gallery',
    title: 'Gallery',
    text: 'The bar, the inglenook, the garden and the food.',
    image: '/images/tiles/gallery.svg',
  },
];

/** The event's live countdown ticks once the page is in the browser; until then the server's figures show. */
const Countdown = lazy(() =>
  import('../components/countdown.tsx').then((module) => ({ default: module.Countdown })),
);

function Hero() {
  const venue = useVenue();
  const picture = venue.heroPicture;
  return (
    <section className="relative isolate overflow-hidden bg-green-950 text-cream-50">
      <ContentImage
        {...('imageId' in picture ? { imageId: picture.imageId } : { src: picture.src })}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        sizes="100vw"
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover object-[70%_center]"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-green-950/85 via-green-950/75 to-green-950/90 lg:bg-gradient-to-r lg:from-green-950/90 lg:via-green-950/60 lg:to-green-950/5" />
      <div className="container-page flex min-h-[34rem] flex-col justify-center py-20 sm:min-h-[38rem] lg:min-h-[42rem]">
        <p className="eyebrow text-brass-300">Near Wokingham · Grade II listed</p>
        <h1 className="mt-4 max-w-2xl font-serif text-5xl leading-[1.05] text-cream-50 sm:text-6xl lg:text-7xl">
          The village local, done properly.
        </h1>
        <p className="mt-6 max-w-xl text-lg text-cream-100 sm:text-xl">{venue.tagline}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/events" className="btn-secondary">
            See Events
          </Link>
          <Link to="/bookings" className="btn-primary">
            Book a Table
          </Link>
        </div>
      </div>
    </section>
  );
}

function FeaturedEvent() {
  // The server sends the events with the page; loading them here is rare, so the API client is not in the entry.
  const state = useAsync(
    () => import('../features/events/events-fallback.ts').then((events) => events.loadUpcomingEvents()),
    pageDataKey.upcomingEvents,
  );
  // The events fall back to the bundled list (spec §7): only the events code itself can fail to arrive.
  if (state.status !== 'done') {
    return <div className="card min-h-[22rem] animate-pulse" aria-hidden="true" />;
  }
  const [event] = state.value;
  if (!event) {
    return (
      <div className="card p-10">
        <h3 className="font-serif text-3xl">New events coming soon</h3>
        <p className="mt-3 text-ink-soft">Keep an eye on our events page, or pop in and ask at the bar.</p>
      </div>
    );
  }
  return (
    <article className="card grid overflow-hidden lg:grid-cols-2">
      <EventCover event={event} className="aspect-[16/9] h-full w-full" />
      <div className="flex flex-col gap-4 p-7 sm:p-10">
        <EventBadges badges={event.badges} />
        <h3 className="font-serif text-3xl sm:text-4xl">{event.title}</h3>
        <EventWhen event={event} className="font-semibold text-green-700" />
        <p className="text-ink-soft">{event.summary}</p>
        <Suspense fallback={null}>
          <Countdown target={londonInstant(event.date, event.time)} label="Starts in" />
        </Suspense>
        <div className="mt-2 flex flex-wrap gap-3">
          <Link to={`/events/${event.slug}`} className="btn-dark">
            {event.cta.label}
            <span className="sr-only">: {event.title}</span>
          </Link>
          {event.takesBookings ? (
            <Link to={`/bookings?event=${encodeURIComponent(event.slug)}`} className="btn-outline">
              Book a Table
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The way in to the rest of the site: what's on, the menu and the gallery. */
function ExploreTiles() {
  return (
    <section className="container-page" aria-labelledby="explore-heading">
      <h2 id="explore-heading" className="font-serif text-4xl sm:text-5xl">
        Come on in
      </h2>
      <KeptFromServer as="ul" from={[TILES]} className="mt-8 grid gap-6 md:grid-cols-3">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="card group block overflow-hidden no-underline transition-transform hover:-translate-y-1"
            >
              <img
                src={tile.image}
                alt=""
                width={800}
                height={600}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full object-cover"
              />
              <span className="block p-6">
                <span className="block font-serif text-2xl text-green-900 group-hover:underline">
                  {tile.title}
                </span>
                <span className="mt-2 block text-ink-soft">{tile.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </KeptFromServer>
    </section>
  );
}

export function HomePage() {
  const christmasDay = useChristmasDay();
  const venue = useVenue();
  const { prices } = christmasDay;
  return (
    <>
      <Hero />
      <section className="container-page py-20" aria-labelledby="featured-heading">
        <div className="rule-ornament">
          <h2 id="featured-heading" className="eyebrow">
            Next at the pub
          </h2>
        </div>
        <div className="mt-8">
          <FeaturedEvent />
        </div>
      </section>

      <ExploreTiles />

      <KeptFromServer
        as="section"
        from={[christmasDay, venue]}
        className="container-page mt-20 grid gap-8 lg:grid-cols-[1.4fr_1fr]"
      >
        <div className="pattern-tiles overflow-hidden rounded-2xl text-cream-50">
          <div className="h-full bg-gradient-to-br from-burgundy-800/95 to-green-900/90 p-8 sm:p-12">
            <p className="eyebrow text-brass-300">Christmas Day {christmasDay.year}</p>
            <h2 className="mt-2 font-serif text-4xl text-cream-50">Let us do the cooking</h2>
            <p className="mt-4 max-w-lg text-cream-100">
              Two sittings, three festive courses and a glass of fizz on arrival:{' '}
              {formatPrice(poundsToPence(prices.adult))} for adults,{' '}
              {formatPrice(poundsToPence(prices.child))} for children. Pre-order with a{' '}
              {formatPrice(poundsToPence(prices.depositPerGuest))} deposit per guest.
            </p>
            <Link to="/christmas" className="btn-primary mt-8">
              Book Christmas Day
            </Link>
          </div>
        </div>
        <div className="card p-8 sm:p-10">
          <OpeningHours />
          <Link to="/contact" className="link mt-6 inline-block">
            How to find us
          </Link>
        </div>
      </KeptFromServer>
    </>
  );
}
