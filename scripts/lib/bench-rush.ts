/**
 * The launch-morning rush of issue 34: Christmas Day's seats on sale, 300 guests trying to book them within a
 * minute while a widely shared post sends ~150 page requests a second to `/`, `/christmas` and `/menu`.
 *
 * Open loop: every request has the moment it is due, fixed before the rush starts, and its latency is counted
 * from that moment to the last byte of its answer. A server that stalls makes the requests behind it late and
 * that lateness is measured, as a crowd of browsers would feel it; a closed-loop tool (autocannon without a
 * rate) would wait for the stalled answers before sending more and report only the answers it got
 * (coordinated omission).
 */
import { readFileSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { CHRISTMAS_OCCASION_SLUG } from '../../src/shared/christmas/ids.ts';
import { christmasDayOccasionIn, christmasSeasonOf } from '../../src/shared/christmas/occasion.ts';
import { isPastOnlineCutoff } from '../../src/shared/christmas/online-cutoff.ts';
import { occasionsDocumentSchema } from '../../src/shared/occasions/schema.ts';
import { addDays, londonInstant } from '../../src/shared/time/london-time.ts';
import { BROWSER_HEADERS } from './bench-ratios.ts';
import { startBenchServer } from './bench-server.ts';
import { statusMb } from './server-footprint.ts';

const RUSH_SECONDS = 60;
const PAGES_PER_SECOND = 150;
const RUSH_PAGES = ['/', '/christmas', '/menu'];
const GUESTS = 300;
/** A guest asks for 1 to 6 seats: far more than the seats are asked for, so seats, not guests, run out. */
const LARGEST_PARTY = 6;
/**
 * Past these after its moment a visitor has given up: the request counts as an error and its latency as this
 * long, so a percentile above it reads as "at least".
 */
const PAGE_TIMEOUT_MS = 10_000;
const CHECKOUT_TIMEOUT_MS = 30_000;
const MEMORY_AFTER_MS = 30_000;
/** The site has been up all morning: its pages have been asked for before the seats go on sale. */
const WARM_UP_REQUESTS_PER_PAGE = 20;

/** The seeded Christmas Day, the occasions document's entry as its rules read it. */
const SEASON = christmasSeasonOf(
  christmasDayOccasionIn(
    occasionsDocumentSchema.parse(
      JSON.parse(readFileSync(new URL('../../content/occasions.json', import.meta.url), 'utf8')),
    ).occasions,
  ),
);
const MENU = SEASON.menu;
export const RUSH_SEATS = SEASON.sittings.reduce((seats, sitting) => seats + sitting.capacity, 0);

interface Answer {
  status: number | null;
  /** Why no answer came: 'timeout', or the connection's error code. */
  failure: string | null;
  /** From the moment the request was due to the last byte of its answer (or its failure). */
  ms: number;
  body: Buffer;
  headers: IncomingHttpHeaders;
}

interface Due {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  dueAt: number;
  timeoutMs: number;
}

/**
 * Sends `due` now and waits for the last byte of its answer, up to `timeoutMs` after it was due: a request
 * still waiting for a connection or an answer then is given up as a visitor would.
 */
function send(agent: Agent, base: string, due: Due): Promise<Answer> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      done({ ...answer, ms: performance.now() - due.dueAt });
    };
    const fail = (error: NodeJS.ErrnoException) =>
      finish({ status: null, failure: error.code ?? error.message, body: Buffer.alloc(0), headers: {} });
    const giveUp = setTimeout(
      () => {
        fail({ name: 'Error', message: 'timeout', code: 'timeout' });
        outgoing.destroy();
      },
      Math.max(0, due.dueAt + due.timeoutMs - performance.now()),
    );
    const outgoing = request(
      `${base}${due.path}`,
      { method: due.method, headers: due.headers, agent },
      (incoming) => {
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          finish({
            status: incoming.statusCode ?? null,
            failure: null,
            body: Buffer.concat(chunks),
            headers: incoming.headers,
          }),
        );
        incoming.on('error', fail);
      },
    );
    outgoing.on('error', fail);
    outgoing.end(due.body);
  });
}

