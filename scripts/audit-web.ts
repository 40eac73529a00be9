/**
 * `npm run audit:web`: builds the site, serves it on a temporary data directory, and holds it to the
 * budgets of product.md §4 and issue 7 — Lighthouse (mobile) on every public page, axe-core on every public
 * and admin screen, and the size of what a guest downloads. Prints a table, writes the HTML reports to
 * reports/lighthouse/, and exits non-zero when a budget is missed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from './lib/chromium.ts';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM = ensureChromium();
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const PORT = 4390;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'audit@roseandcrown.example', password: 'audit-password-2026' };

export const BUDGETS = {
  /**
   * The gate, not the target (0.95 and up, docs/performance.md): on the shared 2-core machines the same
   * build's median scores 0.92–0.99 from one day to the next, the unchanged commit of 22 November included.
   */
  performance: 0.9,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
  publicEntryJsGzipKb: 90,
  cssGzipKb: 20,
} as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(root, 'dist', file)), { level: 9 }).length / 1024;
}

/** Everything the browser must fetch to run the entry: the entry chunk and its static imports. */
export function bundleSizes(): { entryJsKb: number; cssKb: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = manifest['index.html'];
  if (!entry) throw new Error('dist/.vite/manifest.json has no index.html entry: run the build');
  const seen = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk('index.html');
  const files = [...seen];
  return {
    entryJsKb: files.reduce((sum, file) => sum + gzipKb(file), 0),
    cssKb: [...css].reduce((sum, file) => sum + gzipKb(file), 0),
    files,
  };
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('the server did not start');
}

async function firstEvent(): Promise<{ _id: string; slug: string }> {
  const events = (await (await fetch(`${BASE}/api/events/upcoming?limit=1`)).json()) as {
    _id: string;
    slug: string;
  }[];
  if (!events[0]) throw new Error('the seeded site has no upcoming event');
  return events[0];
}

/** Runs per page; the median run by performance score counts (Lighthouse's own advice for noisy hosts). */
const LIGHTHOUSE_RUNS = Number(process.env.AUDIT_RUNS ?? 3);

async function runLighthouse(paths: string[], reportDir: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const results: { path: string; scores: Record<string, number> }[] = [];
  try {
    for (const path of paths) {
      const runs: { scores: Record<string, number>; report: string }[] = [];
      // A headless run now and then loses its trace (NO_NAVSTART, NO_FCP): such a run is repeated.
      for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS + 3; attempt++) {
        const runner = await lighthouse(`${BASE}${path}`, {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!runner || runner.lhr.runtimeError) continue;
        const scores = Object.fromEntries(
          Object.entries(runner.lhr.categories).map(([id, category]) => [id, category.score ?? 0]),
        );
        runs.push({ scores, report: String(runner.report) });
      }
      if (runs.length === 0) throw new Error(`Lighthouse gave no result for ${path}`);
      runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = runs[Math.floor(runs.length / 2)];
      if (!median) continue;
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
      writeFileSync(join(reportDir, `${name}.html`), median.report);
      results.push({ path, scores: median.scores });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function runAxe(publicPaths: string[], adminPaths: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const violations: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => sessionStorage.setItem('christmas-promo-dismissed', '1'));
    const page = await context.newPage();
    const check = async (path: string) => {
      await page.goto(`${BASE}${path}`);
      await page.locator('h1').first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      for (const violation of result.violations)
        violations.push(`${path}: ${violation.id} — ${violation.help}`);
    };
    for (const path of publicPaths) await check(path);
    await check('/admin');
    const login = await page.request.post(`${BASE}/api/auth/login`, { data: ADMIN });
    if (!login.ok()) throw new Error(`could not sign in for the admin screens (${login.status()})`);
    for (const path of adminPaths) await check(path);
  } finally {
    await browser.close();
  }
  return violations;
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
}

async function main(): Promise<number> {
  execFileSync('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const sizes = bundleSizes();
  const dataDir = mkdtempSync(join(tmpdir(), 'pub-audit-'));
  const reportDir = join(root, 'reports/lighthouse');
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const server = startServer(dataDir);
  const failures: string[] = [];
  try {
    await waitForServer();
    const event = await firstEvent();
    const publicPaths = [
      '/',
      '/events',
      `/events/${event.slug}`,
      '/menu',
      '/gallery',
      '/about',
      '/contact',
      '/bookings',
      '/christmas',
      '/privacy',
    ];
    const scores = await runLighthouse(publicPaths, reportDir);
    // Without an order, the payment and confirmation pages show their "not found" states; the Playwright
    // journeys (tests/e2e/christmas.spec.ts) check them with axe-core for a real order as well.
    const axePublic = [
      ...publicPaths,
      '/menu/showtimeMenu',
      '/christmas/demo-checkout',
      '/christmas/success',
      '/christmas/cancel',
      '/no-such-page',
    ];
    const axeAdmin = [
      '/admin/events',
      '/admin/events/new',
      `/admin/events/${event._id}`,
      '/admin/bookings',
      '/admin/christmas',
      '/admin/mail',
      '/admin/enquiries',
    ];
    const violations = await runAxe(axePublic, axeAdmin);

    const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
    console.log(`\n${'page'.padEnd(28)}${categories.map((id) => id.padStart(16)).join('')}`);
    for (const { path, scores: pageScores } of scores) {
      const cells = categories.map((id) => {
        const score = pageScores[id] ?? 0;
        if (score < BUDGETS[id]) failures.push(`${path}: ${id} ${score} < ${BUDGETS[id]}`);
        return `${score.toFixed(2)}${score < BUDGETS[id] ? ' ✗' : '  '}`.padStart(16);
      });
      console.log(`${path.padEnd(28)}${cells.join('')}`);
    }
    console.log(
      `\npublic entry JavaScript: ${sizes.entryJsKb.toFixed(1)} KB gzip (budget ${BUDGETS.publicEntryJsGzipKb})`,
    );
    console.log(`CSS: ${sizes.cssKb.toFixed(1)} KB gzip (budget ${BUDGETS.cssGzipKb})`);
    if (sizes.entryJsKb > BUDGETS.publicEntryJsGzipKb) failures.push('public entry JavaScript over budget');
    if (sizes.cssKb > BUDGETS.cssGzipKb) failures.push('CSS over budget');
    if (sizes.files.some((file) => /admin|stripe|confetti/i.test(file))) {
      failures.push(`admin, Stripe or confetti code in the public entry: ${sizes.files.join(', ')}`);
    }
    console.log(
      `axe-core: ${violations.length} violations on ${axePublic.length + axeAdmin.length + 1} screens`,
    );
    failures.push(...violations);
    console.log(`reports: ${reportDir}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\nBudgets missed:\n- ${failures.join('\n- ')}`);
    return 1;
  }
  console.log('\nAll budgets met.');
  return 0;
}

process.exitCode = await main();
