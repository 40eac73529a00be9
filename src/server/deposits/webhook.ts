import { and, eq, isNull } from 'drizzle-orm';
import { bookingPayments } from '#db/schema.ts';
import type { PaymentEvent } from '../payments/payments.ts';
import { releaseUnpaid } from './checkout.ts';
import { arrivalFromSession, confirmArrivedPayment } from './confirmation.ts';
import type { DepositDeps } from './deps.ts';
import { settleFee } from './no-show-fee.ts';
import { paymentByPid } from './rows.ts';

/** Whether an event is the deposits' (a session or intent made for a booking's deposit or guarantee). */
export function isDepositEvent(event: PaymentEvent): boolean {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return event.session.purpose === 'deposit';
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return event.intent.purpose === 'deposit';
    case 'setup_intent.succeeded':
      return event.card.purpose === 'deposit';
    case 'charge.refunded':
      return true;
    case 'other':
      return false;
  }
}

/**
 * Acts on one verified deposit event. Each step is a compare-and-set on the payment's state, so a redelivered
 * or out-of-order event changes nothing twice: a payment confirms once, an `expired` after the payment changes
 * nothing, a fee is settled once, a refund recorded once.
 */
export async function handleDepositEvent(deps: DepositDeps, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      if (!deps.payments) return;
      const arrival = await arrivalFromSession(deps.payments, event.session);
      if (arrival) await confirmArrivedPayment(deps, arrival);
      return;
    }
    case 'setup_intent.succeeded': {
      const { pid, paymentMethodId, customerId } = event.card;
      if (pid && paymentMethodId) {
        await confirmArrivedPayment(deps, { pid, kind: 'card', paymentMethodId, customerId });
      }
      return;
    }
    case 'checkout.session.async_payment_failed':
      if (event.session.pid) await releaseUnpaid(deps, event.session.pid, 'payment_failed');
      return;
    case 'checkout.session.expired':
      if (event.session.pid) await releaseUnpaid(deps, event.session.pid, 'expired');
      return;
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const payment = event.intent.pid ? await paymentByPid(deps.db, event.intent.pid) : undefined;
      // The deposit's own intent is confirmed through its session; only a fee being charged is settled here.
      if (payment?.feeState !== 'charging') return;
      await settleFee(
        deps,
        payment.id,
        event.type === 'payment_intent.succeeded'
          ? { kind: 'succeeded', paymentIntentId: event.intent.id }
          : {
              kind: 'declined',
              paymentIntentId: event.intent.id,
              message: event.intent.failureMessage ?? 'declined',
            },
      );
      return;
    }
    case 'charge.refunded': {
      const { paymentIntentId, refunded, amountRefunded } = event.refund;
      if (!paymentIntentId || !refunded) return;
      // A deposit refunded from Stripe's dashboard, not by us: recorded, so nobody refunds or keeps it again.
      // One we owed is recorded by our own refund call, with its e-mail and audit entry.
      await deps.db
        .update(bookingPayments)
        .set({ refundState: 'refunded', refundPence: amountRefunded, updatedAt: deps.now })
        .where(
          and(eq(bookingPayments.paymentIntentId, paymentIntentId), isNull(bookingPayments.refundState)),
        );
      return;
    }
    case 'other':
      return;
  }
}
