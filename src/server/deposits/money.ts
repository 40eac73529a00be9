import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { paymentActions } from '#shared/deposits/payment.ts';
import type { StaffPayment } from '#shared/deposits/payment-schemas.ts';
import { type CancelEffect, cancelEffect } from '#shared/deposits/terms.ts';
import { formatMoney } from '#shared/money/money.ts';
import { type Actor, actorName } from '../audit/trail.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { DepositDeps } from './deps.ts';
import {
  type BookingRow,
  bookingOfPayment,
  type PaymentRow,
  paymentOfBooking,
  toStaffPayment,
  toStaffPaymentFacts,
} from './rows.ts';
import { moneyStep } from './steps.ts';

type Notes = { feeKey?: string; feeAttempts?: number; lapsed?: string };

export function notesOf(row: PaymentRow): Notes {
  return (row.notes ?? {}) as Notes;
}

/** The payment of a booking, locked in `tx`, with the booking; a booking without one is refused. */
export async function lockedPayment(tx: Database, bookingId: string) {
  const payment = await paymentOfBooking(tx, bookingId, true);
  if (!payment) throw notFound(DEPOSIT_MESSAGES.noPayment);
  return { payment, booking: await bookingOfPayment(tx, payment) };
}

export function actionsOf(payment: PaymentRow, booking: BookingRow) {
  return paymentActions(toStaffPayment(payment), {
    status: booking.status,
    noShow: booking.noShowAt !== null,
  });
}

/**
 * In `tx`: a paid deposit decided on, with the reason: kept (by staff, or by the terms after a late
 * cancellation), or owed back in full, the refund itself made after the commit (`refundOwed`).
 */
export function decideDeposit(
  tx: Database,
  { payment, booking }: { payment: PaymentRow; booking: BookingRow },
  decision: 'kept' | 'refund-owed',
  { reason, actor, now }: { reason: string; actor: Actor; now: Date },
): Promise<PaymentRow> {
  const deposit = `deposit of ${formatMoney(payment.paidPence)}`;
  const kept = decision === 'kept';
  return moneyStep(
    tx,
    payment,
    booking,
    kept
      ? { keptReason: reason, keptBy: actorName(actor) }
      : { refundState: 'owed', refundPence: payment.paidPence },
    {
      actor,
      type: `deposit.${decision}`,
      summary: kept ? `${deposit} kept: ${reason}` : `${deposit} to be refunded: ${reason}`,
      now,
    },
  );
}

/** Staff keep a deposit (e.g. after a no-show), with a reason. */
export async function keepDeposit(
  deps: DepositDeps,
  bookingId: string,
  reason: string,
  actor: Actor,
): Promise<StaffPayment> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockedPayment(tx, bookingId);
    if (!actionsOf(locked.payment, locked.booking).keep) throw conflict(DEPOSIT_MESSAGES.notKeepable);
    return toStaffPayment(await decideDeposit(tx, locked, 'kept', { reason, actor, now: deps.now }));
  });
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
    await decideDeposit(tx, { payment, booking }, 'refund-owed', {
      reason: 'cancelled inside the free cancellation window',
      actor,
      now,
    });
  } else if (effect === 'keep') {
    await decideDeposit(tx, { payment, booking }, 'kept', {
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
