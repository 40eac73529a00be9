import type { FastifyInstance } from 'fastify';
import { periodicTask } from '../lib/periodic-task.ts';
import { forgetPastQueue } from '../queue/retention.ts';
import { forgetPastStandby } from '../standby/retention.ts';
import { type RetentionOutcome, runRetention } from './retention.ts';

export interface RetentionRunner {
  /**
   * Runs today's retention unless some process already has, after any check under way: answers what it
   * changed, or null when today was already done. Never rejects: a failed run is logged and tried again.
   */
  runDue(): Promise<RetentionOutcome | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionRunner;
  }
}

/** Retention acts once a London day; checking hourly runs it within the hour of midnight, or of a start. */
const CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * The app's retention checks (issue 19): one when the app is ready, then hourly, one at a time in this
 * process. Every process checks; the day's claim in the database lets one of them run it. Stopped on close,
 * after the check under way.
 */
export async function registerRetention(app: FastifyInstance): Promise<void> {
  app.decorate(
    'retention',
    periodicTask(app, {
      intervalMs: CHECK_INTERVAL_MS,
      run: async () => {
        // A standby entry or a queued walk-in is forgotten once its date has passed, whether or not the day's run
        // is due.
        await forgetPastStandby(app.db, app.clock());
        await forgetPastQueue(app.db, app.clock());
        return runRetention(app.db, {
          now: app.clock(),
          retentionMonths: app.config.retentionMonths,
          dataDir: app.config.dataDir,
        });
      },
      failed: null,
      failureMessage: 'retention did not run; tried again at the next check',
    }),
  );
}