/** Sends `due` at its moment, however late the answers before it are. */
function sendWhenDue(agent: Agent, base: string, due: Due): Promise<Answer> {
  return new Promise((done) => {
    setTimeout(() => done(send(agent, base, due)), Math.max(0, due.dueAt - performance.now()));
  });
}

function jsonOf(answer: Answer): unknown {
  const encoding = answer.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  return JSON.parse(body.toString('utf8'));
}

/** One guest's order: a sitting, a party and one main each, from the season's own documents. */
function orderOf(guest: number, run: string) {
  const party = 1 + Math.floor(Math.random() * LARGEST_PARTY);
  const sitting = SEASON.sittings[Math.floor(Math.random() * SEASON.sittings.length)]?.id as string;
  const main = MENU.mains[guest % MENU.mains.length]?.id as string;
  return {
    party,
    body: JSON.stringify({
      session: sitting,
      partyAdults: party,
      partyChildren: 0,
      name: `Rush Guest ${guest}`,
      email: `rush-${run}-${guest}@example.com`,
      phone: '07700 900000',
      selections: { starters: [], mains: [{ item: main, count: party }], desserts: [] },
      marketingConsent: false,
    }),
  };
}

interface GuestOutcome {
  party: number;
  checkout: Answer;
  payment: Answer | null;
}

/**
 * One guest: a checkout for their party and, if it is accepted, the demo payment at once. Each guest comes from
 * an address of their own (198.18.0.0/15, the benchmarking range, through a trusted X-Forwarded-For): one
 * address holds one checkout at a time, and 300 guests are 300 browsers, not one.
 */
async function guest(agent: Agent, base: string, index: number, dueAt: number, run: string) {
  const order = orderOf(index, run);
  const headers = {
    ...BROWSER_HEADERS.api,
    origin: base,
    referer: `${base}/christmas`,
    'x-forwarded-for': `198.18.${index >> 8}.${index & 255}`,
  };
  const checkout = await sendWhenDue(agent, base, {
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    headers: { ...headers, 'content-type': 'application/json' },
    body: order.body,
    dueAt,
    timeoutMs: CHECKOUT_TIMEOUT_MS,
  });
  if (checkout.status !== 201) return { party: order.party, checkout, payment: null };
  const pid = new URL((jsonOf(checkout) as { url: string }).url).searchParams.get('pid') as string;
  const payment = await send(agent, base, {
    method: 'POST',
    path: `/api/christmas/demo-checkout/${encodeURIComponent(pid)}/pay`,
    headers,
    dueAt: performance.now(),
    timeoutMs: CHECKOUT_TIMEOUT_MS,
  });
  return { party: order.party, checkout, payment };
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

function latencies(answers: Answer[]): Latencies {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (percent: number) => sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99) };
}

/** Each failed request under its cause: 'timeout', a connection error's code, or the unexpected status. */
function countErrors(answers: Answer[], expected: number[], errors: Map<string, number>): void {
  for (const answer of answers) {
    if (answer.status !== null && expected.includes(answer.status)) continue;
    const cause = answer.failure ?? `HTTP ${answer.status}`;
    errors.set(cause, (errors.get(cause) ?? 0) + 1);
  }
}

export interface RushResult {
  pages: Latencies;
  checkouts: Latencies & { accepted: number; full: number };
  payments: Latencies & { paid: number };
  errors: Map<string, number>;
  /** Guests of confirmed Christmas bookings, read from the database. */
  seatsSold: number;
  /** Guests whose payment the server answered as paid. */
  seatsPaid: number;
  rssMbAfter: number;
  /** From the first request due to the last answer. */
  seconds: number;
  /** Set when today is past the online cut-off and the server's clock was set to a morning before it. */
  testClock: string | null;
}

/** The clock of a launch morning: the real one while the season takes orders online, else a morning before. */
function rushClock(): Record<string, string> {
  if (!isPastOnlineCutoff(SEASON, new Date())) return {};
  const morning = londonInstant(addDays(SEASON.date, -30), '10:00').toISOString();
  return { NODE_ENV: 'test', TEST_CLOCK: morning };
}

