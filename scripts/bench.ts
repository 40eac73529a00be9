/**
 * `npm run bench`: starts the real server as `npm run serve` does (serving the built `dist/`) on a free port,
 * on PGlite in a temporary DATA_DIR and on a throwaway PostgreSQL database (on the server at
 * BENCH_POSTGRES_URL). On each: how fast it starts and how much memory it holds (scripts/lib/server-footprint.ts,
 * on a database of its own), then, with autocannon, the public reads as a ratio of a bare route measured right
 * beside them and how many bookings per second it confirms. Exits non-zero when a target is missed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { servicesOn, slotTimes } from '../src/shared/booking/rules.ts';
import { bookingSettingsSchema } from '../src/shared/booking/settings.ts';
import { addDays, londonToday, weekdayOf } from '../src/shared/time/london-time.ts';
import { freePort } from './lib/free-port.ts';
import { type FootprintDatabase, measureServerFootprint, serveArguments } from './lib/server-footprint.ts';

const ROOT = resolve(import.meta.dirname, '..');
const READ_SECONDS = 3;
const ROUNDS = 3;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
const BOOKINGS = 300;
const BOOKING_CONNECTIONS = 10;

async function waitForPing(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ping`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('The server did not answer /api/ping within 30 s');
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await exited;
}

/** The first Tuesday at least two weeks ahead (London). */
function tuesdayInTwoWeeks(): string {
  const start = addDays(londonToday(), 14);
  return addDays(start, (2 - weekdayOf(start) + 7) % 7);
}

/** The seeded booking settings: a fresh database's. */
const BOOKING_SETTINGS = bookingSettingsSchema.parse(
  JSON.parse(readFileSync(new URL('../content/booking-settings.json', import.meta.url), 'utf8')),
);

/** One booking per slot, over as many days from next week as it takes, so no slot is ever full. */
function bookingSlots(count: number): { date: string; timeSlot: string }[] {
  const slots: { date: string; timeSlot: string }[] = [];
  for (let date = addDays(londonToday(), 7); slots.length < count; date = addDays(date, 1)) {
    for (const service of servicesOn(date, BOOKING_SETTINGS)) {
      for (const timeSlot of slotTimes(service, BOOKING_SETTINGS)) slots.push({ date, timeSlot });
    }
  }
  return slots.slice(0, count);
}

/** Requests per second and p99 of `path` under CONNECTIONS connections for `seconds`. */
async function load(base: string, path: string, seconds: number) {
  const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * `path` against the bare route, in ROUNDS pairs one right after the other, so a busy moment of the machine
 * touches both sides of a pair: the median of the pairs' ratios.
 */
async function ratioToPing(base: string, path: string) {
  await load(base, path, WARM_UP_SECONDS);
  const pairs: { ping: number; route: number; p99: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ping = await load(base, '/api/ping', READ_SECONDS);
    const route = await load(base, path, READ_SECONDS);
    pairs.push({ ping: ping.requestsPerSecond, route: route.requestsPerSecond, p99: route.p99 });
  }
  return {
    path,
    requestsPerSecond: median(pairs.map((pair) => pair.route)),
    pingPerSecond: median(pairs.map((pair) => pair.ping)),
    p99: median(pairs.map((pair) => pair.p99)),
    ratio: median(pairs.map((pair) => pair.route / pair.ping)),
  };
}

async function measureBookings(base: string) {
  const slots = bookingSlots(BOOKINGS);
  const run = Date.now().toString(36);
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: BOOKING_CONNECTIONS,
    amount: BOOKINGS,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const index = next++;
          const slot = slots[index % slots.length] as { date: string; timeSlot: string };
          return {
            ...request,
            headers: { ...request.headers, 'idempotency-key': `bench-${run}-${index}` },
            body: JSON.stringify({
              name: `Bench Guest ${index}`,
              phone: '07700 900000',
              email: `bench-${run}-${index}@example.com`,
              ...slot,
              partyAdults: 2,
              partyChildren: index % 3,
            }),
          };
        },
      },
    ],
  });
  const created = result.statusCodeStats?.['201']?.count ?? 0;
  return { sent: result.requests.sent, created, seconds: result.duration, p99: result.latency.p99 };
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
}

/** The database a run is on: PGlite in a temporary folder, or a throwaway database on a PostgreSQL server. */
interface BenchDatabase {
  name: string;
  env: Record<string, string>;
  footprint: FootprintDatabase;
  dispose(): Promise<void>;
}

