import type { QueueParty } from '#shared/queue/api.ts';
import { QUEUE_STATUS_LABELS } from '#shared/queue/status.ts';
import { plural } from '#shared/text/plural.ts';
import { estimateText, minutesText, toldText, waitedText } from './queue-words.ts';

const actionButton =
  'flex min-h-14 items-center justify-center rounded-xl border-2 px-2 text-center text-lg leading-tight font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-brass-500 disabled:opacity-60';
const plainAction = `${actionButton} border-cream-300 bg-white text-green-900 hover:border-green-700 hover:bg-cream-100`;
const mainAction = `${actionButton} border-green-800 bg-green-800 text-cream-50 hover:bg-green-900`;

/** What staff can do with a party in the queue. */
export interface PartyActions {
  onNotify: (party: QueueParty) => void;
  onSeat: (party: QueueParty) => void;
  onRemove: (party: QueueParty) => void;
}

/** The party's contact details, as staff would ring or write. */
function Contact({ party }: { party: QueueParty }) {
  const details = [party.phone, party.email].filter(Boolean);
  return details.length > 0 ? (
    <p className="text-sm break-words text-ink-soft">{details.join(' · ')}</p>
  ) : null;
}

/**
 * A party waiting, in its place in the queue: the estimate (or when they were told), how long they have waited,
 * and big buttons for the next step. The buttons wait while one of the party's steps is being sent.
 */
export function QueuePartyCard({
  party,
  place,
  now,
  busy,
  actions,
}: {
  party: QueueParty;
  place: number;
  now: Date;
  busy: boolean;
  actions: PartyActions;
}) {
  const headingId = `queue-party-${party.id}`;
  const told = party.status === 'NOTIFIED' && party.notifiedAt;
  const notifyLabel = busy ? 'Telling…' : 'Table ready';
  return (
    <li aria-labelledby={headingId} className="card space-y-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="min-w-0 text-xl font-semibold break-words text-green-900">
          <span className="text-ink-soft">{place}.</span> {party.name}
        </h2>
        <span className="text-lg font-semibold">{plural(party.partySize, 'guest', 'guests')}</span>
      </div>
      <p className="text-lg">
        {told ? (
          <strong className="rounded bg-brass-300/40 px-1.5 text-green-950">
            {toldText(party.notifiedAt ?? '')}
          </strong>
        ) : (
          <strong className="text-green-900">{estimateText(party)}</strong>
        )}
      </p>
      <p className="text-ink-soft">
        {waitedText(party.addedAt, now)}
        {party.quotedWaitMinutes !== null ? ` · quoted ${minutesText(party.quotedWaitMinutes)}` : ''}
      </p>
      <Contact party={party} />
      {party.notes ? <p className="break-words">{party.notes}</p> : null}
      <div className="grid grid-cols-3 gap-2">
        {told ? (
          <span className="flex min-h-14 items-center justify-center text-center text-sm font-semibold text-green-900">
            {QUEUE_STATUS_LABELS.NOTIFIED}
          </span>
        ) : (
          <button
            type="button"
            className={mainAction}
            disabled={busy}
            aria-label={`${notifyLabel} ${party.name}`}
            onClick={() => actions.onNotify(party)}
          >
            {notifyLabel}
          </button>
        )}
        <button
          type="button"
          className={plainAction}
          disabled={busy}
          aria-label={`Seat ${party.name}`}
          onClick={() => actions.onSeat(party)}
        >
          Seat
        </button>
        <button
          type="button"
          className={plainAction}
          disabled={busy}
          aria-label={`Remove ${party.name}`}
          onClick={() => actions.onRemove(party)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** A party seated or removed tonight, for the collapsed list. */
export function DonePartyRow({ party }: { party: QueueParty }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-cream-200 py-2 last:border-0">
      <span className="min-w-0 break-words">
        <strong>{party.name}</strong>, {plural(party.partySize, 'guest', 'guests')}
      </span>
      <span className="text-sm text-ink-soft">
        {QUEUE_STATUS_LABELS[party.status]}
        {party.bookingReference ? ` · ${party.bookingReference}` : ''}
      </span>
    </li>
  );
}
