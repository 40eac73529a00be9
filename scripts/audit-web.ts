/**
 * `npm run audit:web`: builds the site, serves it on a temporary data directory, and holds it to the
 * budgets of product.md §4 and issues 7 and 20 — Lighthouse (mobile) on every public page, each page's
 * performance score and largest contentful paint against the same page without its scripts, layout shift
 * under throttling, how soon the booking form takes input, axe-core on every public and admin screen, and the
 * size of what a guest downloads. Prints every figure, writes the HTML reports to reports/lighthouse/, and
 * exits non-zero when a budget is missed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
  zstdCompressSync,
  zstdDecompressSync,
} from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import { PROMO_DISMISSED_KEY } from '../src/shared/promo/promo.ts';
import { withOneCoreBusy } from './lib/busy-core.ts';
import { ensureChromium } from './lib/chromium.ts';
import { cpuSlowdownFor } from './lib/cpu-slowdown.ts';
import { freePort } from './lib/free-port.ts';
import { type LcpPair, lcpPairsOverBudget, lcpRatio } from './lib/lcp-pairs.ts';
import { lighthouseAtTheRunsPhone, type RunPhone } from './lib/lighthouse-at-the-runs-phone.ts';
import { type PerformancePair, performanceOverBudget, performanceRatio } from './lib/performance-pairs.ts';
import {
  ADMIN_SHELL,
  chunkFiles,
  type Manifest,
  STAFF_SCREEN_BUDGET_KB,
  type StaffScreenChunks,
  staffScreenChunks,
  staffScreensOverBudget,
} from './lib/staff-chunks.ts';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM = ensureChromium();
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const ADMIN = { email: 'audit@roseandcrown.example', password: 'audit-password-2026' };
const BOOKING_FORM = 'form[aria-label="Book a table"] fieldset';

export const BUDGETS = {
  /**
   * The gate, not the target (0.95 and up, docs/performance.md), and a ratio (decision 052): the page's
   * performance score at least 0.9× that of the same page without its scripts, scored on the same phone right
   * after it, median of the three pairs. On a quick host, where the page without scripts scores 1.00, that is
   * the 0.9 it always was; on a slow minute both fall together.
   */
  performance: 0.9,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
  /** 90 until issue 30's public pages: each lazy page costs the entry its path and its files (decision 036). */
  publicEntryJsGzipKb: 90.7,
  /** The boot module every server-rendered page holds inline, which loads the entry after the first paint. */
  bootJsGzipKb: 1,
  cssGzipKb: 20,
  /** What each staff screen fetches of its own beyond the entry and the admin shell (staff phones on pub Wi-Fi). */
  staffScreenJsGzipKb: STAFF_SCREEN_BUDGET_KB,
  /** Largest contentful paint ÷ that of the same page served without its scripts, in every run (issues 20 and 34). */
  lcpRatio: 1.15,
  /** Cumulative layout shift in every load, to the two places the target is given in (issue 20). */
  cls: 0.005,
  /**
   * How long after its largest paint, on the throttled phone, the booking form may still refuse input.
   * Before a guest types, they read what the page asks: the heading, the sentence above the form and the
   * first label, some 25 words, which even skimmed at 600 words a minute take 2.5 s. A form that takes
   * input within that time of appearing is ready before the quickest guest reaches for it.
   */
  formReadyAfterLcpMs: 2500,
} as const;

function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(root, 'dist', file)), { level: 9 }).length / 1024;
}

/**
 * Everything the browser must fetch to run the entry (the entry chunk and its static imports), and the boot
 * module that loads it; the staff admin's shell beyond the entry, and each staff screen's own chunks beyond both.
 */
