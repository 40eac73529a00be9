import type { Database } from '#db/client.ts';
import type { bookings } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { type Actor, changedFields, changedTrackedFields, recordAudit } from '../audit/trail.ts';

type BookingRow = typeof bookings.$inferSelect;

/** What the trail follows of a table booking; the guest's own words show as changed, never as written. */
const TRACKED_FIELDS = [
  'status',
  'date',
  'timeSlot',
  'partyAdults',
  'partyChildren',
  'allergies',
  'specialNotes',
] as const;
const PERSONAL_FIELDS = ['allergies', 'specialNotes'] as const;

function subjectOf(row: BookingRow) {
  return { type: 'booking', id: row.id };
}

/** "RC-ABC234, 4 guests, Tuesday 8 December 2026 at 7pm": the booking as the trail names it. */
function describe(row: BookingRow): string {
  const guests = partySize(row.partyAdults, row.partyChildren);
  return `${row.reference}, ${plural(guests, 'guest', 'guests')}, ${formatLongDate(row.date)} at ${formatTime(row.timeSlot)}`;
}

export async function recordBookingMade(
  tx: Database,
  row: BookingRow,
  actor: Actor,
  now: Date,
): Promise<void> {
  await recordAudit(
    tx,
    { actor, type: 'booking.created', subject: subjectOf(row), summary: `${describe(row)} (${row.source})` },
    now,
  );
}

/**
 * One entry for one change of a booking: a cancellation, a change of status alone, or a change of its details
 * (with the status, if that changed too).
 */
export async function recordBookingChange(
  tx: Database,
  before: BookingRow,
  after: BookingRow,
  actor: Actor,
  now: Date,
  reason?: string,
  /** In tables mode, the tables it held and holds (issue 28). */
  tables?: { before: readonly string[]; after: readonly string[] },
): Promise<void> {
  const changes = {
    ...changedTrackedFields(before, after, TRACKED_FIELDS, PERSONAL_FIELDS),
    ...(tables
      ? changedFields({ tables: tables.before.join(', ') }, { tables: tables.after.join(', ') })
      : {}),
  };
  const fields = Object.keys(changes);
  if (fields.length === 0) return;
  const cancelled = after.status === 'CANCELLED' && before.status !== 'CANCELLED';
  const statusOnly = fields.length === 1 && fields[0] === 'status';
  const type = cancelled ? 'booking.cancelled' : statusOnly ? 'booking.status' : 'booking.changed';
  const what = cancelled
    ? 'cancelled'
    : statusOnly
      ? `${before.status.toLowerCase()} → ${after.status.toLowerCase()}`
      : 'changed';
  const summary = `${describe(after)}: ${what}${reason ? ` (${reason})` : ''}`;
  await recordAudit(tx, { actor, type, subject: subjectOf(after), summary, changes }, now);
}
