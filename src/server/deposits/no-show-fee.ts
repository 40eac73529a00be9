import { and, eq, lt } from 'drizzle-orm';
import { bookingPayments } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { NoShowFee, StaffPayment } from '#shared/deposits/payment-schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { type Actor, actorName, SYSTEM } from '../audit/trail.ts';
import { toStoredBooking } from '../booking/service.ts';
import { conflict, DomainError, invalidFields } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { OffSessionCharge } from '../payments/payments.ts';
import type { DepositDeps } from './deps.ts';
import { noShowFeeReceiptEmail } from './emails.ts';
import { actionsOf, lockedPayment, notesOf } from './money.ts';
import { bookingOfPayment, type PaymentRow, termsOf, toStaffPayment } from './rows.ts';
import { guardedMoneyStep, moneyStep } from './steps.ts';

/** A fee still `charging` this long after it began had no answer from Stripe: the runner asks again. */
const FEE_ANSWER_WAIT_MS = 60_000;

/**
 * Charges the no-show fee, a deliberate staff action: the fee is claimed (`charging`, with its Stripe key) in
 * one transaction before Stripe is called, so a second request, at once or later, finds it claimed and is
 * refused; the key makes Stripe charge once even when the runner asks again after no answer. Zero charges
 * nothing and releases the card.
 */
export async function chargeNoShowFee(
  deps: DepositDeps,
  bookingId: string,
  fee: NoShowFee,
  actor: Actor,
): Promise<StaffPayment> {
  const claimed = await deps.db.transaction(async (tx) => {
    const { payment, booking } = await lockedPayment(tx, bookingId);
    if (payment.feeState === 'charging' || payment.feeState === 'charged') {
      throw conflict(DEPOSIT_MESSAGES.feeAlreadyCharged);
    }
    if (!actionsOf(payment, booking).chargeFee) throw conflict(DEPOSIT_MESSAGES.feeNotChargeable);
    const cap = termsOf(payment).amountPence;
    if (fee.amountPence > cap) {
      const message = DEPOSIT_MESSAGES.feeTooHigh(formatMoney(cap));
      throw invalidFields(message, [{ path: 'amountPence', message }]);
    }
    const by = actorName(actor);
    if (fee.amountPence === 0) {
      const row = await moneyStep(
        tx,
        payment,
        booking,
        { feeState: 'not-charged', feePence: 0, feeReason: fee.reason, feeBy: by, releasedAt: deps.now },
        {
          actor,
          type: 'deposit.released',
          summary: `no fee charged, card released: ${fee.reason}`,
          now: deps.now,
        },
      );
      return { row, booking, charge: false };
    }
    const attempts = (notesOf(payment).feeAttempts ?? 0) + 1;
    const row = await moneyStep(
      tx,
      payment,
      booking,
      {
        feeState: 'charging',
        feePence: fee.amountPence,
        feeReason: fee.reason,
        feeBy: by,
        feeFailure: null,
        notes: {
          ...notesOf(payment),
          feeAttempts: attempts,
          feeKey: `no-show-fee-${payment.id}-${attempts}`,
        },
      },
      {
        actor,
        type: 'deposit.fee',
        summary: `no-show fee of ${formatMoney(fee.amountPence)} being charged: ${fee.reason}`,
        now: deps.now,
      },
    );
    return { row, booking, charge: true };
  });
  if (!claimed.charge) return toStaffPayment(claimed.row);
  const settled = await askStripeForFee(deps, claimed.row);
  if (settled.feeState === 'failed') {
    throw new DomainError('invalid', DEPOSIT_MESSAGES.feeFailed(settled.feeFailure ?? 'no reason given'), {
      payment: toStaffPayment(settled),
    });
  }
  if (settled.feeState === 'charging') throw new DomainError('provider-failed', DEPOSIT_MESSAGES.feeProvider);
  return toStaffPayment(settled);
}

/**
 * Charges a claimed fee at Stripe with its key and records the answer (compare-and-set on `charging`); no
 * answer leaves it `charging` for the runner (or the webhook) to settle.
 */
async function askStripeForFee(deps: DepositDeps, payment: PaymentRow): Promise<PaymentRow> {
  const key = notesOf(payment).feeKey;
  if (
    !deps.payments ||
    !payment.customerId ||
    !payment.paymentMethodId ||
    !key ||
    payment.feePence === null
  ) {
    return settleFee(deps, payment.id, {
      kind: 'declined',
      paymentIntentId: null,
      message: 'no card is held for this booking',
    });
  }
  try {
    const charge = await deps.payments.chargeOffSession(
      {
        customerId: payment.customerId,
        paymentMethodId: payment.paymentMethodId,
        amountPence: payment.feePence,
        description: `No-show fee — ${deps.content.venue.name}`,
        pid: payment.pid,
      },
      key,
    );
    return await settleFee(deps, payment.id, charge);
  } catch (error) {
    deps.log.error(
      { err: error, pid: payment.pid },
      'no-show fee: no answer from Stripe; asked again by the runner',
    );
    return payment;
  }
}

/** Records Stripe's answer for a fee being charged, once: the receipt goes with the first record. */
export async function settleFee(
  deps: DepositDeps,
  paymentId: string,
  charge: OffSessionCharge,
): Promise<PaymentRow> {
  const settled = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId));
    if (!current) return undefined;
    const booking = await bookingOfPayment(tx, current);
    const amount = formatMoney(current.feePence ?? 0);
    const row = await guardedMoneyStep(
      tx,
      current,
      booking,
      charge.kind === 'succeeded'
        ? { feeState: 'charged', feeIntentId: charge.paymentIntentId }
        : { feeState: 'failed', feeIntentId: charge.paymentIntentId, feeFailure: charge.message },
      {
        actor: SYSTEM,
        type: 'deposit.fee',
        summary:
          charge.kind === 'succeeded'
            ? `no-show fee of ${amount} charged`
            : `no-show fee of ${amount} declined: ${charge.message}`,
        now: deps.now,
      },
      eq(bookingPayments.feeState, 'charging'),
    );
    if (!row) return undefined;
    if (charge.kind === 'succeeded' && booking.email) {
      await enqueueMail(tx, { kind: 'no-show-fee', reference: booking.reference, now: deps.now }, [
        noShowFeeReceiptEmail(toStoredBooking(booking), row.feePence ?? 0, deps.content.venue),
      ]);
    }
    return row;
  });
  if (settled) {
    deps.mail.nudge();
    return settled;
  }
  const [current] = await deps.db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId));
  return current as PaymentRow;
}

/** Fees left `charging` with no answer: asked again with their own key (the runner's pass). */
export async function settleUnansweredFees(deps: DepositDeps): Promise<number> {
  const waiting = await deps.db
    .select()
    .from(bookingPayments)
    .where(
      and(
        eq(bookingPayments.feeState, 'charging'),
        lt(bookingPayments.updatedAt, new Date(deps.now.getTime() - FEE_ANSWER_WAIT_MS)),
      ),
    );
  let settled = 0;
  for (const payment of waiting) {
    if ((await askStripeForFee(deps, payment)).feeState !== 'charging') settled++;
  }
  return settled;
}