export function bundleSizes(): {
  entryJsKb: number;
  bootJsKb: number;
  cssKb: number;
  files: string[];
  adminShellJsKb: number;
  staffScreens: StaffScreenChunks[];
} {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Manifest;
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
  const boot = manifest['src/web/boot.ts'];
  if (!boot) throw new Error('dist/.vite/manifest.json has no src/web/boot.ts: run the build');
  return {
    entryJsKb: files.reduce((sum, file) => sum + gzipKb(file), 0),
    bootJsKb: gzipKb(boot.file),
    cssKb: [...css].reduce((sum, file) => sum + gzipKb(file), 0),
    files,
    adminShellJsKb: [...chunkFiles(manifest, ADMIN_SHELL)]
      .filter((file) => !seen.has(file))
      .reduce((sum, file) => sum + gzipKb(file), 0),
    staffScreens: staffScreenChunks(manifest, gzipKb),
  };
}

async function waitForServer(base: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('the server did not start');
}

async function firstEvent(base: string): Promise<{ _id: string; slug: string }> {
  const events = (await (await fetch(`${base}/api/events/upcoming?limit=1`)).json()) as {
    _id: string;
    slug: string;
  }[];
  if (!events[0]) throw new Error('the seeded site has no upcoming event');
  return events[0];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Runs per page (Lighthouse's own advice for noisy hosts): the median run by performance score gives the
 * printed score and report, and the median of the runs' pairs the performance gate.
 */
const LIGHTHOUSE_RUNS = Number(process.env.AUDIT_RUNS ?? 3);
/**
 * `--lcp-under-load`: issue 34's second LCP pass, every run within the budget while another process keeps one
 * core busy (3.5 minutes more; not in CI).
 */
const LCP_UNDER_LOAD = process.argv.includes('--lcp-under-load');
const SCORED_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/**
 * The audits the performance score is made of (first and largest contentful paint, total blocking time,
 * layout shift, speed index): the category's other audits weigh nothing in it, so the runs after the first,
 * which only score performance, gather and compute these alone and score exactly as the whole category.
 */
const PERFORMANCE_SCORE_AUDITS = (defaultConfig.categories?.performance?.auditRefs ?? [])
  .filter((ref) => ref.weight > 0)
  .map((ref) => ref.id);
if (PERFORMANCE_SCORE_AUDITS.length === 0) throw new Error("Lighthouse's config has no performance score");
/**
 * A picture of the whole page for the report's element thumbnails, which Lighthouse takes whatever audits
 * run (a quarter of an LCP-only run's time here): only the first, scored run of each page keeps it.
 */
const NO_PAGE_PICTURE: Flags = { disableFullPageScreenshot: true };
/**
 * The runs of each page without its scripts: the performance score's audits, its largest paint among them,
 * for the LCP ratio and the performance ratio (decision 052). A page without scripts has nothing left to do
 * once it has loaded, so Lighthouse need not wait as long after the load.
 */
const WITHOUT_SCRIPTS: Flags = {
  onlyAudits: PERFORMANCE_SCORE_AUDITS,
  disableFullPageScreenshot: true,
  pauseAfterFcpMs: 0,
  pauseAfterLoadMs: 250,
  networkQuietThresholdMs: 250,
  cpuQuietThresholdMs: 250,
};
/**
 * The runs with scripts while a core is busy time the largest paint alone, waiting as long after the load
 * as the scored runs do, so a paint the app redraws once it has hydrated still counts.
 */
const WITH_SCRIPTS_LCP_ONLY: Flags = { onlyAudits: ['largest-contentful-paint'], ...NO_PAGE_PICTURE };

/** The page's module scripts (the boot module is written inline) and any module preloads. */
const SCRIPT_TAGS = /<script type="module"[^>]*>[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>/g;

/** Decoders and encoders at @fastify/compress's settings, so the stripped page travels as the real one does. */
const CODECS: Record<string, { decode(bytes: Buffer): Buffer; encode(bytes: Buffer): Buffer }> = {
  zstd: { decode: zstdDecompressSync, encode: (bytes) => zstdCompressSync(bytes) },
  br: {
    decode: brotliDecompressSync,
    encode: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  },
  gzip: { decode: gunzipSync, encode: (bytes) => gzipSync(bytes) },
};

/**
 * "The same page served with its scripts removed": a proxy in front of the server that passes everything
 * through but takes the script tags out of each page, re-compressed as the server compressed it. The page's
 * HTML, styles, fonts and pictures are those of the real page; its scripts are never even requested (a
 * blocked request would still cost a simulated round trip and flatter the ratio).
 */
async function startScriptlessProxy(upstreamPort: number): Promise<{ base: string; close(): void }> {
  const proxy = createHttpServer((request, response) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        const codec = CODECS[String(answer.headers['content-encoding'] ?? '')];
        if (!String(answer.headers['content-type']).startsWith('text/html')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const received = Buffer.concat(chunks);
          const page = (codec ? codec.decode(received) : received).toString('utf8').replace(SCRIPT_TAGS, '');
          const body = codec ? codec.encode(Buffer.from(page)) : page;
          const { 'content-length': _length, ...headers } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return { base: `http://127.0.0.1:${address.port}`, close: () => proxy.close() };
}

interface LighthouseFigures {
  path: string;
  scores: Record<string, number>;
  /** Each scored run's largest paint, paired with a run of the page without scripts right after it. */
  lcp: LcpPair[];
  /** The same pairs, timed while another process keeps one of the machine's cores busy. */
  lcpOneCoreBusy: LcpPair[];
  /** Each scored run's performance score, paired with that of the same run of the page without scripts. */
  performance: PerformancePair[];
  cls: number[];
}

function audit(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** The host's benchmark index as Lighthouse measures it: the median of three runs on a light page. */
async function hostBenchmarkIndex(url: string): Promise<number> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const indexes: number[] = [];
    for (let run = 0; run < 3; run++) {
      const runner = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyAudits: ['viewport'],
        disableFullPageScreenshot: true,
      });
      if (runner) indexes.push(runner.lhr.environment.benchmarkIndex);
    }
    return median(indexes);
  } finally {
    await chrome.kill();
  }
}

async function runLighthouse(
  base: string,
  scriptlessBase: string,
  paths: string[],
  reportDir: string,
): Promise<{ figures: LighthouseFigures[]; phones: RunPhone[] }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const phones: RunPhone[] = [];
  // A headless run now and then loses its trace (NO_NAVSTART, NO_FCP, NO_LCP), failing the whole run or
  // only its largest paint: such a run is repeated. Each run is scored on its own minute's phone, but for a
  // page's run without scripts, which is scored on its pair's: a ratio compares two loads on one phone.
  const run = async (url: string, flags: Flags, pairedWith?: RunPhone) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const { runner, phone } = await lighthouseAtTheRunsPhone(
        url,
        { port: chrome.port, logLevel: 'error', throttling: throttling.mobileSlow4G, ...flags },
        pairedWith?.cpuSlowdown,
      );
      if (
        runner &&
        !runner.lhr.runtimeError &&
        Number.isFinite(audit(runner.lhr, 'largest-contentful-paint')) &&
        runner.lhr.categories.performance?.score !== null
      ) {
        if (!pairedWith) phones.push(phone);
        return { ...runner, phone };
      }
    }
    throw new Error(`Lighthouse gave no result for ${url}`);
  };
  /** The page without its scripts, on the phone of the run it is paired with: its largest paint and score. */
  const withoutScripts = async (path: string, pairedWith: RunPhone) => {
    const { lhr } = await run(`${scriptlessBase}${path}`, WITHOUT_SCRIPTS, pairedWith);
    return {
      lcpMs: audit(lhr, 'largest-contentful-paint'),
      performance: lhr.categories.performance?.score ?? 0,
    };
  };
  const pages = paths.map((path) => ({
    path,
    runs: [] as { scores: Record<string, number>; report: string }[],
    figures: { path, scores: {}, lcp: [], lcpOneCoreBusy: [], performance: [], cls: [] } as LighthouseFigures,
  }));
  const results: LighthouseFigures[] = [];
  try {
    // Round by round over the pages rather than page by page: a slow minute of the shared machine falls on
    // one run of several pages, which each page's median sets aside, instead of on every run of one page.
    for (let index = 0; index < LIGHTHOUSE_RUNS; index++) {
      for (const { path, runs, figures } of pages) {
        // Accessibility, best practices and SEO read the page, not its timing: the first run scores them,
        // the others time it (the performance score's audits) only.
        const { lhr, report, phone } = await run(
          `${base}${path}`,
          index === 0
            ? { output: 'html', onlyCategories: SCORED_CATEGORIES }
            : { output: 'html', onlyAudits: PERFORMANCE_SCORE_AUDITS, ...NO_PAGE_PICTURE },
        );
        const scores = Object.fromEntries(
          Object.entries(lhr.categories).map(([id, category]) => [id, category.score ?? 0]),
        );
        runs.push({ scores, report: String(report) });
        figures.cls.push(audit(lhr, 'cumulative-layout-shift'));
        const without = await withoutScripts(path, phone);
        figures.lcp.push({
          withScriptsMs: audit(lhr, 'largest-contentful-paint'),
          withoutScriptsMs: without.lcpMs,
        });
        figures.performance.push({
          withScripts: scores.performance ?? 0,
          withoutScripts: without.performance,
        });
      }
    }
    // Issue 34: the scripts must not hold up the largest paint on a busy machine either, where the page's
    // own work competes for the one core left with the browser's and the server's (`--lcp-under-load`).
    if (LCP_UNDER_LOAD)
      await phase('Lighthouse with one core busy', () =>
        withOneCoreBusy(async () => {
          for (let index = 0; index < LIGHTHOUSE_RUNS; index++) {
            for (const { path, figures } of pages) {
              const { lhr, phone } = await run(`${base}${path}`, WITH_SCRIPTS_LCP_ONLY);
              figures.lcpOneCoreBusy.push({
                withScriptsMs: audit(lhr, 'largest-contentful-paint'),
                withoutScriptsMs: (await withoutScripts(path, phone)).lcpMs,
              });
            }
          }
        }),
      );
    for (const { path, runs, figures } of pages) {
      const [scored] = runs;
      runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const medianRun = runs[Math.floor(runs.length / 2)];
      if (!medianRun || !scored) continue;
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
      writeFileSync(join(reportDir, `${name}.html`), scored.report);
      if (medianRun !== scored) writeFileSync(join(reportDir, `${name}.performance.html`), medianRun.report);
      results.push({
        ...figures,
        scores: { ...scored.scores, performance: medianRun.scores.performance ?? 0 },
      });
    }
  } finally {
    await chrome.kill();
  }
  return { figures: results, phones };
}

