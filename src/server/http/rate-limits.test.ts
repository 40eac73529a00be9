import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { count, eq, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '#db/client.ts';
import { rateLimitHits } from '#db/schema.ts';
import { captureLogs, LOG_LEVEL, type LogLine } from '#tests/helpers/log-lines.ts';
import { startTcpProxy } from '#tests/helpers/tcp-proxy.ts';
import { databaseTargets, postgres, testConfig } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from '../staff/admins.ts';
import { buildApp } from './app.ts';

/** Low, since each failed sign-in spends a real password check (about 0.4 s of scrypt on these machines). */
const SIGN_IN_LIMIT = 4;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const START = new Date('2026-06-02T08:00:00Z');
const REDIS = { host: '127.0.0.1', port: 6379 };

interface RunningApp {
  app: FastifyInstance;
  logs: LogLine[];
  close(): Promise<void>;
}

/** The real app on `database` (which another app may share), its log kept, its clock `clock`. */
async function startApp(
  database: DatabaseHandle,
  options: { env?: Record<string, string>; clock?: () => Date } = {},
): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-limits-'));
  const { stream, lines } = captureLogs();
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...options.env }),
    database,
    clock: options.clock ?? (() => START),
    webRoot: resolve(import.meta.dirname, '../../..'),
    logStream: stream,
  });
  await app.ready();
  return {
    app,
    logs: lines,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const signIn = (
  app: FastifyInstance,
  remoteAddress: string,
  { email = `guess-${randomInt(1e9)}@pub.test`, password = 'not the password' } = {},
) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const STAFF = { email: 'cellar@pub.test', password: 'the cellar’s password' };
/** Failed sign-ins per address at the limit these tests count to (each attempt names a new e-mail). */
const SIGN_IN_LIMITS = { LOGIN_ADDRESS_RATE_LIMIT_PER_15_MIN: String(SIGN_IN_LIMIT) };

/** Counted before it is refused as incomplete: the cheapest request a limit applies to. */
const bookingAttempt = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/bookings', payload: {}, remoteAddress });

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

const letThroughWarnings = (logs: LogLine[]) =>
  logs.filter((line) => line.level === LOG_LEVEL.warn && line.msg.includes('requests are let through'));

describe.each(databaseTargets)('rate-limit counters in the database on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let running: RunningApp;
  let now = START;

  beforeAll(async () => {
    database = await target.open();
    await database.migrate();
    running = await startApp(database, { clock: () => now, env: SIGN_IN_LIMITS });
  });
  afterAll(async () => {
    await running.close();
    await database.dispose();
  });

  it('counts sign-in attempts in the database and starts a new window when the app clock passes it', async () => {
    const address = '203.0.113.10';
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT; attempt++) {
      expect((await signIn(running.app, address)).statusCode).toBe(401);
    }
    const refused = await signIn(running.app, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    const [counter] = await database.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `%ip:${address}`));
    // The refused attempt was never tried: it is taken back.
    expect(counter?.hits).toBe(SIGN_IN_LIMIT);

    now = new Date(START.getTime() + FIFTEEN_MINUTES - 1000);
    expect((await signIn(running.app, address)).statusCode).toBe(429);
    now = new Date(START.getTime() + FIFTEEN_MINUTES);
    expect((await signIn(running.app, address)).statusCode).toBe(401);
  });

  it('deletes windows that have passed as part of its work', async () => {
    now = new Date(START.getTime() + 2 * FIFTEEN_MINUTES);
    for (let index = 1; index <= 3; index++) await bookingAttempt(running.app, `198.51.100.${index}`);
    const stale = () =>
      database.db
        .select({ rows: count() })
        .from(rateLimitHits)
        .where(like(rateLimitHits.key, '%198.51.100.%'))
        .then(([row]) => row?.rows);
    expect(await stale()).toBe(3);

    now = new Date(START.getTime() + 4 * FIFTEEN_MINUTES);
    await bookingAttempt(running.app, '192.0.2.1');
    expect(await stale()).toBe(0);
  });

  it('takes a successful sign-in back, so only failures stay counted', async () => {
    await createOrResetAdmin(database.db, STAFF);
    const address = '203.0.113.12';
    const counters = () =>
      database.db
        .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(or(eq(rateLimitHits.key, `sign-in ip:${address}`), like(rateLimitHits.key, '%:cellar@%')))
        .orderBy(rateLimitHits.key);
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await signIn(running.app, address, STAFF)).statusCode).toBe(200);
    }
    expect(await counters()).toEqual([
      { key: 'sign-in email:cellar@pub.test', hits: 0 },
      { key: `sign-in ip:${address}`, hits: 0 },
    ]);
    expect((await signIn(running.app, address, { email: STAFF.email })).statusCode).toBe(401);
    expect((await counters()).map((counter) => counter.hits)).toEqual([1, 1]);
  });

  it('lets requests through, and logs it, when the counters cannot be reached', async () => {
    await database.db.execute(sql`ALTER TABLE rate_limit_hits RENAME TO rate_limit_hits_away`);
    try {
      for (let attempt = 1; attempt <= SIGN_IN_LIMIT + 2; attempt++) {
        expect((await signIn(running.app, '203.0.113.11')).statusCode).toBe(401);
      }
      expect(letThroughWarnings(running.logs).length).toBeGreaterThan(0);
      expect(running.logs.filter((line) => line.level >= LOG_LEVEL.error)).toEqual([]);
    } finally {
      await database.db.execute(sql`ALTER TABLE rate_limit_hits_away RENAME TO rate_limit_hits`);
    }
  });
});

