import { useCallback } from 'react';
import { useLoaded } from '#web/components/load-state.tsx';
import { Notice } from '../staff/notice.tsx';
import * as api from './api.ts';
import { AuditEntryItem } from './audit-entry.tsx';

/**
 * A table booking's history from the audit trail, newest first: who made it and each change since. Give it a key
 * that changes with the booking's `updatedAt`, so a change staff just saved shows at once.
 */
export function BookingHistory({ bookingId }: { bookingId: string }) {
  const history = useCallback(async () => ({ entries: await api.bookingHistory(bookingId) }), [bookingId]);
  const { load: state } = useLoaded(history, 'The history could not be loaded.');

  return (
    <section aria-labelledby="booking-history-title">
      <h3 id="booking-history-title" className="font-serif text-xl text-green-900">
        History
      </h3>
      {state.status === 'loading' ? <p className="mt-2 text-sm text-ink-soft">Loading the history…</p> : null}
      {state.status === 'failed' ? (
        <div className="mt-2">
          <Notice tone="error">{state.error}</Notice>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        state.entries.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">Nothing recorded yet.</p>
        ) : (
          <ol className="mt-1 divide-y divide-cream-200">
            {state.entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
