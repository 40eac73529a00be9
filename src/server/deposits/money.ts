import { and, eq, lt, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { paymentActions } from '#shared/deposits/payment.ts';
import type { NoShowFee, StaffPayment } from '#shared/deposits/payment-schemas.ts';
import { type CancelEffect, cancelEffect } from '#shared/deposits/terms.ts';
import { formatMoney } from '#shared/money/money.ts';
import { type Actor, actorName, SYSTEM } from '../audit/trail.ts';
import { toStoredBooking } from '../booking/service.ts';
import { conflict, DomainError, invalidFields, notFound } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { DepositDeps } from './deps.ts';
import { depositRefundedEmail, noShowFeeReceiptEmail, topUpRefundedEmail } from './emails.ts';
import {
  type BookingRow,
  bookingOfPayment,
  type PaymentRow,
  paymentOfBooking,
  termsOf,
  toStaffPayment,
  toStaffPaymentFacts,
} from './rows.ts';
import { guardedMoneyStep, moneyStep } from './steps.ts';

/** A fee still `charging` this long after it began had no answer from Stripe: the runner asks again. */
const FEE_ANSWER_WAIT_MS = 60_000;

type Notes = { feeKey?: string; feeAttempts?: number; lapsed?: string };

function notesOf(row: PaymentRow): Notes {
  return (row.notes ?? {}) as Notes;
}

/** In `tx`: the deposit is kept, with the reason (staff's, or the terms' after a late cancellation). */
function keepIn(
  tx: Database,
  payment: PaymentRow,
  booking: BookingRow,
  { reason, actor, now }: { reason: string; actor: Actor; now: Date },
): Promise<PaymentRow> {
  return moneyStep(
    tx,
    payment,
    booking,
    { keptReason: reason, keptBy: actorName(actor) },
    {
      actor,
      type: 'deposit.kept',
      summary: `deposit of ${formatMoney(payment.paidPence)} kept: ${reason}`,
      now,
    },
  );
}

/** The payment of a booking, locked in `tx`, with the booking; a booking without one is refused. */
async function lockedPayment(tx: Database, bookingId: string) {
  const payment = await paymentOfBooking(tx, bookingId, true);
  if (!payment) throw notFound(DEPOSIT_MESSAGES.noPayment);
  return { payment, booking: await bookingOfPayment(tx, payment) };
}

function actionsOf(payment: PaymentRow, booking: BookingRow) {
  return paymentActions(toStaffPayment(payment), {
    status: booking.status,
    noShow: booking.noShowAt !== null,
  });
}

/** In `tx`: the whole deposit is owed back; the refund itself is made after the commit (`refundOwed`). */
export async function markRefundOwed(
  tx: Database,
  payment: PaymentRow,
  booking: BookingRow,
  { actor, reason, now }: { actor: Actor; reason: string; now: Date },
): Promise<PaymentRow> {
  return moneyStep(
    tx,
    payment,
    booking,
    { refundState: 'owed', refundPence: payment.paidPence },
    {
      actor,
      type: 'deposit.refund-owed',
      summary: `deposit of ${formatMoney(payment.paidPence)} to be refunded: ${reason}`,
      now,
    },
  );
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
  const recorded = await deps.db.transaction(async (tx) => {
    const booking = await bookingOfPayment(tx, payment);
    const row = await guardedMoneyStep(
      tx,
      payment,
      booking,
      {
        refundState: 'refunded',
        refundId: refund.id,
        ...(topUpRefund ? { topUpRefundId: topUpRefund.id } : {}),
      },
      {
        actor: SYSTEM,
        type: 'deposit.refunded',
        summary: `deposit of ${formatMoney(payment.refundPence ?? 0)} refunded (${refund.id})`,
        now: deps.now,
      },
      eq(bookingPayments.refundState, 'owed'),
    );
    if (!row) return undefined;
    if (booking.email) {
      await enqueueMail(tx, { kind: 'deposit-refund', reference: booking.reference, now: deps.now }, [
        depositRefundedEmail(toStoredBooking(booking), row.refundPence ?? 0, deps.content.venue),
      ]);
    }
    return row;
  });
  if (recorded) {
    deps.log.info({ pid: recorded.pid, refundId: refund.id }, 'deposit refunded');
    deps.mail.nudge();
  }
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
  const recorded = await deps.db.transaction(async (tx) => {
    const booking = await bookingOfPayment(tx, payment);
    const row = await guardedMoneyStep(
      tx,
      payment,
      booking,
      { topUpState: 'refunded', topUpRefundId: refund.id },
      {
        actor: SYSTEM,
        type: 'deposit.refunded',
        summary: `the change's deposit difference of ${formatMoney(pence)} refunded (${refund.id})`,
        now: deps.now,
      },
      eq(bookingPayments.topUpState, 'refund-owed'),
    );
    if (row && booking.email) {
      await enqueueMail(tx, { kind: 'deposit-refund', reference: booking.reference, now: deps.now }, [
        topUpRefundedEmail(toStoredBooking(booking), pence, deps.content.venue),
      ]);
    }
    return row;
  });
  if (recorded) deps.mail.nudge();
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
    const { payment, booking } = await lockedPayment(tx, bookingId);
    if (!actionsOf(payment, booking).refund) throw conflict(DEPOSIT_MESSAGES.notRefundable);
    return markRefundOwed(tx, payment, booking, {
      actor,
      reason: `${reason} (${actorName(actor)})`,
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

/** Staff keep a deposit (e.g. after a no-show), with a reason. */
export async function keepDeposit(
  deps: DepositDeps,
  bookingId: string,
  reason: string,
  actor: Actor,
): Promise<StaffPayment> {
  return deps.db.transaction(async (tx) => {
    const { payment, booking } = await lockedPayment(tx, bookingId);
    if (!actionsOf(payment, booking).keep) throw conflict(DEPOSIT_MESSAGES.notKeepable);
    return toStaffPayment(await keepIn(tx, payment, booking, { reason, actor, now: deps.now }));
  });
}

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
  charge:
    | { kind: 'succeeded'; paymentIntentId: string }
    | { kind: 'declined'; paymentIntentId: string | null; message: string },
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

/** What a guest's cancellation at `now` does to this payment's money (none without one). */
export function cancelEffectOf(payment: PaymentRow | undefined, now: Date): CancelEffect {
  return payment ? cancelEffect(toStaffPaymentFacts(payment), now) : 'none';
}

/**
 * In the guest's cancellation transaction: inside the window the deposit is owed back (refunded after the
 * commit) or the card released; after it the deposit is kept by the terms, or the card stays held for a fee
 * staff may charge. An unpaid hold simply lapses.
 */
export async function settleGuestCancellation(
  tx: Database,
  booking: BookingRow,
  { now, actor }: { now: Date; actor: Actor },
): Promise<CancelEffect> {
  const payment = await paymentOfBooking(tx, booking.id, true);
  const effect = cancelEffectOf(payment, now);
  if (!payment) return effect;
  if (payment.state === 'awaiting') {
    await tx
      .update(bookingPayments)
      .set({
        state: 'lapsed',
        holdUntil: null,
        notes: { ...notesOf(payment), lapsed: 'cancelled' },
        updatedAt: now,
      })
      .where(eq(bookingPayments.id, payment.id));
    return effect;
  }
  if (effect === 'refund') {
    await markRefundOwed(tx, payment, booking, {
      actor,
      reason: 'cancelled inside the free cancellation window',
      now,
    });
  } else if (effect === 'keep') {
    await keepIn(tx, payment, booking, {
      reason: 'Cancelled after the free cancellation window',
      actor,
      now,
    });
  } else if (effect === 'release') {
    await moneyStep(
      tx,
      payment,
      booking,
      { releasedAt: now },
      {
        actor,
        type: 'deposit.released',
        summary: 'card guarantee released: cancelled inside the free cancellation window',
        now,
      },
    );
  }
  return effect;
}
