import { useId, useState } from 'react';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { StandbyEntryView } from '#shared/standby/api.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { STANDBY_STATUS_LABELS } from '#shared/standby/status.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { failureText } from '#web/lib/api.ts';
import { useAnnouncement } from '../manage/announcement.tsx';
import { DetailList } from '../manage/detail-list.tsx';
import * as api from './api.ts';
import { StandbyNote } from './standby-page.tsx';
import { STANDBY_WORDS, windowText } from './standby-words.ts';

/** What the guest's place is now, under its details. */
function statusNote(entry: StandbyEntryView): string {
  if (entry.status === 'BOOKED') return STANDBY_WORDS.entryBooked;
  if (entry.status === 'REMOVED') return STANDBY_MESSAGES.removed;
  return STANDBY_MESSAGES.notABooking;
}

/**
 * The guest's place on the standby list (/standby/:token): the date, the window, the party and where it stands,
 * said not to be a booking; while waiting, they may leave the list, asked first.
 */
export function StandbyEntry({ token, initial }: { token: string; initial: StandbyEntryView }) {
  const titleId = useId();
  const [entry, setEntry] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const announcement = useAnnouncement();

  async function leave() {
    setSending(true);
    try {
      setEntry(await api.leaveStandby(token));
      announcement.announce({ tone: 'success', text: STANDBY_MESSAGES.removed });
    } catch (failure) {
      announcement.announce({ tone: 'error', text: failureText(failure, STANDBY_WORDS.failure) });
    }
    setAsking(false);
    setSending(false);
  }

  return (
    <div className="space-y-6">
      {announcement.view}
      <DetailList
        stacked={false}
        rows={[
          ['Reference', entry.reference],
          ['Date', formatLongDate(entry.date)],
          [
            'Times',
            `${windowText(entry.windowStart, entry.windowEnd)} (${serviceLabel(entry.service, entry.date)})`,
          ],
          ['Party', plural(entry.partySize, 'guest', 'guests')],
          ['Name', entry.name],
          ['Status', STANDBY_STATUS_LABELS[entry.status]],
        ]}
      />
      {announcement.notice?.tone === 'success' ? null : <StandbyNote>{statusNote(entry)}</StandbyNote>}
      {entry.status === 'WAITING' ? (
        <button type="button" className="btn-outline w-full sm:w-auto" onClick={() => setAsking(true)}>
          {STANDBY_WORDS.leave}
        </button>
      ) : null}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        labelledBy={titleId}
        className="w-full max-w-md rounded-2xl bg-cream-50 p-6 shadow-2xl"
      >
        <h2 id={titleId} className="font-serif text-2xl">
          {STANDBY_WORDS.leaveQuestion}
        </h2>
        <p className="mt-3">{STANDBY_WORDS.leaveDetail}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn min-h-12 bg-burgundy-700 text-cream-50 hover:bg-burgundy-800"
            onClick={leave}
            disabled={sending}
          >
            {sending ? STANDBY_WORDS.leaving : STANDBY_WORDS.leave}
          </button>
          <button type="button" className="btn-outline min-h-12" onClick={() => setAsking(false)}>
            {STANDBY_WORDS.stay}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