async function seatsSoldIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ seats: number }>(
      "SELECT coalesce(sum(party_size), 0)::int AS seats FROM occasion_bookings WHERE occasion_slug = $1 AND status = 'CONFIRMED'",
      [CHRISTMAS_OCCASION_SLUG],
    );
    return rows[0]?.seats ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Starts a server on `database` (a fresh PostgreSQL database, no demo data, the production rate limits),
 * runs the rush, waits MEMORY_AFTER_MS and reads its resident memory, then stops it.
 */
export async function launchMorningRush(database: {
  url: string;
  env: Record<string, string>;
}): Promise<RushResult> {
  const clock = rushClock();
  const server = await startBenchServer({
    ...database.env,
    ...clock,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'loopback',
  });
  const pageAgent = new Agent({ keepAlive: true, maxSockets: 256 });
  const guestAgent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const warmUp = RUSH_PAGES.flatMap((path) =>
      Array.from({ length: WARM_UP_REQUESTS_PER_PAGE }, () =>
        send(pageAgent, server.base, {
          method: 'GET',
          path,
          headers: BROWSER_HEADERS.page,
          dueAt: performance.now(),
          timeoutMs: PAGE_TIMEOUT_MS,
        }),
      ),
    );
    await Promise.all(warmUp);

    const run = Date.now().toString(36);
    // Every timer is set before the first is due.
    const start = performance.now() + 500;
    const pageCount = RUSH_SECONDS * PAGES_PER_SECOND;
    const pages = Array.from({ length: pageCount }, (_, index) =>
      sendWhenDue(pageAgent, server.base, {
        method: 'GET',
        path: RUSH_PAGES[index % RUSH_PAGES.length] as string,
        headers: BROWSER_HEADERS.page,
        dueAt: start + (index * 1000) / PAGES_PER_SECOND,
        timeoutMs: PAGE_TIMEOUT_MS,
      }),
    );
    // Evenly spread, each at a random moment of its own share of the minute.
    const guestShareMs = (RUSH_SECONDS * 1000) / GUESTS;
    const guests = Array.from({ length: GUESTS }, (_, index) =>
      guest(guestAgent, server.base, index, start + (index + Math.random()) * guestShareMs, run),
    );
    const pageAnswers = await Promise.all(pages);
    const outcomes: GuestOutcome[] = await Promise.all(guests);
    const seconds = (performance.now() - start) / 1000;

    const checkouts = outcomes.map((outcome) => outcome.checkout);
    const paid = outcomes.filter((outcome) => outcome.payment?.status === 200);
    const payments = outcomes.flatMap((outcome) => (outcome.payment ? [outcome.payment] : []));
    const errors = new Map<string, number>();
    countErrors(pageAnswers, [200], errors);
    // A refusal because the sitting is full (409) is the answer a guest should get once the seats are gone.
    countErrors(checkouts, [201, 409], errors);
    countErrors(payments, [200], errors);

    // The guests have gone: their browsers' connections close, as they would.
    pageAgent.destroy();
    guestAgent.destroy();
    await new Promise((done) => setTimeout(done, MEMORY_AFTER_MS));
    return {
      pages: latencies(pageAnswers),
      checkouts: {
        ...latencies(checkouts),
        accepted: checkouts.filter((answer) => answer.status === 201).length,
        full: checkouts.filter((answer) => answer.status === 409).length,
      },
      payments: { ...latencies(payments), paid: paid.length },
      errors,
      seatsSold: await seatsSoldIn(database.url),
      seatsPaid: paid.reduce((seats, outcome) => seats + outcome.party, 0),
      rssMbAfter: statusMb(server.pid, 'VmRSS'),
      seconds,
      testClock: clock.TEST_CLOCK ?? null,
    };
  } finally {
    pageAgent.destroy();
    guestAgent.destroy();
    await server.stop();
  }
}
