import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './free-port.ts';
import { serveArguments } from './server-footprint.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;

/** A server started as `npm run serve` starts it, on a loopback port of its own. */
export interface BenchServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitForPing(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ping`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`The server did not answer /api/ping within ${START_TIMEOUT_MS / 1000} s`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await exited;
}

/**
 * Starts the built server with `env` over this process's environment (its DATABASE_URL left out: the bench
 * chooses the database) and waits for its first ping.
 */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _chosenByTheBench, ...inherited } = process.env;
  const server = spawn(process.execPath, serveArguments(), {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  try {
    await waitForPing(base, server);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { base, pid: server.pid as number, stop: () => stop(server) };
}
