import type { FastifyInstance } from 'fastify';
import { type PeriodicTask, periodicTask } from '../lib/periodic-task.ts';
import { offerFreedPlaces, type StandbyPass } from './offers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The standby list's pass: lapsed offers closed, freed places offered (issue 31). */
    standby: PeriodicTask<StandbyPass>;
  }
}

/** A claim link lapses at a minute's end: a pass a minute offers its place on within a minute. */
const PASS_INTERVAL_MS = 60_000;
/**
 * How often the bookings' changes are looked at: a cancellation is offered on within seconds, and a burst of
 * changes (a day's closure) costs one pass.
 */
const CHANGES_CHECK_MS = 3_000;

/**
 * The standby list's pass: one when the app is ready, then every minute, one at a time in this process, and
 * soon after the bookings changed (a cancellation frees places). Other processes run their own; each service's
 * seating lock and the one-offer-per-slot index keep them from offering a place twice.
 */
export async function registerStandby(app: FastifyInstance): Promise<void> {
  const task = periodicTask(app, {
    intervalMs: PASS_INTERVAL_MS,
    run: async () => {
      const pass = await offerFreedPlaces({
        db: app.db,
        now: app.clock(),
        content: await app.content.current(),
        publicUrl: app.config.publicUrl,
        log: app.log,
      });
      if (pass.offered > 0) app.mail.nudge();
      return pass;
    },
    failed: { expired: 0, offered: 0 },
    failureMessage: 'standby pass failed; tried again at the next pass',
  });
  app.decorate('standby', task);

  let seen = app.tableChanges.stamp(['bookings']);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      const stamp = app.tableChanges.stamp(['bookings']);
      if (stamp === seen) return;
      seen = stamp;
      void task.runDue();
    }, CHANGES_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
