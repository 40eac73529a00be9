import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureCurrentBuild,
  type Running,
  startServer,
  waitForHealth,
} from '#tests/helpers/server-process.ts';

const root = resolve(import.meta.dirname, '../..');

describe('the server process on embedded PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pub-process-'));
  const port = 4400 + Math.floor(Math.random() * 500);
  let first: Running;

  beforeAll(() => {
    ensureCurrentBuild();
    first = startServer(port, { DATA_DIR: dataDir, SEED_DEMO: 'true' });
  }, 300_000);
  afterAll(() => {
    first.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  // How fast it starts is measured by `npm run bench`, not here: this machine is shared and its speed varies.
  it('migrates, seeds and serves the site', async () => {
    await waitForHealth(port, 60_000);
    const events = await (await fetch(`http://127.0.0.1:${port}/api/events/upcoming`)).json();
    expect(events.length).toBeGreaterThan(0);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    // Rendered on the server: the guest sees the page before any script runs.
    const homeHtml = await home.text();
    expect(homeHtml).toMatch(/<div id="root">.*The village local, done properly\./s);
    // The page paints without its scripts: its one script, the boot module written inline, asks for the app's
    // modules (the entry first, then the page's chunk) only once the page has painted, and its policy allows it.
    const menuHtml = await (await fetch(`http://127.0.0.1:${port}/menu`)).text();
    for (const html of [homeHtml, menuHtml]) {
      const scriptTags = html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g);
      expect(scriptTags).toHaveLength(1);
      expect(scriptTags?.[0]).toMatch(/^<script type="module" async data-modules="/);
      expect(scriptTags?.[0]).not.toContain('src=');
    }
    const boot =
      /<script type="module" async data-modules="[^"]*">(.*?)<\/script>/s.exec(menuHtml)?.[1] ?? '';
    const bootHash = createHash('sha256').update(boot).digest('base64');
    expect(home.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${bootHash}'`);
    expect(menuHtml).toMatch(/data-modules="\/assets\/index-[^" ]+\.js [^"]*\/assets\/menu-[^" ]+\.js/);
    // Both fonts are on their way before the stylesheet asks for them, so no text reflows when they land.
    for (const font of ['fraunces', 'inter'])
      expect(homeHtml).toMatch(
        new RegExp(`<link rel="preload" href="/assets/${font}-latin-[^"]+\\.woff2" as="font"`),
      );
    expect(first.output()).toContain('Demo staff sign-in at /admin: admin@roseandcrown.example / ');
  });

  it('refuses a second process on the same data directory', async () => {
    const second = startServer(port + 1, { DATA_DIR: dataDir, SEED_DEMO: 'true' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is already in use`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
  });

  it('shuts down cleanly on SIGTERM, releasing the data directory', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(readdirSync(dataDir)).not.toContain('pglite.lock');

    const again = startServer(port + 2, { DATA_DIR: dataDir, SEED_DEMO: 'true' });
    await waitForHealth(port + 2, 60_000);
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
