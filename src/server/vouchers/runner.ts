import type { FastifyInstance } from 'fastify';
import { type PeriodicTask, periodicTask } from '../lib/periodic-task.ts';
import { deliverDueVouchers, expireVouchers } from './delivery.ts';
import { voucherDeps } from './deps.ts';

export interface VoucherPass {
  /** Voucher e-mails queued on their delivery date. */
  delivered: number;
  /** Vouchers whose unspent balance lapsed with their last day. */
  expired: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The vouchers' pass: each voucher e-mailed on its delivery date, unspent balances expired (issue 33). */
    voucherPass: PeriodicTask<VoucherPass>;
  }
}

/** A delivery date begins at London's midnight: a pass a minute sends the day's vouchers within a minute of it. */
const PASS_INTERVAL_MS = 60_000;

/**
 * The vouchers' pass: one when the app is ready, then every minute, one at a time in this process; other
 * processes run their own, and each voucher's compare-and-set (delivery) or row lock (expiry) keeps them apart.
 */
export async function registerVoucherPass(app: FastifyInstance): Promise<void> {
  app.decorate(
    'voucherPass',
    periodicTask(app, {
      intervalMs: PASS_INTERVAL_MS,
      run: async () => {
        const deps = await voucherDeps(app);
        const delivered = await deliverDueVouchers(deps);
        const expired = await expireVouchers(deps);
        if (delivered > 0) app.mail.nudge();
        return { delivered, expired };
      },
      failed: { delivered: 0, expired: 0 },
      failureMessage: 'vouchers pass failed; tried again at the next pass',
    }),
  );
}
