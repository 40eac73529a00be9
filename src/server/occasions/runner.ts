import type { FastifyInstance } from 'fastify';
import { type PeriodicTask, periodicTask } from '../lib/periodic-task.ts';
import { lockDueOrders } from './deadline.ts';
import { sendPreOrderReminders } from './pre-order-reminders.ts';

export interface PreOrderPass {
  /** Parties whose deadline passed: given their defaults and locked. */
  locked: number;
  /** Reminders queued to organisers and diners. */
  reminded: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The group pre-orders' pass: deadlines applied, reminders sent (issue 30). */
    preOrders: PeriodicTask<PreOrderPass>;
  }
}

/** A deadline falls at a minute's end: a pass a minute locks each party within a minute of it. */
const PASS_INTERVAL_MS = 60_000;

/**
 * The pre-orders' pass: one when the app is ready, then every minute, one at a time in this process; other
 * processes run their own, and each party's compare-and-set keeps them apart. Deadlines first, so a party
 * locked in this pass is not reminded of a deadline gone.
 */
export async function registerPreOrders(app: FastifyInstance): Promise<void> {
  async function pass(): Promise<PreOrderPass> {
    const options = {
      db: app.db,
      now: app.clock(),
      content: await app.content.current(),
      publicUrl: app.config.publicUrl,
      log: app.log,
    };
    const locked = await lockDueOrders(options);
    const reminded = await sendPreOrderReminders(options);
    if (reminded > 0) app.mail.nudge();
    return { locked, reminded };
  }

  app.decorate(
    'preOrders',
    periodicTask(app, {
      intervalMs: PASS_INTERVAL_MS,
      run: pass,
      failed: { locked: 0, reminded: 0 },
      failureMessage: 'pre-orders pass failed; tried again at the next pass',
    }),
  );
}
