import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Real server processes for tests that need them: start-up, shutdown, several servers on one database. */

const root = resolve(import.meta.dirname, '../..');

/** What `npm run build` reads (the lockfile standing for node_modules), and what the server loads of it. */
const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'content',
  'src/web',
  'src/shared',
];
const BUILD_OUTPUTS = ['dist/index.html', 'dist/.vite/manifest.json', 'dist/server/entry-server.js'];

function lastModified(path: string): number {
  const stats = statSync(join(root, path));
  if (!stats.isDirectory()) return stats.mtimeMs;
  const files = readdirSync(join(root, path), { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && !entry.name.includes('.test.'),
  );
  return Math.max(...files.map((file) => statSync(join(file.parentPath, file.name)).mtimeMs));
}

/** A fresh clone, or sources changed since the last build, would otherwise test some other site. */
function buildIsStale(): boolean {
  const built = BUILD_OUTPUTS.every((output) => existsSync(join(root, output)))
    ? Math.min(...BUILD_OUTPUTS.map(lastModified))
    : Number.NEGATIVE_INFINITY;
  return BUILD_INPUTS.some((input) => lastModified(input) > built);
}

/** Test files run side by side: one builds while the others wait for it, then find the build current. */
const BUILD_LOCK = join(root, 'node_modules', '.cache', 'test-build.lock');

export function ensureCurrentBuild(): void {
  if (!buildIsStale()) return;
  mkdirSync(dirname(BUILD_LOCK), { recursive: true });
  const waitUntil = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      if (Date.now() > waitUntil) throw new Error(`${BUILD_LOCK} is held: remove it if no build is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (buildIsStale()) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node src/server/server.ts` on 127.0.0.1:`port` in the test environment, with `env` on top. */
export function startServer(port: number, env: Record<string, string>): Running {
  let output = '';
  const child = spawn(process.execPath, ['src/server/server.ts'], {
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
