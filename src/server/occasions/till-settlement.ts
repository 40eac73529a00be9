import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings } from '#db/schema.ts';
import type { AuditType } from '#shared/audit/types.ts';
import { takenByStaff } from '#shared/money/taken-by-staff.ts';
import {
  TILL_SETTLEMENT_MESSAGES,
  type TillOutcome,
  tillRefundPence,
  tillSettledText,
} from '#shared/money/till-settlement.ts';
import type { StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import { bookingNotFound, conflict } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { toDiner } from './admin.ts';
import { toStaffOccasionBooking } from './booking.ts';
import type { OccasionBookingRow } from './organiser-links.ts';
import { dinersOf } from './pre-orders.ts';
import { isOccasionRow } from './rows.ts';

/**
 * Which bookings a settlement may touch, and how the trail names it: Christmas Day's rows or the occasions'
 * (decision 049 keeps both in `occasion_bookings`; decision 051 settles both here).
 */
export interface TillSettlementScope {
  rows: SQL;
  auditType: Extract<AuditType, 'christmas.till-settled' | 'occasion.till-settled'>;
  subjectType: 'christmas-booking' | 'occasion-booking';
}

/**
 * Records what became of a cancelled booking's money staff took: given back at the till (the whole of it) or
 * kept, once. The row is locked and written only while nothing is recorded (compare-and-set), so two staff
 * pressing at once record it once; the trail says it in the same transaction. Answers the row as settled.
 */
export async function settleAtTill(
  db: Database,
  booking: { id: string; scope: TillSettlementScope },
  outcome: TillOutcome,
  { actor, now }: { actor: Actor; now: Date },
): Promise<OccasionBookingRow> {
  const { id, scope } = booking;
  if (!isUuid(id)) throw bookingNotFound();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(occasionBookings)
      .where(and(scope.rows, eq(occasionBookings.id, id)))
      .for('update');
    if (!current) throw bookingNotFound();
    if (current.status !== 'CANCELLED') throw conflict(TILL_SETTLEMENT_MESSAGES.notCancelled);
    if (!takenByStaff(current.source, current.paidPence)) {
      throw conflict(TILL_SETTLEMENT_MESSAGES.notPaidToStaff);
    }
    const refundPence = tillRefundPence(outcome, current.paidPence);
    const [settled] = await tx
      .update(occasionBookings)
      .set({ tillRefundPence: refundPence, changedBy: actorName(actor), updatedAt: now })
      .where(and(eq(occasionBookings.id, id), isNull(occasionBookings.tillRefundPence)))
      .returning();
    if (!settled) throw conflict(TILL_SETTLEMENT_MESSAGES.alreadySettled);
    await recordAudit(
      tx,
      {
        actor,
        type: scope.auditType,
        subject: { type: scope.subjectType, id },
        summary: `${settled.reference}: ${tillSettledText(settled.paidPence, refundPence)}`,
        changes: { tillRefundPence: { before: null, after: refundPence } },
      },
      now,
    );
    return settled;
  });
}

const OCCASION_BOOKINGS: TillSettlementScope = {
  rows: isOccasionRow,
  auditType: 'occasion.till-settled',
  subjectType: 'occasion-booking',
};

/**
 * An occasion booking's deposit or price staff took, settled at the till, answered as staff list it. Recorded
 * whatever the content says: an occasion since removed took its menu with it, so its dishes add nothing.
 */
export async function settleOccasionPaymentAtTill(
  { db, occasions }: { db: Database; occasions: readonly Occasion[] },
  id: string,
  outcome: TillOutcome,
  stamp: { actor: Actor; now: Date },
): Promise<StaffOccasionBooking> {
  const settled = await settleAtTill(db, { id, scope: OCCASION_BOOKINGS }, outcome, stamp);
  const occasion = occasions.find((candidate) => candidate.slug === settled.occasionSlug);
  const diners = await dinersOf(db, settled.id);
  return toStaffOccasionBooking(occasion ?? { courses: [] }, settled, diners.map(toDiner));
}
