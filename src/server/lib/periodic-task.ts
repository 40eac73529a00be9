import type { FastifyInstance } from 'fastify';

export interface PeriodicTask<T> {
  /**
   * Runs the task after any run under way (callers waiting for the same next run share it) and resolves with
   * its result. Never rejects: a failed run is logged, answers `failed`, and the next run tries again.
   */
  runDue(): Promise<T>;
}

/**
 * A task of the app run once it is ready, then every `intervalMs`, one run at a time in this process; stopped
 * on close after the run under way. Other processes run their own: the task keeps them apart (reminders by each
 * booking's claim, retention by the day's).
 */
export function periodicTask<T>(
  app: FastifyInstance,
  task: { intervalMs: number; run: () => Promise<T>; failed: T; failureMessage: string },
): PeriodicTask<T> {
  let running: Promise<unknown> = Promise.resolve();
  /** A run asked for but not begun: it will see everything due by the time it begins, so askers share it. */
  let queued: Promise<T> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function runDue(): Promise<T> {
    if (queued) return queued;
    const next = running
      .then(async () => {
        queued = null;
        try {
          return await task.run();
        } finally {
          // What a run wrote shows in this server's next answer, as a request's write does (app.ts).
          await app.tableChanges.caughtUp();
        }
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, task.failureMessage);
        return task.failed;
      });
    queued = next;
    running = next;
    return next;
  }

  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (!stopped) void runDue();
    }, task.intervalMs);
    timer.unref();
    void runDue();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
  return { runDue };
}
