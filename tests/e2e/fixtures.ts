import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';
import type { DepositRule } from '../../src/shared/deposits/rules.ts';
import { PROMO_DISMISSED_KEY } from '../../src/shared/promo/promo.ts';
import { type ParsedMail, parseMail } from '../helpers/mime.ts';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

export const PUBLIC_ROUTES = [
  { path: '/', heading: 'The village local, done properly.' },
  { path: '/events', heading: 'Events at the pub' },
  { path: '/menu', heading: 'Our Menu' },
  { path: '/menu/showtimeMenu', heading: 'Quiz Night & Comedy Night Menu' },
  { path: '/gallery', heading: 'Gallery' },
  { path: '/about', heading: 'Seven centuries on Church Lane' },
  { path: '/contact', heading: 'Find the pub' },
  { path: '/bookings', heading: 'Book a Table' },
  { path: '/christmas', heading: 'Christmas Day' },
  { path: '/christmas/cancel', heading: 'Payment Cancelled' },
] as const;

/** The journeys' admin, an owner, on every server (playwright.config.ts). */
export const STAFF = { email: 'staff@roseandcrown.example', password: 'e2e-staff-password' };

/** The Christmas journeys' server (playwright.config.ts), its clock frozen before this season's cut-off. */
export const CHRISTMAS_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

/** The tables journeys' server (playwright.config.ts), its clock frozen at 7:20pm on a Friday. */
export const TABLES_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 3}`;

/** The owner's session on each server, opened once by staff-sessions.setup.ts before the journeys. */
export const STAFF_SESSIONS = {
  main: join(process.env.E2E_SESSIONS_DIR ?? '', 'main.json'),
  christmas: join(process.env.E2E_SESSIONS_DIR ?? '', 'christmas.json'),
  tables: join(process.env.E2E_SESSIONS_DIR ?? '', 'tables.json'),
};

/**
 * Signs the page in as the owner with the stored session, for journeys that are not about signing in
 * (admin.spec.ts, staff-accounts.spec.ts and two-step.spec.ts sign in through the form). The journeys share
 * that session: none may sign out of it.
 */
export async function useOwnerSession(page: Page, server: keyof typeof STAFF_SESSIONS = 'main') {
  const { cookies } = JSON.parse(await readFile(STAFF_SESSIONS[server], 'utf8'));
  await page.context().addCookies(cookies);
}

/**
 * The time a journey through several screens may take (each loaded, checked and scanned with axe-core): a busy
 * two-core machine with two workers can take more than the 30 s one screen is given.
 */
export const SEVERAL_SCREENS_TIMEOUT = 60_000;

/** Marks the promo as answered before any page script runs. */
export async function skipPromo(page: Page): Promise<void> {
  await page.addInitScript((key) => sessionStorage.setItem(key, '1'), PROMO_DISMISSED_KEY);
}

/** The standards every screen of the journeys is held to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Resolves once every animation and transition that ends has ended (a pulsing placeholder never does): a
 * colour caught mid-fade fails a contrast check the settled screen passes.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
    // An animation replaced by another (a transition retargeted) rejects `finished`; the loop waits for its successor.
    for (let now = running(); now.length > 0; now = running()) {
      await Promise.all(now.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** Runs in the page: axe-core's violations within `root`, one line each with the elements at fault. */
async function violationsWithin(root: Element, tags: string[]): Promise<string[]> {
  if (!window.axe) throw new Error('axe-core is not in this page');
  const results = await window.axe.run(root, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * Fails when an e-mail's words do not stand out from their background as Chromium draws them: axe-core's
 * contrast rule, the one check of server/mail/accessibility.test.ts that jsdom cannot run.
 */
export async function expectEmailContrast(page: Page, html: string): Promise<void> {
  const letter = await page.context().newPage();
  try {
    await letter.route('**/*', (route) => route.abort());
    await letter.setContent(html);
    await letter.evaluate(axe.source);
    const summary = await letter.evaluate(async () => {
      if (!window.axe) throw new Error('axe-core is not in this page');
      const results = await window.axe.run(document, {
        runOnly: ['color-contrast'],
        resultTypes: ['violations'],
      });
      return results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
    });
    expect(summary).toEqual([]);
  } finally {
    await letter.close();
  }
}

/**
 * Fails on any axe-core violation in what the step shows: the whole page, or only `within` (a dialog or a
 * form that changed while the rest of the screen, scanned before, stayed as it was). Call it once the step's
 * screen is in place (after the assertions that say so); it scans once animations have settled. axe-core goes
 * into each document once and runs there, not in a second page as @axe-core/playwright does, so a scan stays
 * cheap on a busy machine.
 */
export async function expectNoAxeViolations(page: Page, within?: Locator): Promise<void> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const summary = await (within ?? page.locator('html')).evaluate(violationsWithin, AXE_TAGS);
  expect(summary).toEqual([]);
}

/** Checking for a session before signing in, and signing out, answer 401 by design; anything else is a fault. */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.includes('status of 401'));
}

/** Fails a test on any console error or failed request the page makes. */
export const test = base.extend<{ pageErrors: string[] }>({
  // Pages arrive rendered by the server; a journey starts once React has hydrated them, as a guest's
  // first tap would on any but the slowest phone.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      return response;
    };
    await use(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The e-mails a journey server has written to its outbox folder, newest last, parsed: the main server's, or
 * the Christmas server's (`E2E_CHRISTMAS_DATA_DIR`).
 */
export async function sentMail(dataDir = process.env.E2E_DATA_DIR): Promise<ParsedMail[]> {
  const folder = join(dataDir ?? '', 'outbox');
  const files = (await readdir(folder).catch(() => [])).sort();
  // Another journey's erasure may delete a guest's files between the listing and the reading: they are gone.
  const texts = await Promise.all(
    files.map((file) =>
      readFile(join(folder, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      }),
    ),
  );
  return texts.flatMap((text) => (text === null ? [] : [parseMail(text)]));
}

/** A guest's table booking typed into the public form at /bookings (already open): who, how many, when. */
export async function fillTableBooking(
  page: Page,
  guest: { name: string; phone: string; email: string; adults: number; date: string; time: string },
): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Book a table' });
  await form.getByLabel(/^Name/).fill(guest.name);
  await form.getByLabel(/^Phone/).fill(guest.phone);
  await form.getByLabel(/^Email/).fill(guest.email);
  await form.getByLabel(/^Adults/).fill(String(guest.adults));
  await form.getByLabel(/^Date/).fill(guest.date);
  await form.getByLabel(/^Time/).selectOption(guest.time);
  return form;
}

/**
 * Adds the rules the page's server lacks to its `deposit-rules` document as the owner, all in one save and every
 * other rule kept; when the other project saved first (409), reads the document again and retries.
 */
export async function ensureDepositRules(page: Page, rules: DepositRule[]): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await page.request.get('/api/admin/content/deposit-rules');
    expect(current.status()).toBe(200);
    const { version, document } = (await current.json()) as {
      version: number;
      document: { rules: DepositRule[] };
    };
    const missing = rules.filter((rule) => !document.rules.some((each) => each.id === rule.id));
    if (missing.length === 0) return;
    const saved = await page.request.put('/api/admin/content/deposit-rules', {
      data: { baseVersion: version, document: { rules: [...document.rules, ...missing] } },
    });
    if (saved.ok()) return;
    expect(saved.status(), await saved.text()).toBe(409);
  }
  throw new Error('could not save the journeys’ deposit rules');
}
