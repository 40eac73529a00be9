import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** What `npm run build` reads (the lockfile standing for node_modules), and what the server loads of it. */
const BUILD_INPUTS = [
  'scripts/build-images.ts',
  'src/server/content/photo-encoding.ts',
  'scripts/build-pglite-cluster.ts',
  'src/db/pglite-cluster.ts',
  'scripts/lib/precompress.ts',
  'scripts/font-subsets.ts',
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

/** Nothing built yet, or a source changed since the last build. */
export function buildIsStale(): boolean {
  const built = BUILD_OUTPUTS.every((output) => existsSync(join(root, output)))
    ? Math.min(...BUILD_OUTPUTS.map(lastModified))
    : Number.NEGATIVE_INFINITY;
  return BUILD_INPUTS.some((input) => lastModified(input) > built);
}

/** Several processes may want it at once (test files run side by side): one builds, the others wait for it. */
const BUILD_LOCK = join(root, 'node_modules', '.cache', 'build.lock');

/** Builds the site unless the build in dist/ is current: `npm start` and the tests that start a server. */
export function ensureCurrentBuild(output: 'pipe' | 'inherit' = 'pipe'): void {
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
    if (buildIsStale()) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: output });
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}
