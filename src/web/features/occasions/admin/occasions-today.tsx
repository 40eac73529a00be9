import { Link } from 'react-router';
import type { OccasionDay } from '#shared/occasions/admin-api.ts';
import { sizeWords } from '#shared/occasions/party-change.ts';
import { plural } from '#shared/text/plural.ts';
import { formatTimeRange } from '#shared/time/london-time.ts';
import { Notice } from '#web/features/staff/notice.tsx';
import { useAsync } from '#web/hooks/use-async.ts';
import { signedOut } from '#web/lib/api.ts';
import * as api from './staff-occasions-api.ts';

const HEADING_ID = 'occasions-today';

type DaySitting = OccasionDay['occasions'][number]['sittings'][number];

/** "Dinner · 7pm–10:30pm", or the label alone for a sitting since removed from the occasion. */
function sittingLine(sitting: DaySitting): string {
  return sitting.start && sitting.end
    ? `${sitting.label} · ${formatTimeRange(sitting.start, sitting.end)}`
    : sitting.label;
}

/**
 * The occasion parties of the date on the bookings day view (issue 30), read only: they are in the room but not
 * in the table bookings. Nothing shows while loading or when there are none; `version` changes to load again.
 */
export function OccasionsToday({ date, today, version }: { date: string; today: string; version: number }) {
  const day = useAsync(() => api.occasionDay(date), `occasions-day:${date}:${version}`);
  if (day.status === 'loading') return null;
  if (day.status === 'failed') {
    return signedOut(day.error) ? null : (
      <Notice tone="error">Could not load the occasion parties of this day. Please refresh.</Notice>
    );
  }
  const { occasions } = day.value;
  if (occasions.length === 0) return null;
  return (
    <section aria-labelledby={HEADING_ID} className="card space-y-4 p-4 sm:p-5">
      <h2 id={HEADING_ID} className="font-serif text-2xl">
        {date === today ? 'Occasions today' : 'Occasions on this day'}
      </h2>
      {occasions.flatMap((occasion) =>
        occasion.sittings.map((sitting) => {
          const headingId = `${HEADING_ID}-${occasion.slug}-${sitting.sittingId}`;
          const href = `/admin/occasions?occasion=${encodeURIComponent(occasion.slug)}&date=${date}`;
          return (
            <article
              key={`${occasion.slug}/${sitting.sittingId}`}
              aria-labelledby={headingId}
              className="min-w-0 border-t border-cream-200 pt-3"
            >
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div className="min-w-0">
                  <h3 id={headingId} className="font-semibold break-words text-green-900">
                    {occasion.name} · {sittingLine(sitting)}
                  </h3>
                  <p className="text-sm text-ink-soft">
                    {plural(sitting.parties.length, 'party', 'parties')} ·{' '}
                    {sizeWords(occasion.countsTickets, sitting.guests)}
                  </p>
                </div>
                <Link
                  to={href}
                  className="inline-flex min-h-11 items-center text-sm font-semibold text-green-800 underline"
                >
                  Open on the occasions screen
                  <span className="sr-only">
                    : {occasion.name}, {sitting.label}
                  </span>
                </Link>
              </div>
              <ul aria-label={`${occasion.name}, ${sitting.label}: parties`} className="mt-2 space-y-1">
                {sitting.parties.map((party) => (
                  <li key={party.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="min-w-0 break-words">{party.name}</span>
                    <span className="text-sm text-ink-soft">
                      {sizeWords(occasion.countsTickets, party.partySize)} ·{' '}
                      <span className="font-mono break-all">{party.reference}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </article>
          );
        }),
      )}
    </section>
  );
}