/** Loads per page under applied throttling: with Lighthouse's three, five loads each for layout shift. */
const THROTTLED_LOADS = 2;
/** /bookings gets one more, so the time its form takes input is a median of three. */
const BOOKING_LOADS = 3;

interface ThrottledLoad {
  cls: number;
  shifted: string[];
  lcpMs: number;
  formReadyMs: number | null;
}

interface AuditWindow {
  __audit: {
    shifts: { time: number; value: number; sources: string[] }[];
    lcpMs: number;
    formReadyMs: number | null;
  };
}

/**
 * Runs in the page before anything else: records layout shifts, largest contentful paint candidates, and
 * the moment the booking form's fieldset is first enabled (React enables it once it has taken the page over).
 */
function observePage(formSelector: string): void {
  const record: AuditWindow['__audit'] = { shifts: [], lcpMs: 0, formReadyMs: null };
  (window as unknown as AuditWindow).__audit = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map(({ node }) =>
        node instanceof Element ? `${node.localName}.${[...node.classList].slice(0, 3).join('.')}` : 'text',
      );
      record.shifts.push({ time: entry.startTime, value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) record.lcpMs = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const checkForm = () => {
    const fieldset = document.querySelector<HTMLFieldSetElement>(formSelector);
    if (record.formReadyMs === null && fieldset && !fieldset.disabled) record.formReadyMs = performance.now();
  };
  new MutationObserver(checkForm).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
}

/** Cumulative layout shift as browsers define it: the largest burst (gaps under 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts: { time: number; value: number }[]): number {
  let largest = 0;
  let burst = 0;
  let burstStart = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (const { time, value } of shifts) {
    if (time - previous >= 1000 || time - burstStart >= 5000) {
      burst = 0;
      burstStart = time;
    }
    burst += value;
    previous = time;
    largest = Math.max(largest, burst);
  }
  return largest;
}

/**
 * A first visit on Lighthouse's phone (its screen, slow 4G as DevTools applies it, the CPU slowed as for the
 * Lighthouse runs, `cpuSlowdownFor`), the throttling applied rather than simulated: fonts and scripts arrive
 * late, as on a real phone, so any shift they cause shows. The Christmas promo counts as answered, as after the guest's first page.
 */
async function throttledLoad(browser: Browser, url: string, cpuSlowdown: number): Promise<ThrottledLoad> {
  const profile = throttling.mobileSlow4G;
  const screen = screenEmulationMetrics.mobile;
  if (!screen) throw new Error("Lighthouse's constants have no mobile screen");
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), PROMO_DISMISSED_KEY);
    await context.addInitScript(observePage, BOOKING_FORM);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.requestLatencyMs,
      downloadThroughput: (profile.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (profile.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
      timeout: 30_000,
    });
    // React enables the form's fieldset in the render after hydration, not in hydration itself.
    await page.waitForFunction(
      (selector) =>
        !document.querySelector(selector) || (window as unknown as AuditWindow).__audit.formReadyMs !== null,
      BOOKING_FORM,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const { shifts, lcpMs, formReadyMs } = await page.evaluate(
      () => (window as unknown as AuditWindow).__audit,
    );
    return {
      cls: cumulativeLayoutShift(shifts),
      shifted: [...new Set(shifts.flatMap((shift) => shift.sources))],
      lcpMs,
      formReadyMs,
    };
  } finally {
    await context.close();
  }
}

