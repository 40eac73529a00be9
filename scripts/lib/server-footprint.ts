/**
 * The server's footprint as `npm run serve` starts it: how long from spawn to the first 200 of `GET /api/ping`,
 * the most memory it held while starting, and what it holds once idle. Measured on existing data: a first
 * start creates, migrates and seeds the database and is reported apart; the figures are medians of the
 * starts after it. Linux only (it reads /proc/<pid>/status).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { freePort } from './free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PING_INTERVAL_MS = 10;
const START_TIMEOUT_MS = 60_000;
/** A server that has not exited this long after SIGTERM is killed. */
const STOP_TIMEOUT_MS = 15_000;

export type FootprintDatabase =
  /** Embedded PGlite in this data directory (created on the first start, kept between starts). */
  | { kind: 'pglite'; dataDir: string }
  /** This PostgreSQL database (empty, for the first start to be a fresh one); `dataDir` holds the outbox. */
  | { kind: 'postgres'; url: string; dataDir: string };

export interface ServerFootprintOptions {
  database: FootprintDatabase;
  /** Starts measured after the first one (default 3): the figures are their medians. */
  starts?: number;
  /** How long after spawn the idle resident memory is read (default 20 s). */
  idleAfterMs?: number;
  /** More environment for the server (e.g. `SEED_DEMO: 'false'`); the demo seed runs by default, as in `npm start`. */
  env?: Record<string, string>;
}

export interface StartFootprint {
  /** From spawn to the first 200 of `GET /api/ping`. */
  startMs: number;
  /** The most resident memory the process held (VmHWM), read when the idle figure is. */
  peakRssMb: number;
  /** Resident memory (VmRSS) `idleAfterMs` after spawn, with no request since the first ping. */
  idleRssMb: number;
}

export interface ServerFootprint extends StartFootprint {
  database: FootprintDatabase['kind'];
  /** The first start, which creates (PGlite), migrates and seeds an empty database. */
  fresh: StartFootprint;
  /** Every measured start after the first, in order. */
  starts: StartFootprint[];
}

/**
 * What `npm run serve` runs, as arguments to this Node.js: its Node flags included, so a server started with
 * these is the one measured.
 */
export function serveArguments(): string[] {
  const scripts = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  const [command, ...args] = (scripts.serve ?? '').trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve is "${scripts.serve}": expected "node …"`);
  return args;
}

function pingStatus(port: number): Promise<number | undefined> {
  return new Promise((done) => {
    const ping = request(
      { host: '127.0.0.1', port, path: '/api/ping', agent: false, timeout: 2_000 },
      (reply) => {
        reply.resume();
        done(reply.statusCode);
      },
    );
    ping.on('error', () => done(undefined));
    ping.on('timeout', () => ping.destroy());
    ping.end();
  });
}

/** A /proc/<pid>/status field in megabytes (VmRSS, VmHWM: the kernel writes kB). */
export function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]) / 1024;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  const kill = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(kill);
}

async function measureOneStart(
  options: ServerFootprintOptions,
  idleAfterMs: number,
): Promise<StartFootprint> {
  const { database } = options;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    ...options.env,
  };
  if (database.kind === 'postgres') env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;

  let output = '';
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, serveArguments(), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  try {
    const pid = server.pid;
    if (pid === undefined) throw new Error('The server did not start');
    for (;;) {
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`The server exited (${server.exitCode ?? server.signalCode}):\n${output}`);
      }
      if (performance.now() - spawnedAt > START_TIMEOUT_MS) {
        throw new Error(
          `The server did not answer /api/ping within ${START_TIMEOUT_MS / 1000} s:\n${output}`,
        );
      }
      if ((await pingStatus(port)) === 200) break;
      await sleep(PING_INTERVAL_MS);
    }
    const startMs = performance.now() - spawnedAt;
    await sleep(Math.max(0, idleAfterMs - (performance.now() - spawnedAt)));
    return { startMs, idleRssMb: statusMb(pid, 'VmRSS'), peakRssMb: statusMb(pid, 'VmHWM') };
  } finally {
    await stop(server);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Starts the real server `1 + starts` times one after another (never two at once: PGlite allows one process
 * per data directory) and measures each start. The database is left as the server left it.
 */
export async function measureServerFootprint(options: ServerFootprintOptions): Promise<ServerFootprint> {
  const idleAfterMs = options.idleAfterMs ?? 20_000;
  const fresh = await measureOneStart(options, idleAfterMs);
  const starts: StartFootprint[] = [];
  for (let index = 0; index < (options.starts ?? 3); index++) {
    starts.push(await measureOneStart(options, idleAfterMs));
  }
  return {
    database: options.database.kind,
    fresh,
    starts,
    startMs: median(starts.map((start) => start.startMs)),
    peakRssMb: median(starts.map((start) => start.peakRssMb)),
    idleRssMb: median(starts.map((start) => start.idleRssMb)),
  };
}
