import type { StaffStandbyEntry } from '#shared/standby/api.ts';
import { STANDBY_OFFER_STATE_LABELS, STANDBY_STATUS_LABELS } from '#shared/standby/status.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { clockTime, entrySummary } from './standby-words.ts';

const actionButton =
  'flex min-h-14 items-center justify-center rounded-xl border-2 px-2 text-center text-base font-semibold leading-tight transition-colors focus-visible:outline-3 focus-visible:outline-brass-500 sm:text-lg';
const plainAction = `${actionButton} border-cream-300 bg-white text-green-900 hover:border-green-700 hover:bg-cream-100`;
const mainAction = `${actionButton} border-green-800 bg-green-800 text-cream-50 hover:bg-green-900`;

/** What staff can do with an entry still waiting. */
export interface EntryActions {
  onOffer: (entry: StaffStandbyEntry) => void;
  onBook: (entry: StaffStandbyEntry) => void;
  onRemove: (entry: StaffStandbyEntry) => void;
}

/** "7:30pm: Offered, until 7:45pm", "7pm: Offer expired". */
function offerText(offer: StaffStandbyEntry['offers'][number]): string {
  const state = STANDBY_OFFER_STATE_LABELS[offer.state];
  const until = offer.state === 'OPEN' ? `, until ${clockTime(offer.expiresAt)}` : '';
  return `${formatTime(offer.timeSlot)}: ${state}${until}`;
}

/** An entry of a service's list, in its place: the party, the window, how to reach them, its offers and steps. */
export function StandbyEntryCard({
  entry,
  place,
  actions,
}: {
  entry: StaffStandbyEntry;
  place: number;
  actions: EntryActions;
}) {
  const headingId = `standby-entry-${entry.id}`;
  const waiting = entry.status === 'WAITING';
  return (
    <li aria-labelledby={headingId} className="card space-y-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="min-w-0 text-xl font-semibold break-words text-green-900">
          <span className="text-ink-soft">{place}.</span> {entry.name}
        </h3>
        <span className="text-sm font-semibold text-ink-soft uppercase">
          {STANDBY_STATUS_LABELS[entry.status]}
          {entry.bookingReference ? ` · ${entry.bookingReference}` : ''}
        </span>
      </div>
      <p className="text-lg">{entrySummary(entry)}</p>
      <p className="text-sm break-words text-ink-soft">
        {[entry.phone, entry.email].filter(Boolean).join(' · ')}
        {entry.source === 'staff' ? ' · taken by phone' : ''} · joined {clockTime(entry.joinedAt)}
      </p>
      {entry.offers.length > 0 ? (
        <ul aria-label={`Offers to ${entry.name}`} className="space-y-1 text-sm">
          {entry.offers.map((offer) => (
            <li key={offer.id} className="rounded bg-cream-100 px-2 py-1">
              {offerText(offer)}
            </li>
          ))}
        </ul>
      ) : null}
      {waiting ? (
        <div className="grid grid-cols-3 gap-2 pt-1">
          <button
            type="button"
            className={mainAction}
            aria-label={`Offer a time to ${entry.name}`}
            onClick={() => actions.onOffer(entry)}
          >
            Offer a time
          </button>
          <button
            type="button"
            className={plainAction}
            aria-label={`Book ${entry.name}`}
            onClick={() => actions.onBook(entry)}
          >
            Book
          </button>
          <button
            type="button"
            className={plainAction}
            aria-label={`Remove ${entry.name}`}
            onClick={() => actions.onRemove(entry)}
          >
            Remove
          </button>
        </div>
      ) : null}
    </li>
  );
}
