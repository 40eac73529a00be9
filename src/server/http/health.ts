import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failedMailCount } from '../mail/outbox.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness without the database; also the benchmark's baseline. */
  app.get('/api/ping', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({
    ok: true as const,
  }));

  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), failedEmails: z.int().min(0) }),
          503: z.object({ status: z.literal('error'), error: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      let failedEmails: number;
      try {
        failedEmails = await failedMailCount(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', error: 'Database unavailable' });
      }
      // The site is up either way; a monitor may alert on failedEmails > 0 (docs/operations.md).
      return { status: 'ok' as const, database: app.databaseKind, failedEmails };
    },
  );
};
