import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { bookings, occasionBookings } from '#db/schema.ts';
import type { AuditType } from '#shared/audit/types.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { GUEST, recordAudit } from '../audit/trail.ts';
import { conflict } from '../lib/errors.ts';

interface ComingRow {
  id: string;
  reference: string;
  comingConfirmedAt: Date | null;
}

/** A kind of booking as "Yes, we're coming" reads and marks it. */
interface ComingBookings<Row extends ComingRow> {
  /** Where the booking's row is: a Christmas Day booking's is an occasion row (decision 049). */
  table: typeof bookings | typeof occasionBookings;
  /** The guest's own booking, read FOR UPDATE. */
  lockOwn: (tx: Database) => Promise<Row>;
  isCancelled: (row: Row) => boolean;
  hasStarted: (row: Row) => boolean;
  audit: { type: AuditType; subject: string };
}

/**
 * "Yes, we're coming" from the reminder (issue 18): noted once, for staff to see; pressing it again answers the
 * booking as it stands. A cancelled booking, or one that has started, has nothing to confirm.
 */
export async function confirmGuestComing<Row extends ComingRow>(
  db: Database,
  now: Date,
  kind: ComingBookings<Row>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const current = await kind.lockOwn(tx);
    if (kind.isCancelled(current)) throw conflict(MANAGE_MESSAGES.alreadyCancelled);
    if (current.comingConfirmedAt) return current;
    if (kind.hasStarted(current)) throw conflict(COMING_MESSAGES.tooLate);
    await tx.update(kind.table).set({ comingConfirmedAt: now }).where(eq(kind.table.id, current.id));
    await recordAudit(
      tx,
      {
        actor: GUEST,
        type: kind.audit.type,
        subject: { type: kind.audit.subject, id: current.id },
        summary: `${current.reference}: the guest confirmed they are coming`,
      },
      now,
    );
    // As the caller reads its kind (a Christmas booking is not shaped as the occasion row it is stored in).
    return { ...current, comingConfirmedAt: now };
  });
}
