import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments } from '#db/schema.ts';
import type { GuestBookingChange } from '#shared/booking/schemas.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { type DepositTerms, depositTermsForBooking } from '#shared/deposits/rules.ts';
import { topUpPenceFor } from '#shared/deposits/terms.ts';
import { newPid } from './checkout.ts';
import type { BookingRow, PaymentRow } from './rows.ts';

/** A guest's change as it is made: the booking's fields, without the version it was made from. */
export type GuestChangeFields = Omit<GuestBookingChange, 'version'>;

/** What a guest's change asks of the money: nothing more, the difference of the deposit, or a call to the pub. */
export type ChangeMoney =
  | { kind: 'none' }
  | { kind: 'call' }
  | { kind: 'top-up'; payment: PaymentRow; pence: number; terms: DepositTerms };

/** The change waiting for its difference, and the terms it will be made on. */
export interface PendingTopUp {
  change: GuestChangeFields;
  terms: DepositTerms;
}

/**
 * In the change's transaction: a deposit the change makes larger (more guests, a dearer rule) asks for the
 * difference online; a card held or a deposit paid covers a guarantee; a rule that now matches a booking with
 * nothing paid, or a deposit already refunded or kept, is for the pub to settle by phone.
 */
export async function moneyForChange(
  tx: Database,
  current: BookingRow,
  changed: GuestChangeFields & { eventSlug: string | null },
  content: SiteContent,
): Promise<ChangeMoney> {
  const terms = depositTermsForBooking(content['deposit-rules'], changed);
  if (!terms) return { kind: 'none' };
  const [payment] = await tx
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, current.id))
    .for('update');
  if (!payment) return { kind: 'call' };
  if (payment.state === 'waived') return { kind: 'none' };
  if (terms.kind === 'guarantee') {
    return payment.state === 'card-held' || payment.state === 'paid' ? { kind: 'none' } : { kind: 'call' };
  }
  if (payment.state !== 'paid' || payment.refundState !== null || payment.keptReason !== null) {
    return { kind: 'call' };
  }
  if (payment.topUpState === 'paid')
    return terms.amountPence > payment.paidPence ? { kind: 'call' } : { kind: 'none' };
  const pence = topUpPenceFor(terms, { ...payment, refund: payment.refundState });
  return pence > 0 ? { kind: 'top-up', payment, pence, terms } : { kind: 'none' };
}

/** The change waits, with a checkout of its own; a newer change replaces one not yet paid. */
export async function awaitTopUp(
  tx: Database,
  money: Extract<ChangeMoney, { kind: 'top-up' }>,
  change: GuestChangeFields,
  now: Date,
): Promise<PaymentRow> {
  const pending: PendingTopUp = { change, terms: money.terms };
  const [row] = await tx
    .update(bookingPayments)
    .set({
      topUpPid: newPid(),
      topUpState: 'awaiting',
      topUpPence: money.pence,
      topUpChange: pending,
      topUpSessionId: null,
      topUpIntentId: null,
      updatedAt: now,
    })
    .where(eq(bookingPayments.id, money.payment.id))
    .returning();
  return row as PaymentRow;
}
