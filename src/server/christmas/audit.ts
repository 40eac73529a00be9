import type { Database } from '#db/client.ts';
import { depositText } from '#shared/christmas/deposit.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { type Actor, changedTrackedFields, recordAudit } from '../audit/trail.ts';
import type { ChristmasBookingRow } from './store.ts';

/** What the trail follows of a Christmas booking; the guest's own words show as changed, never as written. */
const TRACKED_FIELDS = [
  'status',
  'partyAdults',
  'partyChildren',
  'selections',
  'allergies',
  'occasionNotes',
  'specialNotes',
  'totalPence',
] as const;
const PERSONAL_FIELDS = ['allergies', 'occasionNotes', 'specialNotes'] as const;

function subjectOf(row: ChristmasBookingRow) {
  return { type: 'christmas-booking', id: row.id };
}

/** "XMAS-AB12, 4 guests, 12:30 sitting": the booking as the trail names it. */
function describe(row: ChristmasBookingRow): string {
  return `${row.reference}, ${plural(row.partySize, 'guest', 'guests')}, ${row.sittingLabel}`;
}

/** A booking made; one taken by staff records how its deposit was taken, and the pence paid. */
export async function recordChristmasBookingMade(
  tx: Database,
  row: ChristmasBookingRow,
  actor: Actor,
  now: Date,
): Promise<void> {
  const deposit = row.depositMethod
    ? {
        summary: `: ${depositText(row)}`,
        changes: {
          depositMethod: { before: null, after: row.depositMethod },
          depositPaidPence: { before: null, after: row.depositPaidPence },
        },
      }
    : { summary: '', changes: null };
  await recordAudit(
    tx,
    {
      actor,
      type: 'christmas.created',
      subject: subjectOf(row),
      summary: `${describe(row)} (${row.source})${deposit.summary}`,
      changes: deposit.changes,
    },
    now,
  );
}

/** A cancellation, or a change of the order (or a cancelled booking confirmed again). */
export async function recordChristmasBookingChange(
  tx: Database,
  before: ChristmasBookingRow,
  after: ChristmasBookingRow,
  actor: Actor,
  now: Date,
): Promise<void> {
  const changes = changedTrackedFields(before, after, TRACKED_FIELDS, PERSONAL_FIELDS);
  if (Object.keys(changes).length === 0) return;
  const cancelled = after.status === 'CANCELLED' && before.status !== 'CANCELLED';
  const refund =
    cancelled && after.refundPence !== null ? `, ${formatMoney(after.refundPence)} to refund` : '';
  await recordAudit(
    tx,
    {
      actor,
      type: cancelled ? 'christmas.cancelled' : 'christmas.changed',
      subject: subjectOf(after),
      summary: `${describe(after)}: ${cancelled ? `cancelled${refund}` : 'changed'}`,
      changes,
    },
    now,
  );
}

/** The provider has refunded the deposit a cancellation owed. */
export async function recordChristmasRefund(
  tx: Database,
  row: ChristmasBookingRow,
  actor: Actor,
  now: Date,
): Promise<void> {
  await recordAudit(
    tx,
    {
      actor,
      type: 'christmas.refunded',
      subject: subjectOf(row),
      summary: `${describe(row)}: ${formatMoney(row.refundPence ?? 0)} refunded`,
      changes: { refund: { before: 'pending', after: 'refunded' } },
    },
    now,
  );
}
