import { Link } from 'react-router';
import { DEFAULT_EVENT_CTA_LABEL } from '#shared/events/event.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ContentImage } from '#web/components/content-image.tsx';

export function EventBadges({ badges }: { badges: string[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Badges">
      {badges.map((badge) => (
        <li
          key={badge}
          className="rounded-full bg-brass-300/40 px-3 py-0.5 text-xs font-semibold tracking-wide text-brass-700 uppercase"
        >
          {badge}
        </li>
      ))}
    </ul>
  );
}

export function EventWhen({ event, className = '' }: { event: PublicEvent; className?: string }) {
  return (
    <p className={className}>
      <time dateTime={`${event.date}T${event.time}`}>
        {formatLongDate(event.date)} · {formatTime(event.time)}
      </time>
    </p>
  );
}

export function EventCover({
  event,
  eager = false,
  className = '',
}: {
  event: PublicEvent;
  eager?: boolean;
  className?: string;
}) {
  if (!event.cover) {
    return <div className={`pattern-tiles ${className}`} aria-hidden="true" />;
  }
  return (
    <ContentImage
      src={event.cover}
      alt=""
      width={1200}
      height={675}
      sizes="(min-width: 1024px) 50vw, 100vw"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}

/** `eager` for the first card, which is on screen as the page opens. */
export function EventCard({ event, eager = false }: { event: PublicEvent; eager?: boolean }) {
  return (
    <article className="card group flex flex-col overflow-hidden">
      <EventCover event={event} eager={eager} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <EventBadges badges={event.badges} />
        <h3 className="font-serif text-2xl">{event.title}</h3>
        <EventWhen event={event} className="text-sm font-semibold text-green-700" />
        <p className="text-ink-soft">{event.summary}</p>
        <p className="mt-auto pt-2">
          <Link to={`/events/${event.slug}`} className="link">
            {event.cta.label || DEFAULT_EVENT_CTA_LABEL}
            <span className="sr-only">: {event.title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