/** A fresh database on the test PostgreSQL server with two connection pools, as two servers would have. */
async function sharedPostgres(serverUrl: string) {
  const name = `limits_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const first = await openPostgres(url);
  await first.migrate();
  const second = await openPostgres(url);
  return {
    pools: [first, second] as const,
    async drop() {
      await first.close();
      await second.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe.skipIf(!postgres)('two app instances on one PostgreSQL database', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgres>>;
  let instances: RunningApp[];

  beforeAll(async () => {
    shared = await sharedPostgres(process.env.TEST_DATABASE_URL ?? '');
    instances = await Promise.all(
      shared.pools.map((pool) =>
        startApp(pool, { env: { BOOKING_RATE_LIMIT_PER_15_MIN: '10', ...SIGN_IN_LIMITS } }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await shared.drop();
  });

  it('refuses the sign-in past the limit on one instance after the limit on the other', async () => {
    const [a, b] = instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT; attempt++) {
      expect((await signIn(a, '203.0.113.20')).statusCode).toBe(401);
    }
    expect((await signIn(b, '203.0.113.20')).statusCode).toBe(429);
    expect((await signIn(a, '203.0.113.21')).statusCode).toBe(401);
  });

  it('loses no hit when both count the same address at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        bookingAttempt(instances[index % 2]?.app as FastifyInstance, '203.0.113.30'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});

async function redisAnswers(): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(REDIS, () => {
      socket.destroy();
      answer(true);
    });
    socket.setTimeout(500, () => {
      socket.destroy();
      answer(false);
    });
    socket.on('error', () => answer(false));
  });
}

const redisReachable = await redisAnswers();
if (process.env.CI && !redisReachable) {
  throw new Error(
    `CI must run Redis at ${REDIS.host}:${REDIS.port}: the Redis rate-limit store is tested there`,
  );
}

describe.skipIf(!redisReachable)(
  `rate-limit counters in Redis (skipped when nothing answers at ${REDIS.host}:${REDIS.port})`,
  () => {
    // Each instance has a database of its own: Redis is all they share. Addresses are fresh for each run,
    // since counters outlive the test in a shared Redis.
    const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const databases: DatabaseHandle[] = [];
    const started: RunningApp[] = [];

    async function startOnRedis(url: string, env: Record<string, string> = {}): Promise<RunningApp> {
      const database = await openPglite();
      await database.migrate();
      databases.push(database);
      const running = await startApp(database, { env: { REDIS_URL: url, ...SIGN_IN_LIMITS, ...env } });
      started.push(running);
      return running;
    }

    afterAll(async () => {
      await Promise.all(started.map((running) => running.close()));
      await Promise.all(databases.map((database) => database.close()));
    });

    it('refuses the sign-in past the limit on one instance after the limit on the other', async () => {
      const url = `redis://${REDIS.host}:${REDIS.port}`;
      const [a, b] = [await startOnRedis(url), await startOnRedis(url)];
      const client = address();
      for (let attempt = 1; attempt <= SIGN_IN_LIMIT; attempt++) {
        expect((await signIn(a.app, client)).statusCode).toBe(401);
      }
      expect((await signIn(b.app, client)).statusCode).toBe(429);
      for (const database of databases) {
        expect(await database.db.select({ rows: count() }).from(rateLimitHits)).toEqual([{ rows: 0 }]);
      }
    });

    it('takes successful sign-ins back, so only failures stay counted', async () => {
      const running = await startOnRedis(`redis://${REDIS.host}:${REDIS.port}`, {
        LOGIN_RATE_LIMIT_PER_15_MIN: '1',
        LOGIN_ADDRESS_RATE_LIMIT_PER_15_MIN: '1',
      });
      const staff = { ...STAFF, email: `cellar-${randomInt(1e9)}@pub.test` };
      await createOrResetAdmin(running.app.db, staff);
      const client = address();
      for (let attempt = 1; attempt <= 2; attempt++) {
        expect((await signIn(running.app, client, staff)).statusCode).toBe(200);
      }
      expect((await signIn(running.app, client, { email: staff.email })).statusCode).toBe(401);
      expect((await signIn(running.app, client, staff)).statusCode).toBe(429);
    });

    it('lets requests through while Redis is away, logged once, and counts again when it is back', async () => {
      const proxy = await startTcpProxy(REDIS);
      try {
        const running = await startOnRedis(`redis://127.0.0.1:${proxy.port}`, {
          BOOKING_RATE_LIMIT_PER_15_MIN: '3',
        });
        const client = address();
        for (let attempt = 1; attempt <= 2; attempt++) {
          expect((await bookingAttempt(running.app, client)).statusCode).toBe(400);
        }

        await proxy.cut();
        for (let attempt = 1; attempt <= 5; attempt++) {
          expect((await bookingAttempt(running.app, client)).statusCode).toBe(400);
        }
        expect(running.logs.filter((line) => line.msg.startsWith('Redis unreachable'))).toHaveLength(1);
        expect(running.logs.filter((line) => line.level >= LOG_LEVEL.error)).toEqual([]);

        await proxy.restore();
        await waitFor(
          () => running.logs.some((line) => line.msg.startsWith('Redis reachable again')),
          'the reconnection',
        );
        expect((await bookingAttempt(running.app, client)).statusCode).toBe(400);
        expect((await bookingAttempt(running.app, client)).statusCode).toBe(429);
      } finally {
        await proxy.close();
      }
    });
  },
);

describe('with REDIS_URL set and no Redis answering at start', () => {
  it('starts, answers as usual and says once that requests are let through', async () => {
    const nobody = createServer();
    await new Promise<void>((listening) => nobody.listen(0, '127.0.0.1', listening));
    const { port } = nobody.address() as { port: number };
    await new Promise((closed) => nobody.close(closed));
    const database = await openPglite();
    await database.migrate();
    const running = await startApp(database, {
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, BOOKING_RATE_LIMIT_PER_15_MIN: '1' },
    });
    try {
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await bookingAttempt(running.app, '203.0.113.40')).statusCode).toBe(400);
      }
      expect(running.logs.filter((line) => line.msg.startsWith('Redis unreachable'))).toHaveLength(1);
    } finally {
      await running.close();
      await database.close();
    }
  });
});
