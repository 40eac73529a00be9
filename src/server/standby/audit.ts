import type { Database } from '#db/client.ts';
import type { AuditType } from '#shared/audit/types.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime, formatTimeRange } from '#shared/time/london-time.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import { entryPartySize, type StandbyEntryRow } from './rows.ts';

/** "SB-ABC234, 2 guests, Saturday 5 December 2026, 7pm–8:30pm": the entry as the trail names it. */
function describe(entry: StandbyEntryRow): string {
  return (
    `${entry.reference}, ${plural(entryPartySize(entry), 'guest', 'guests')}, ` +
    `${formatLongDate(entry.date)}, ${formatTimeRange(entry.windowStart, entry.windowEnd)}`
  );
}

/** One entry of the trail about a standby entry; `what` says what happened, at which time if an offer's. */
export async function recordStandby(
  tx: Database,
  entry: StandbyEntryRow,
  change: { actor: Actor; type: AuditType; timeSlot?: string; booking?: string },
  now: Date,
): Promise<void> {
  const details = [
    change.timeSlot ? `at ${formatTime(change.timeSlot)}` : null,
    change.booking ? `booking ${change.booking}` : null,
  ].filter(Boolean);
  await recordAudit(
    tx,
    {
      actor: change.actor,
      type: change.type,
      subject: { type: 'standby', id: entry.id },
      summary: details.length > 0 ? `${describe(entry)}: ${details.join(', ')}` : describe(entry),
    },
    now,
  );
}
