import { Link } from 'react-router';
import { formatPrice } from '#shared/money/money.ts';
import type { OccasionSummary } from '#shared/occasions/api.ts';
import { occasionPath } from '#shared/occasions/links.ts';
import { formatLongDate } from '#shared/time/london-time.ts';

/** "Friday 4 December 2026 to Saturday 19 December 2026", or the one date. */
export function occasionWhen(occasion: Pick<OccasionSummary, 'firstDate' | 'lastDate'>): string {
  return occasion.firstDate === occasion.lastDate
    ? formatLongDate(occasion.firstDate)
    : `${formatLongDate(occasion.firstDate)} to ${formatLongDate(occasion.lastDate)}`;
}

/** The featured occasion first, the rest in the order they come. */
export function featuredFirst(occasions: readonly OccasionSummary[]): OccasionSummary[] {
  return [...occasions].sort((a, b) => Number(b.featured) - Number(a.featured));
}

/** An occasion on What's On: its dates, its line and its lowest price, linking to its page. */
export function OccasionCard({ occasion }: { occasion: OccasionSummary }) {
  return (
    <article className="card group flex flex-col overflow-hidden">
      <div className="pattern-tiles">
        <div className="bg-gradient-to-br from-burgundy-800/95 to-green-900/90 px-6 py-5 text-cream-50">
          <p className="eyebrow text-brass-300">{occasion.ticketed ? 'Tickets' : 'Set menu'}</p>
          <p className="mt-1 font-serif text-3xl text-brass-300">
            from {formatPrice(occasion.fromPricePence)}{' '}
            <span className="text-base text-cream-100">{occasion.ticketed ? 'a ticket' : 'a head'}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="font-serif text-2xl">{occasion.name}</h3>
        <p className="text-sm font-semibold text-green-700">
          <time dateTime={occasion.firstDate}>{occasionWhen(occasion)}</time>
        </p>
        <p className="text-ink-soft">{occasion.summary}</p>
        <p className="mt-auto pt-2">
          <Link to={occasionPath(occasion.slug)} className="link">
            {occasion.ticketed ? 'Dates and tickets' : 'Dates, menu and booking'}
            <span className="sr-only">: {occasion.name}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
