import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTcpProxy } from '#tests/helpers/tcp-proxy.ts';
import { postgres, postgresTargetAt, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { DATABASE_UNAVAILABLE } from './error-mapper.ts';

/** Tuesday 1 December 2026, 10:00 in London. */
const NOW = new Date('2026-12-01T10:00:00Z');
const AVAILABILITY = '/api/availability?date=2026-12-02';

// A restart of PostgreSQL, a managed database's maintenance or an idle timeout ends the server's connections.
describe.skipIf(!postgres)('when PostgreSQL drops or loses its connections', () => {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/test');
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let t: TestApp;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
    const throughProxy = new URL(serverUrl);
    throughProxy.port = String(proxy.port);
    t = await startTestApp(postgresTargetAt(throughProxy.toString()), NOW);
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('keeps serving after PostgreSQL terminates its connections', async () => {
    // Several requests at once leave several idle connections in the pool.
    await Promise.all(Array.from({ length: 4 }, () => get(AVAILABILITY)));
    const result = await t.database.db.execute(sql`select current_database() as database`);
    const { database } = (result as unknown as { rows: [{ database: string }] }).rows[0];
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [database],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    // The pool hears of the lost connections after a moment; an unheard 'error' event would end the process.
    await new Promise((wait) => setTimeout(wait, 200));

    expect((await get(AVAILABILITY)).statusCode).toBe(200);
    expect((await get('/api/health')).json()).toEqual({
      status: 'ok',
      database: 'postgres',
      failedEmails: 0,
    });
  });

  it('answers 503 while the database cannot be reached, and recovers by itself when it is back', async () => {
    await proxy.cut();
    try {
      // Reads from memory stand until the server hears its listening connection is gone (decision 022).
      const availability = await vi.waitFor(
        async () => {
          const answer = await get(AVAILABILITY);
          expect(answer.statusCode).toBe(503);
          return answer;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(availability.json()).toEqual({ error: DATABASE_UNAVAILABLE });
      expect((await get('/api/health')).statusCode).toBe(503);
      const booking = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: {} });
      expect(booking.statusCode).toBe(503);
      expect(booking.json()).toEqual({ error: DATABASE_UNAVAILABLE });
      const page = await get('/events');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    } finally {
      await proxy.restore();
    }
    expect((await get(AVAILABILITY)).statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);
  });
});
