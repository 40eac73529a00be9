import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '#db/client.ts';
import { rateLimitHits } from '#db/schema.ts';
import { invalid } from '../lib/errors.ts';

/** How often each process deletes the counters whose window has passed. */
const PURGE_EVERY_MS = 60_000;
const REDIS_KEY_PREFIX = 'rose-and-crown:rate-limit:';
/** A Redis that stops answering must not hold requests up: the limiter then lets them through. */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
const LET_THROUGH = 'rate-limit counters unavailable: requests are let through uncounted';
const TAKE_BACK_FAILED = 'a rate-limit hit could not be taken back: it stays counted until its window ends';

const CONNECTION_CLOSED = 'The request could not be read.';

/**
 * The client's address as every limiter counts it: an IPv6 client by its /64 network, as the plugin does.
 * Node closes a connection whose body is malformed (answered by `early-errors.ts`) and its address goes
 * with it; a request still being routed on it is then refused as the client's fault, not failed.
 */
export function clientAddressKey(request: FastifyRequest): string {
  const address: string | undefined = request.ip;
  if (address === undefined) throw invalid(CONNECTION_CLOSED);
  return normalizeIP(address);
}

/** A counter's window as a hit leaves it: the hits counted in it, that one included, and the milliseconds left. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Counters a route keeps itself, in the limiters' store: the sign-in counts each attempt as it arrives and
 * takes back those that turn out not to be failures (`staff/sign-in-limits.ts`).
 */
export interface AttemptCounters {
  /** Counts one hit against `key`; `null` when the store cannot be reached, and the attempt is let through. */
  hit(key: string, windowMs: number): Promise<WindowCount | null>;
  /** Takes back one hit counted against `key` in its current window. */
  takeBack(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    attemptCounters: AttemptCounters;
  }
}

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

interface StoreContext {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  nextPurgeAt: number;
}

/**
 * The plugin's store interface over the `rate_limit_hits` table, so every instance on one database counts
 * together (`countInDatabase`). Time is the app's clock.
 */
class DatabaseRateLimitStore implements FastifyRateLimitStore {
  readonly #context: StoreContext;
  /** Keeps the counters of different routes apart (`createRateLimit`'s limiters name their own keys). */
  readonly #keyPrefix: string;

  constructor(context: StoreContext, keyPrefix = '') {
    this.#context = context;
    this.#keyPrefix = keyPrefix;
  }

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    countInDatabase(this.#context, this.#keyPrefix + key, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => {
        this.#context.log.warn({ err: error }, LET_THROUGH);
        callback(error);
      },
    );
  }

  child(options: ChildOptions): DatabaseRateLimitStore {
    // The plugin passes the route it limits as `routeInfo` (empty for `createRateLimit`).
    const { routeInfo } = options as unknown as { routeInfo: { method?: string; url?: string } };
    const prefix = routeInfo.url ? `${routeInfo.method} ${routeInfo.url} ` : '';
    return new DatabaseRateLimitStore(this.#context, prefix);
  }
}

/**
 * Counts one hit in the `rate_limit_hits` table: one upsert counts it and starts a new window once the old one
 * has passed; PostgreSQL runs concurrent upserts of one key one after another, so no hit is lost.
 */
async function countInDatabase(context: StoreContext, key: string, timeWindow: number): Promise<WindowCount> {
  const { db, clock } = context;
  const now = clock();
  const windowPassed = sql`${rateLimitHits.resetAt} <= ${now.toISOString()}`;
  const [counter] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetAt: new Date(now.getTime() + timeWindow) })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`CASE WHEN ${windowPassed} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${windowPassed} THEN excluded.reset_at ELSE ${rateLimitHits.resetAt} END`,
      },
    })
    .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt });
  if (!counter) throw new Error(`no counter returned for ${key}`);
  await purgeNowAndThen(context, now);
  return { current: counter.hits, ttl: counter.resetAt.getTime() - now.getTime() };
}

/** Deleting passed windows is safe in every instance at once: an upsert that renews a row wins. */
async function purgeNowAndThen(context: StoreContext, now: Date): Promise<void> {
  if (now.getTime() < context.nextPurgeAt) return;
  context.nextPurgeAt = now.getTime() + PURGE_EVERY_MS;
  await context.db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.resetAt, now))
    .catch((error: unknown) => context.log.warn({ err: error }, 'purging passed rate-limit windows failed'));
}

function databaseCounters(context: StoreContext): AttemptCounters {
  return {
    hit: (key, windowMs) =>
      countInDatabase(context, key, windowMs).catch((error: unknown) => {
        context.log.warn({ err: error }, LET_THROUGH);
        return null;
      }),
    async takeBack(key) {
      await context.db
        .update(rateLimitHits)
        .set({ hits: sql`${rateLimitHits.hits} - 1` })
        .where(
          and(
            eq(rateLimitHits.key, key),
            gt(rateLimitHits.hits, 0),
            gt(rateLimitHits.resetAt, context.clock()),
          ),
        )
        .catch((error: unknown) => context.log.warn({ err: error }, TAKE_BACK_FAILED));
    },
  };
}

/** One hit in Redis; the window starts with the first and is kept while it lasts, as in the database. */
const COUNT_IN_REDIS = `
local current = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;
const TAKE_BACK_IN_REDIS = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end`;

/** While Redis is away its commands fail at once: the outage is logged once (connectRedis), not each hit. */
function redisCounters(redis: Redis): AttemptCounters {
  return {
    hit: (key, windowMs) =>
      redis.eval(COUNT_IN_REDIS, 1, REDIS_KEY_PREFIX + key, windowMs).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          return { current, ttl };
        },
        () => null,
      ),
    async takeBack(key) {
      await redis.eval(TAKE_BACK_IN_REDIS, 1, REDIS_KEY_PREFIX + key).catch(() => {});
    },
  };
}

/** A Redis client that fails fast while Redis is away and reconnects by itself; outages logged once each. */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a server counting in its database never needs it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // A hit Redis did not take is not sent again later: the request has been let through already.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  let away = false;
  let closing = false;
  const lost = (error?: Error) => {
    if (away || closing) return;
    away = true;
    app.log.warn({ err: error }, `Redis unreachable, ${LET_THROUGH}`);
  };
  redis.on('error', lost);
  redis.on('close', () => lost());
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    app.log.info('Redis reachable again: rate limits counted');
  });
  app.addHook('onClose', async () => {
    closing = true;
    redis.disconnect();
  });
  // Unreachable at start: already logged, and the client keeps trying.
  await redis.connect().catch(() => {});
  return redis;
}

/**
 * One store for every limiter (route limits and `createRateLimit`) and for the attempt counters: Redis when
 * REDIS_URL is set, the database otherwise, so instances sharing either count together. If the store fails,
 * the request is let through (logged): a limiter that is down must not turn into a booking outage
 * (decision 010).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const options = { global: false, skipOnError: true, keyGenerator: clientAddressKey };
  const { redisUrl } = app.config;
  if (redisUrl) {
    const redis = await connectRedis(app, redisUrl);
    app.decorate('attemptCounters', redisCounters(redis));
    await app.register(rateLimit, { ...options, redis, nameSpace: REDIS_KEY_PREFIX });
    return;
  }
  const context: StoreContext = { db: app.db, clock: app.clock, log: app.log, nextPurgeAt: 0 };
  app.decorate('attemptCounters', databaseCounters(context));
  await app.register(rateLimit, { ...options, store: databaseStoreOf(context) });
}

/** The plugin constructs its store itself: a class bound to this app's database, clock and log. */
function databaseStoreOf(context: StoreContext) {
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(context);
    }
  };
}
