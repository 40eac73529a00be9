import { eq, or, type SQL } from 'drizzle-orm';
import { bookingPayments } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { StaffPayment } from '#shared/deposits/payment-schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { type Actor, actorName, SYSTEM } from '../audit/trail.ts';
import { toStoredBooking } from '../booking/service.ts';
import { conflict, DomainError } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { DepositDeps } from './deps.ts';
import { type GuestRefund, refundedEmail } from './emails.ts';
import { actionsOf, decideDeposit, lockedPayment } from './money.ts';
import { bookingOfPayment, type PaymentRow, toStaffPayment } from './rows.ts';
import { guardedMoneyStep, type PaymentChanges } from './steps.ts';

/**
 * Records a refund Stripe has made if `stillOwed` still holds (a compare-and-set), with its step in the trail and
 * the guest's letter; answers the recorded row, or undefined when another run recorded it first.
 */
async function recordRefund(
  deps: DepositDeps,
  payment: PaymentRow,
  step: {
    changes: PaymentChanges;
    summary: string;
    stillOwed: SQL;
    refunded: (row: PaymentRow) => GuestRefund;
  },
): Promise<PaymentRow | undefined> {
  const recorded = await deps.db.transaction(async (tx) => {
    const booking = await bookingOfPayment(tx, payment);
    const row = await guardedMoneyStep(
      tx,
      payment,
      booking,
      step.changes,
      { actor: SYSTEM, type: 'deposit.refunded', summary: step.summary, now: deps.now },
      step.stillOwed,
    );
    if (row && booking.email) {
      await enqueueMail(tx, { kind: 'deposit-refund', reference: booking.reference, now: deps.now }, [
        refundedEmail(toStoredBooking(booking), step.refunded(row), deps.content.venue),
      ]);
    }
    return row;
  });
  if (recorded) deps.mail.nudge();
  return recorded;
}

/**
 * Makes an owed refund. The key `deposit-refund-<id>` makes Stripe refund once however often this runs;
 * recording it is a compare-and-set, so of two runs at once one records it, writes to the guest and audits it.
 * Throws if Stripe cannot be reached: the refund stays owed and the runner tries again.
 */
export async function refundOwed(deps: DepositDeps, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await deps.db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId));
  if (payment?.refundState !== 'owed') return payment;
  if (!deps.payments || !payment.paymentIntentId) {
    deps.log.error({ pid: payment.pid }, 'deposit refund owed but cannot be made here: refund it by hand');
    return payment;
  }
  const refund = await deps.payments.refund(payment.paymentIntentId, `deposit-refund-${payment.id}`);
  // A change's difference was paid on its own payment: refunded with the deposit, under its own key.
  const topUpRefund =
    payment.topUpState === 'paid' && payment.topUpIntentId
      ? await deps.payments.refund(payment.topUpIntentId, `deposit-refund-${payment.id}-top-up`)
      : null;
  const recorded = await recordRefund(deps, payment, {
    changes: {
      refundState: 'refunded',
      refundId: refund.id,
      ...(topUpRefund ? { topUpRefundId: topUpRefund.id } : {}),
    },
    summary: `deposit of ${formatMoney(payment.refundPence ?? 0)} refunded (${refund.id})`,
    stillOwed: eq(bookingPayments.refundState, 'owed'),
    refunded: (row) => ({ of: 'deposit', pence: row.refundPence ?? 0 }),
  });
  if (recorded) deps.log.info({ pid: recorded.pid, refundId: refund.id }, 'deposit refunded');
  return recorded ?? payment;
}

/** Every refund still owed, tried again (the runner's pass); answers how many were made. */
export async function makeOwedRefunds(deps: DepositDeps): Promise<number> {
  const owed = await deps.db
    .select({ id: bookingPayments.id, pid: bookingPayments.pid, topUpState: bookingPayments.topUpState })
    .from(bookingPayments)
    .where(or(eq(bookingPayments.refundState, 'owed'), eq(bookingPayments.topUpState, 'refund-owed')));
  let made = 0;
  for (const { id, pid, topUpState } of owed) {
    try {
      const done =
        topUpState === 'refund-owed'
          ? (await refundTopUp(deps, id))?.topUpState === 'refunded'
          : (await refundOwed(deps, id))?.refundState === 'refunded';
      if (done) made++;
    } catch (error) {
      deps.log.warn({ err: error, pid }, 'deposit refund failed; tried again at the next pass');
    }
  }
  return made;
}

/**
 * Gives back a change's difference that arrived after the change's places went (once, by its key), and tells
 * the guest their booking stays as it was.
 */
async function refundTopUp(deps: DepositDeps, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await deps.db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId));
  if (payment?.topUpState !== 'refund-owed' || !payment.topUpIntentId || !deps.payments) return payment;
  const refund = await deps.payments.refund(
    payment.topUpIntentId,
    `deposit-top-up-refund-${payment.topUpPid}`,
  );
  const pence = payment.topUpPence ?? 0;
  const recorded = await recordRefund(deps, payment, {
    changes: { topUpState: 'refunded', topUpRefundId: refund.id },
    summary: `the change's deposit difference of ${formatMoney(pence)} refunded (${refund.id})`,
    stillOwed: eq(bookingPayments.topUpState, 'refund-owed'),
    refunded: () => ({ of: 'change', pence }),
  });
  return recorded ?? payment;
}

/** Staff refund a deposit in full, with a reason; if Stripe fails the refund stays owed and is retried. */
export async function refundDeposit(
  deps: DepositDeps,
  bookingId: string,
  reason: string,
  actor: Actor,
): Promise<StaffPayment> {
  const owed = await deps.db.transaction(async (tx) => {
    const locked = await lockedPayment(tx, bookingId);
    if (!actionsOf(locked.payment, locked.booking).refund) throw conflict(DEPOSIT_MESSAGES.notRefundable);
    return decideDeposit(tx, locked, 'refund-owed', {
      reason: `${reason} (${actorName(actor)})`,
      actor,
      now: deps.now,
    });
  });
  try {
    return toStaffPayment((await refundOwed(deps, owed.id)) ?? owed);
  } catch (error) {
    deps.log.error({ err: error, pid: owed.pid }, 'deposit refund failed; it stays owed and is retried');
    throw new DomainError('provider-failed', DEPOSIT_MESSAGES.refundProvider);
  }
}
