import type { QueueParty } from '#shared/queue/api.ts';
import { ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as queueApi from './queue-api.ts';
import { QUEUE_WORDS } from './queue-words.ts';

/**
 * Asks before seating a party; in tables mode the server's assignment picks the table. A refusal (no place
 * for them, 409) stays in the dialog in the server's words.
 */
export function SeatQuestion({
  party,
  mode,
  onSeated,
}: {
  party: QueueParty;
  mode: 'covers' | 'tables';
  onSeated: (party: QueueParty) => void;
}) {
  const question = useSiteForm<Record<string, never>>({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => onSeated(await queueApi.seatParty(party.id)),
    failure: QUEUE_WORDS.seatFailure,
  });
  return (
    <ConfirmForm
      form={question}
      title={QUEUE_WORDS.seatQuestion(party)}
      confirmLabel="Seat now"
      busyLabel="Seating…"
      keepLabel="Not yet"
    >
      <p className="mt-2 text-ink-soft">
        {mode === 'tables' ? QUEUE_WORDS.seatTables : QUEUE_WORDS.seatCovers}
      </p>
    </ConfirmForm>
  );
}

/** Asks before taking a party off the queue. */
export function RemoveQuestion({
  party,
  onRemoved,
}: {
  party: QueueParty;
  onRemoved: (party: QueueParty) => void;
}) {
  const question = useSiteForm<Record<string, never>>({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => onRemoved(await queueApi.removeParty(party.id)),
    failure: QUEUE_WORDS.removeFailure,
  });
  return (
    <ConfirmForm
      form={question}
      title={QUEUE_WORDS.removeQuestion(party)}
      confirmLabel="Remove"
      busyLabel="Removing…"
      keepLabel="Keep in queue"
      tone="danger"
    >
      <p className="mt-2 text-ink-soft">{QUEUE_WORDS.removeNote}</p>
    </ConfirmForm>
  );
}
