import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
function ensureCurrentBuild(): void {
  const built = BUILD_OUTPUTS.every((output) => existsSync(join(root, output)))
    ? Math.min(...BUILD_OUTPUTS.map(lastModified))
    : Number.NEGATIVE_INFINITY;
  if (BUILD_INPUTS.some((input) => lastModified(input) > built)) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
  }
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string, port: number): Running {
  let output = '';
  const child = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
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

async function waitForHealth(port: number, timeoutMs: number): Promise<number> {
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

describe('the server process on embedded PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pub-process-'));
  const port = 4400 + Math.floor(Math.random() * 500);
  let first: Running;

  beforeAll(() => {
    ensureCurrentBuild();
    first = startServer(dataDir, port);
  }, 300_000);
  afterAll(() => {
    first.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds and serves the site within 10 seconds', async () => {
    const readyAfter = await waitForHealth(port, 10_000);
    expect(readyAfter).toBeLessThan(10_000);
    const events = await (await fetch(`http://127.0.0.1:${port}/api/events/upcoming`)).json();
    expect(events.length).toBeGreaterThan(0);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    // Rendered on the server: the guest sees the page before any script runs.
    const homeHtml = await home.text();
    expect(homeHtml).toMatch(/<div id="root">.*The village local, done properly\./s);
    // The page paints without its scripts, so none of them competes with the hero image and the fonts.
    const menuHtml = await (await fetch(`http://127.0.0.1:${port}/menu`)).text();
    const scriptTags = [homeHtml, menuHtml].flatMap((html) =>
      html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g),
    );
    expect(menuHtml).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/menu-[^"]+\.js"/);
    expect(scriptTags.length).toBeGreaterThan(3);
    for (const tag of scriptTags) expect(tag).toContain('fetchpriority="low"');
    // Both fonts are on their way before the stylesheet asks for them, so no text reflows when they land.
    for (const font of ['fraunces', 'inter'])
      expect(homeHtml).toMatch(
        new RegExp(`<link rel="preload" href="/assets/${font}-latin-[^"]+\\.woff2" as="font"`),
      );
    expect(first.output()).toContain('Demo staff sign-in at /admin: admin@roseandcrown.example / ');
  });

  it('refuses a second process on the same data directory', async () => {
    const second = startServer(dataDir, port + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is already in use`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
  });

  it('shuts down cleanly on SIGTERM, releasing the data directory', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(readdirSync(dataDir)).not.toContain('pglite.lock');

    const again = startServer(dataDir, port + 2);
    await waitForHealth(port + 2, 10_000);
    const events = await (await fetch(`http://127.0.0.1:${port + 2}/api/events/upcoming`)).json();
    expect(events.length).toBeGreaterThan(0);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });
});

describe('configuration', () => {
  it('stops with a readable message naming a bad variable', () => {
    let message = '';
    try {
      execFileSync(process.execPath, ['src/server/server.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH, PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
        stdio: 'pipe',
      });
    } catch (error) {
      message = String((error as { stderr: Buffer }).stderr);
    }
    expect(message).toContain('Invalid configuration:');
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// connection string');
  });

  it('requires DATABASE_URL in production', () => {
    let message = '';
    try {
      execFileSync(process.execPath, ['src/server/server.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH, NODE_ENV: 'production' },
        stdio: 'pipe',
      });
    } catch (error) {
      message = String((error as { stderr: Buffer }).stderr);
    }
    expect(message).toContain('DATABASE_URL: required in production');
  });
});