async function runThrottledLoads(base: string, paths: string[], cpuSlowdown: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const results = paths.map((path) => ({ path, loads: [] as ThrottledLoad[] }));
    // Round by round over the pages, as the Lighthouse runs.
    for (let index = 0; index < Math.max(BOOKING_LOADS, THROTTLED_LOADS); index++) {
      for (const { path, loads } of results) {
        const count = path === '/bookings' ? BOOKING_LOADS : THROTTLED_LOADS;
        if (index < count) loads.push(await throttledLoad(browser, `${base}${path}`, cpuSlowdown));
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function runAxe(base: string, publicPaths: string[], adminPaths: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const violations: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), PROMO_DISMISSED_KEY);
    const page = await context.newPage();
    const check = async (path: string) => {
      await page.goto(`${base}${path}`);
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
    const login = await page.request.post(`${base}/api/auth/login`, { data: ADMIN });
    if (!login.ok()) throw new Error(`could not sign in for the admin screens (${login.status()})`);
    for (const path of adminPaths) await check(path);
  } finally {
    await browser.close();
  }
  return violations;
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const phaseTimes: string[] = [];

/** Runs one part of the audit and notes how long it took, for the summary. */
async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    phaseTimes.push(`${name} ${Math.round((performance.now() - started) / 1000)} s`);
  }
}

