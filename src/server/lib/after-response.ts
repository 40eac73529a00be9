import { finished } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface AfterResponse {
  /**
   * Runs `task` once `reply` has gone, so its work neither delays the answer nor shows in how long it takes.
   * A failure is logged, naming `what`; it never becomes an unhandled rejection.
   */
  run(reply: FastifyReply, what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has ended (the app waits for this when it closes). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    afterResponse: AfterResponse;
  }
}

/** Work a request starts and does not wait for: "Forgot your password?" looks the address up after answering. */
export function registerAfterResponse(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  app.decorate('afterResponse', {
    run(reply, what, task) {
      // Finished, closed early by the client, or failed: the answer is out of the way either way.
      const work = new Promise<void>((gone) => finished(reply.raw, () => gone()))
        .then(task)
        .then(
          () => {},
          (error: unknown) => app.log.error({ err: error }, `${what} failed`),
        )
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    async settled() {
      await Promise.all(pending);
    },
  });
  app.addHook('onClose', () => app.afterResponse.settled());
}
