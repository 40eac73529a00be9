import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { bookings, christmasBookings, occasionBookings } from '#db/schema.ts';
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
  table: typeof bookings | typeof christmasBookings | typeof occasionBookings;
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
    const [row] = await tx
      .update(kind.table)
      .set({ comingConfirmedAt: now })
      .where(eq(kind.table.id, current.id))
      .returning();
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
    return row as Row;
  });
}
