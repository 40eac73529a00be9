/**
 * `npm run bench`: starts the real server (from `node src/server/server.ts`, serving the built `dist/`) on a
 * free port and measures it with autocannon — a bare route as the baseline, the public read APIs as a ratio
 * of it, then how many bookings per second it confirms. PGlite in a temporary DATA_DIR unless DATABASE_URL
 * is set (then its bookings stay in that database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { servicesOn, slotTimes } from '../src/shared/booking/rules.ts';
import { bookingSettingsSchema } from '../src/shared/booking/settings.ts';
import { addDays, londonToday, weekdayOf } from '../src/shared/time/london-time.ts';

const ROOT = resolve(import.meta.dirname, '..');
const READ_SECONDS = 10;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
const BOOKINGS = 300;
const BOOKING_CONNECTIONS = 10;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

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

async function measure(base: string, path: string) {
  await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: READ_SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { path, requestsPerSecond: result.requests.average, p99: result.latency.p99 };
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

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (the bench serves the built site).');
    process.exit(1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      BOOKING_RATE_LIMIT_PER_15_MIN: '1000000',
    },
  });
  try {
    await waitForPing(base, server);
    const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (temporary DATA_DIR)';
    console.log(
      `Benchmarking ${base} — ${database}, ${CONNECTIONS} connections, ${READ_SECONDS} s per route\n`,
    );

    const ping = await measure(base, '/api/ping');
    const reads = [
      ping,
      await measure(base, `/api/availability?date=${tuesdayInTwoWeeks()}`),
      await measure(base, '/api/events/upcoming'),
    ];
    const widths = [40, 10, 8, 14];
    console.log(row(['Route', 'req/s', 'p99 ms', 'ratio to ping'], widths));
    for (const read of reads) {
      const cells = [
        `GET ${read.path}`,
        read.requestsPerSecond.toFixed(0),
        read.p99.toFixed(0),
        (read.requestsPerSecond / ping.requestsPerSecond).toFixed(2),
      ];
      console.log(row(cells, widths));
    }

    const bookings = await measureBookings(base);
    console.log(
      `\nPOST /api/bookings: ${bookings.created} of ${bookings.sent} confirmed (201) in ` +
        `${bookings.seconds.toFixed(1)} s with ${BOOKING_CONNECTIONS} connections — ` +
        `${(bookings.created / bookings.seconds).toFixed(0)} bookings/s, p99 ${bookings.p99.toFixed(0)} ms`,
    );
    if (bookings.created !== bookings.sent) process.exitCode = 1;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
