import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments } from '#db/schema.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import type { BookingRow, PaymentRow } from './rows.ts';

export type PaymentChanges = Partial<typeof bookingPayments.$inferInsert>;
export type MoneyEntry = {
  actor: Actor;
  type: Parameters<typeof recordAudit>[1]['type'];
  summary: string;
  now: Date;
};

/**
 * One money step in `tx`, only if `onlyIf` still holds of the row (a compare-and-set; always without it): the
 * payment's row changed and the step in the booking's audit trail ("RC-1234: …"), together, so no money moves
 * unrecorded and none is recorded twice. Answers the changed row, or undefined when `onlyIf` no longer held.
 */
export async function guardedMoneyStep(
  tx: Database,
  payment: Pick<PaymentRow, 'id'>,
  booking: BookingRow,
  changes: PaymentChanges,
  entry: MoneyEntry,
  onlyIf?: SQL,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(bookingPayments)
    .set({ ...changes, updatedAt: entry.now })
    .where(and(eq(bookingPayments.id, payment.id), onlyIf))
    .returning();
  if (!row) return undefined;
  await recordAudit(
    tx,
    {
      actor: entry.actor,
      type: entry.type,
      subject: { type: 'booking', id: booking.id },
      summary: `${booking.reference}: ${entry.summary}`,
    },
    entry.now,
  );
  return row;
}

/** `guardedMoneyStep` on a row `tx` holds locked: it always applies. */
export async function moneyStep(
  tx: Database,
  payment: Pick<PaymentRow, 'id'>,
  booking: BookingRow,
  changes: PaymentChanges,
  entry: MoneyEntry,
): Promise<PaymentRow> {
  return (await guardedMoneyStep(tx, payment, booking, changes, entry)) as PaymentRow;
}
