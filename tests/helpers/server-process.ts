import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export { ensureCurrentBuild } from '../../scripts/lib/build.ts';

/** Real server processes for tests that need them: start-up, shutdown, several servers on one database. */

const root = resolve(import.meta.dirname, '../..');

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `node src/server/server.ts` on 127.0.0.1:`port` in the test environment, with `env` on top; `args` (Node's
 * flags and the script) instead, e.g. what `npm run serve` runs.
 */
export function startServer(
  port: number,
  env: Record<string, string>,
  args: string[] = ['src/server/server.ts'],
): Running {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return { child, output: () => output, exited };
}

export async function waitForHealth(port: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}