async function main(): Promise<number> {
  // `--built`: the tree was built a moment ago (CI's `npm test` builds it before this audit).
  if (!process.argv.includes('--built')) {
    execFileSync('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const sizes = bundleSizes();
  const dataDir = mkdtempSync(join(tmpdir(), 'pub-audit-'));
  const reportDir = join(root, 'reports/lighthouse');
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const port = Number(process.env.AUDIT_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  const failures: string[] = [];
  try {
    await waitForServer(base);
    const event = await firstEvent(base);
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
    const scriptless = await startScriptlessProxy(port);
    const { figures: lighthouseFigures, phones } = await phase('Lighthouse, both passes', () =>
      runLighthouse(base, scriptless.base, publicPaths, reportDir).finally(scriptless.close),
    );
    const range = (values: number[], format: (value: number) => string) =>
      `${format(Math.min(...values))}–${format(Math.max(...values))}`;
    console.log(
      `Lighthouse: each run's phone is this host slowed as the benchmark index measured in that run asks ` +
        `(decision 047): index ${range(
          phones.map((phone) => phone.benchmarkIndex),
          (index) => String(Math.round(index)),
        )}, slowed ${range(
          phones.map((phone) => phone.cpuSlowdown),
          (slowdown) => `${slowdown}×`,
        )} (${phones.filter((phone) => phone.cpuSlowdown < 4).length} of ${phones.length} runs under 4×)`,
    );
    // The throttled loads slow the CPU while the page loads, so their slowdown is chosen before them, from
    // the index measured right before (decision 032).
    const benchmarkIndex = await hostBenchmarkIndex(`${base}/privacy`);
    const cpuSlowdown = cpuSlowdownFor(benchmarkIndex);
    console.log(
      `throttled loads: host benchmark index ${Math.round(benchmarkIndex)} (median of 3 just before), the phone's CPU this one slowed ${cpuSlowdown}×`,
    );
    const throttled = await phase('throttled loads', () => runThrottledLoads(base, publicPaths, cpuSlowdown));
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
    const violations = await phase('axe-core', () => runAxe(base, axePublic, axeAdmin));

    // Performance: the median run's score, the median of the same page's without its scripts, and the median
    // of the pairs' ratios, which is the gate (decision 052).
    const categories = ['accessibility', 'best-practices', 'seo'] as const;
    console.log(
      `\n${'page'.padEnd(28)}${'performance'.padStart(16)}${'no scripts'.padStart(12)}` +
        `${`ratio ≥ ${BUDGETS.performance}`.padStart(12)}${categories.map((id) => id.padStart(16)).join('')}`,
    );
    for (const { path, scores: pageScores, performance: pairs } of lighthouseFigures) {
      const performanceMissed = performanceOverBudget(path, pairs, BUDGETS.performance);
      failures.push(...performanceMissed);
      const ratio = median(pairs.map((pair) => performanceRatio(pair)));
      const cells = [
        (pageScores.performance ?? 0).toFixed(2).padStart(16),
        median(pairs.map((pair) => pair.withoutScripts))
          .toFixed(2)
          .padStart(12),
        `${ratio.toFixed(3)}×${performanceMissed.length > 0 ? ' ✗' : '  '}`.padStart(12),
        ...categories.map((id) => {
          const score = pageScores[id] ?? 0;
          if (score < BUDGETS[id]) failures.push(`${path}: ${id} ${score} < ${BUDGETS[id]}`);
          return `${score.toFixed(2)}${score < BUDGETS[id] ? ' ✗' : '  '}`.padStart(16);
        }),
      ];
      console.log(`${path.padEnd(28)}${cells.join('')}`);
    }

    console.log(
      `\nLargest contentful paint (Lighthouse mobile, simulated) of each of ${LIGHTHOUSE_RUNS} runs over that of ` +
        `the same page served without its scripts in a run right after it (budget ≤ ${BUDGETS.lcpRatio} ` +
        (LCP_UNDER_LOAD
          ? 'in every run), then again while another process keeps one core busy; '
          : 'in every run; a pass with one core busy with --lcp-under-load); ') +
        'layout shift of the scored Lighthouse loads and the throttled loads (budget 0.00 in every one); ' +
        'largest paint of the throttled loads',
    );
    console.log(
      `${'page'.padEnd(28)}${['LCP', 'no scripts', 'ratio, each run', 'one core busy', 'CLS (each load)', 'throttled LCP'].map((head, index) => head.padStart(index === 4 ? 36 : index >= 2 ? 20 : 12)).join('')}`,
    );
    const ratios = (pairs: LcpPair[]) =>
      pairs
        .map((pair) => `${lcpRatio(pair).toFixed(2)}${lcpRatio(pair) <= BUDGETS.lcpRatio ? '' : '✗'}`)
        .join(' ');
    for (const figures of lighthouseFigures) {
      const { path } = figures;
      failures.push(...lcpPairsOverBudget(path, 'idle', figures.lcp, BUDGETS.lcpRatio));
      if (LCP_UNDER_LOAD)
        failures.push(
          ...lcpPairsOverBudget(path, 'with one core busy', figures.lcpOneCoreBusy, BUDGETS.lcpRatio),
        );
      const loads = throttled.find((entry) => entry.path === path)?.loads ?? [];
      const shifts = [...figures.cls, ...loads.map((load) => load.cls)];
      if (shifts.some((cls) => !(cls < BUDGETS.cls))) {
        const moved = [...new Set(loads.flatMap((load) => load.shifted))].join(', ');
        failures.push(
          `${path}: layout shift ${shifts.map((cls) => cls.toFixed(3)).join(' ')}${moved ? ` (${moved})` : ''}`,
        );
      }
      const cells = [
        seconds(median(figures.lcp.map((pair) => pair.withScriptsMs))).padStart(12),
        seconds(median(figures.lcp.map((pair) => pair.withoutScriptsMs))).padStart(12),
        ratios(figures.lcp).padStart(20),
        ratios(figures.lcpOneCoreBusy).padStart(20),
        shifts
          .map((cls) => cls.toFixed(3))
          .join(' ')
          .padStart(36),
        seconds(median(loads.map((load) => load.lcpMs))).padStart(20),
      ];
      console.log(`${path.padEnd(28)}${cells.join('')}`);
    }

    const bookingLoads = throttled.find((entry) => entry.path === '/bookings')?.loads ?? [];
    const formReady = median(bookingLoads.map((load) => load.formReadyMs ?? Number.NaN));
    const bookingLcp = median(bookingLoads.map((load) => load.lcpMs));
    const formBudget = bookingLcp + BUDGETS.formReadyAfterLcpMs;
    console.log(
      `\n/bookings on the throttled phone (median of ${bookingLoads.length}): largest paint ${seconds(bookingLcp)}, ` +
        `form takes input at ${seconds(formReady)} (budget: largest paint + ${seconds(BUDGETS.formReadyAfterLcpMs)} = ${seconds(formBudget)}); ` +
        `each load: ${bookingLoads.map((load) => `${seconds(load.lcpMs)} / ${load.formReadyMs === null ? 'never' : seconds(load.formReadyMs)}`).join(', ')}`,
    );
    if (!(formReady <= formBudget))
      failures.push(`/bookings: the form takes input at ${seconds(formReady)}, after ${seconds(formBudget)}`);

    console.log(
      `\npublic entry JavaScript: ${sizes.entryJsKb.toFixed(1)} KB gzip (budget ${BUDGETS.publicEntryJsGzipKb}), ` +
        `and the boot module that loads it ${sizes.bootJsKb.toFixed(1)} KB (budget ${BUDGETS.bootJsGzipKb})`,
    );
    console.log(`CSS: ${sizes.cssKb.toFixed(1)} KB gzip (budget ${BUDGETS.cssGzipKb})`);
    if (sizes.entryJsKb > BUDGETS.publicEntryJsGzipKb) failures.push('public entry JavaScript over budget');
    if (sizes.bootJsKb > BUDGETS.bootJsGzipKb) failures.push('boot module over budget');
    if (sizes.cssKb > BUDGETS.cssGzipKb) failures.push('CSS over budget');
    if (sizes.files.some((file) => /admin|stripe|confetti/i.test(file))) {
      failures.push(`admin, Stripe or confetti code in the public entry: ${sizes.files.join(', ')}`);
    }
    console.log(
      `\nstaff admin shell (layout, nav, session) beyond the entry: ${sizes.adminShellJsKb.toFixed(1)} KB gzip; ` +
        `each screen's own JavaScript beyond both (budget ${BUDGETS.staffScreenJsGzipKb} KB gzip):`,
    );
    for (const { screen, kb } of sizes.staffScreens) {
      console.log(
        `${screen.padEnd(60)}${`${kb.toFixed(1)} KB`.padStart(10)}${kb > BUDGETS.staffScreenJsGzipKb ? ' ✗' : ''}`,
      );
    }
    failures.push(...staffScreensOverBudget(sizes.staffScreens));
    console.log(
      `axe-core: ${violations.length} violations on ${axePublic.length + axeAdmin.length + 1} screens`,
    );
    failures.push(...violations);
    console.log(`reports: ${reportDir}`);
    console.log(`time: ${phaseTimes.join(', ')}`);
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
