import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  /** Liveness without the database; also the benchmark's baseline. */
  app.get('/api/ping', async () => ({ ok: true }));

  app.get('/api/health', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.databaseKind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', error: 'Database unavailable' });
    }
  });
};
