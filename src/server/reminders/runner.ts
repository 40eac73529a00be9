import type { FastifyInstance } from 'fastify';
import { periodicTask } from '../lib/periodic-task.ts';
import { sendDueReminders } from './reminders.ts';

export interface ReminderRunner {
  /**
   * Queues every reminder due now, after any pass already under way; resolves with how many it queued.
   * Never rejects: a failed pass is logged and the next one tries again.
   */
  runDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: ReminderRunner;
  }
}

/** Reminders are due by the hour: a pass a minute sends each within a minute of its time. */
const PASS_INTERVAL_MS = 60_000;

/**
 * The app's reminder passes (issue 18): one when the app is ready, then every minute, one at a time in this
 * process; other processes run their own, and each booking's claim keeps them apart. Stopped on close, after
 * the pass under way.
 */
export async function registerReminders(app: FastifyInstance): Promise<void> {
  async function pass(): Promise<number> {
    const reminded = await sendDueReminders(app.db, {
      now: app.clock(),
      content: await app.content.current(),
      publicUrl: app.config.publicUrl,
      leadHours: app.config.reminderLeadHours,
      log: app.log,
    });
    if (reminded > 0) app.mail.nudge();
    return reminded;
  }

  app.decorate(
    'reminders',
    periodicTask(app, {
      intervalMs: PASS_INTERVAL_MS,
      run: pass,
      failed: 0,
      failureMessage: 'reminders not looked for; tried again at the next pass',
    }),
  );
}
