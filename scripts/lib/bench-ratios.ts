/**
 * Requests per second of a route as a ratio of the bare route `/api/ping` measured right beside it, every
 * request with the headers a browser sends (autocannon, closed loop: each connection sends its next request
 * when the last is answered).
 */
import autocannon from 'autocannon';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BROWSER_COMMON = {
  'user-agent': CHROME,
  'accept-encoding': 'br, gzip',
  'accept-language': 'en-GB,en;q=0.9',
};

/** What Chrome sends with each kind of request (the site's API client asks for JSON). */
export const BROWSER_HEADERS = {
  page: {
    ...BROWSER_COMMON,
    accept:
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
  },
  api: { ...BROWSER_COMMON, accept: 'application/json', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' },
  script: { ...BROWSER_COMMON, accept: '*/*', 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'cors' },
  image: {
    ...BROWSER_COMMON,
    accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
    'sec-fetch-dest': 'image',
    'sec-fetch-mode': 'no-cors',
  },
} satisfies Record<string, Record<string, string>>;

export interface BenchRequest {
  path: string;
  headers: Record<string, string>;
  /** The only answer counted as success (default 200): a revalidation's is 304. */
  status?: number;
}

export interface Rounds {
  connections: number;
  warmUpSeconds: number;
  seconds: number;
  rounds: number;
}

export interface Ratio {
  requestsPerSecond: number;
  pingPerSecond: number;
  p99: number;
  ratio: number;
}

const PING: BenchRequest = { path: '/api/ping', headers: BROWSER_HEADERS.api };

/** Requests per second and p99 of `request` under `connections` for `seconds`; any other answer throws. */
async function load(base: string, request: BenchRequest, connections: number, seconds: number) {
  const result = await autocannon({
    url: `${base}${request.path}`,
    headers: request.headers,
    connections,
    duration: seconds,
  });
  const expected = String(request.status ?? 200);
  const answers = Object.entries(result.statusCodeStats ?? {});
  if (answers.some(([code]) => code !== expected) || result.errors > 0 || result.timeouts > 0) {
    const counts = answers.map(([code, stats]) => `${stats.count ?? 0} × ${code}`);
    throw new Error(
      `${request.path}: ${[...counts, `${result.errors} errors`, `${result.timeouts} timeouts`].join(', ')} ` +
        `(only ${expected} expected)`,
    );
  }
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * `request` against the bare route, in pairs one right after the other, so a busy moment of the machine
 * touches both sides of a pair: the median of the pairs' ratios.
 */
export async function ratioToPing(base: string, request: BenchRequest, rounds: Rounds): Promise<Ratio> {
  await load(base, request, rounds.connections, rounds.warmUpSeconds);
  const pairs: { ping: number; route: number; p99: number }[] = [];
  for (let round = 0; round < rounds.rounds; round++) {
    const ping = await load(base, PING, rounds.connections, rounds.seconds);
    const route = await load(base, request, rounds.connections, rounds.seconds);
    pairs.push({ ping: ping.requestsPerSecond, route: route.requestsPerSecond, p99: route.p99 });
  }
  return {
    requestsPerSecond: median(pairs.map((pair) => pair.route)),
    pingPerSecond: median(pairs.map((pair) => pair.ping)),
    p99: median(pairs.map((pair) => pair.p99)),
    ratio: median(pairs.map((pair) => pair.route / pair.ping)),
  };
}
