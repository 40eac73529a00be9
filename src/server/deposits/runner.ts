import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookingPayments } from '#db/schema.ts';
import { type PeriodicTask, periodicTask } from '../lib/periodic-task.ts';
import { eraseStripeCustomers } from '../privacy/booking-payments.ts';
import { releaseUnpaid } from './checkout.ts';
import { type DepositDeps, depositDeps } from './deps.ts';
import { settleUnansweredFees } from './no-show-fee.ts';
import { makeOwedRefunds } from './refunds.ts';

export interface DepositPass {
  released: number;
  refunded: number;
  feesSettled: number;
  customersErased: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The deposits' pass: unpaid holds released, owed refunds made, unanswered fees asked again, erased guests'
     * Customers deleted at Stripe.
     */
    deposits: PeriodicTask<DepositPass>;
  }
}

/** Holds lapse by the minute: a pass a minute frees an abandoned booking's places within a minute of its time. */
const PASS_INTERVAL_MS = 60_000;

/** Releases every hold whose time is up, and ends its Checkout Session so it can no longer be paid. */
async function releaseLapsedHolds(deps: DepositDeps): Promise<number> {
  const lapsed = await deps.db
    .select({ pid: bookingPayments.pid, sessionId: bookingPayments.stripeSessionId })
    .from(bookingPayments)
    .where(and(eq(bookingPayments.state, 'awaiting'), lte(bookingPayments.holdUntil, deps.now)));
  let released = 0;
  for (const { pid, sessionId } of lapsed) {
    if (await releaseUnpaid(deps, pid, 'expired')) released++;
    if (sessionId && deps.payments) {
      // Best effort: a payment that still gets through is confirmed if the places are still free, else refunded.
      await deps.payments
        .expireCheckoutSession(sessionId)
        .catch((error: unknown) => deps.log.warn({ err: error, pid }, 'lapsed deposit checkout not expired'));
    }
  }
  return released;
}

export async function depositPass(deps: DepositDeps): Promise<DepositPass> {
  return {
    released: await releaseLapsedHolds(deps),
    refunded: await makeOwedRefunds(deps),
    feesSettled: await settleUnansweredFees(deps),
    customersErased: await eraseStripeCustomers(deps),
  };
}

export async function registerDeposits(app: FastifyInstance): Promise<void> {
  app.decorate(
    'deposits',
    periodicTask(app, {
      intervalMs: PASS_INTERVAL_MS,
      run: async () => depositPass(await depositDeps(app)),
      failed: { released: 0, refunded: 0, feesSettled: 0, customersErased: 0 },
      failureMessage: 'deposits pass failed; tried again at the next pass',
    }),
  );
}