function pgliteDatabase(): BenchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-bench-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    footprint: { kind: 'pglite', dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-bench-'));
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    footprint: { kind: 'postgres', url, dataDir },
    dispose: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The public reads of issue 20, each to answer at least half as fast as the bare route. */
const READ_PATHS = [
  `/api/availability?date=${tuesdayInTwoWeeks()}`,
  '/api/events/upcoming',
  '/api/christmas/availability',
];
const RATIO_TARGET = 0.5;

/** Issue 20's start and memory targets for each kind of database (product.md §4). */
const FOOTPRINT_TARGETS: Record<FootprintDatabase['kind'], { startMs: number; idleRssMb: number }> = {
  pglite: { startMs: 2_000, idleRssMb: 400 },
  postgres: { startMs: 1_000, idleRssMb: 150 },
};
/** No start, the first on an empty database included, may hold more than this at any moment. */
const PEAK_RSS_TARGET_MB = 600;

const mark = (passed: boolean) => (passed ? '✓' : '✗');

/**
 * The first start on an empty database (it creates, migrates and seeds the demo data, as `npm start` does), then
 * three on the data it left: their median time to the first answer and idle memory 20 s after spawn, and the
 * highest peak of all four.
 */
async function footprintOn(database: BenchDatabase): Promise<boolean> {
  const footprint = await measureServerFootprint({ database: database.footprint });
  const target = FOOTPRINT_TARGETS[database.footprint.kind];
  const peak = Math.max(footprint.fresh.peakRssMb, ...footprint.starts.map((start) => start.peakRssMb));
  const checks = [
    footprint.startMs <= target.startMs,
    footprint.idleRssMb <= target.idleRssMb,
    peak <= PEAK_RSS_TARGET_MB,
  ];
  const [startMet, idleMet, peakMet] = checks;
  console.log(
    `\n${database.name}: start to first answer ${footprint.startMs.toFixed(0)} ms (≤ ${target.startMs}) ${mark(Boolean(startMet))}, ` +
      `idle memory ${footprint.idleRssMb.toFixed(0)} MB (≤ ${target.idleRssMb}) ${mark(Boolean(idleMet))}, ` +
      `highest peak ${peak.toFixed(0)} MB (≤ ${PEAK_RSS_TARGET_MB}) ${mark(Boolean(peakMet))}; ` +
      `medians of ${footprint.starts.length} starts on existing data. ` +
      `The first start, on an empty database: ${footprint.fresh.startMs.toFixed(0)} ms, ` +
      `peak ${footprint.fresh.peakRssMb.toFixed(0)} MB, idle ${footprint.fresh.idleRssMb.toFixed(0)} MB`,
  );
  return checks.every(Boolean);
}

async function benchOn(database: BenchDatabase): Promise<boolean> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, serveArguments(), {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      BOOKING_RATE_LIMIT_PER_15_MIN: '1000000',
    },
  });
  let met = true;
  try {
    await waitForPing(base, server);
    console.log(
      `\n${database.name}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${READ_SECONDS} s per route and ping\n`,
    );
    const widths = [44, 10, 10, 8, 16];
    console.log(row(['Route', 'req/s', 'ping req/s', 'p99 ms', 'ratio (≥ 0.5)'], widths));
    for (const path of READ_PATHS) {
      const read = await ratioToPing(base, path);
      const passed = read.ratio >= RATIO_TARGET;
      met &&= passed;
      console.log(
        row(
          [
            `GET ${read.path}`,
            read.requestsPerSecond.toFixed(0),
            read.pingPerSecond.toFixed(0),
            read.p99.toFixed(0),
            `${read.ratio.toFixed(2)} ${mark(passed)}`,
          ],
          widths,
        ),
      );
    }

    const bookings = await measureBookings(base);
    console.log(
      `\nPOST /api/bookings: ${bookings.created} of ${bookings.sent} confirmed (201) in ` +
        `${bookings.seconds.toFixed(1)} s with ${BOOKING_CONNECTIONS} connections — ` +
        `${(bookings.created / bookings.seconds).toFixed(0)} bookings/s, p99 ${bookings.p99.toFixed(0)} ms`,
    );
    if (bookings.created !== bookings.sent) met = false;
  } finally {
    await stop(server);
  }
  return met;
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (the bench serves the built site).');
    process.exit(1);
  }
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let allMet = true;
  for (const open of [async () => pgliteDatabase(), () => postgresDatabase(postgresUrl)]) {
    // Each measurement on a database of its own: the footprint's starts leave demo data behind.
    for (const measure of [footprintOn, benchOn]) {
      let database: BenchDatabase;
      try {
        database = await open();
      } catch (error) {
        console.error(
          `\nPostgreSQL at ${postgresUrl} cannot be reached (${(error as Error).message}): set BENCH_POSTGRES_URL.`,
        );
        allMet = false;
        break;
      }
      try {
        allMet = (await measure(database)) && allMet;
      } finally {
        await database.dispose();
      }
    }
  }
  console.log(allMet ? '\nEvery target met.' : '\nA target was missed (✗ above).');
  if (!allMet) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
