import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type ParsedMail, parseMail } from '../helpers/mime.ts';

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

/** Marks the Christmas promo as answered before any page script runs. */
export async function skipPromo(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('christmas-promo-dismissed', '1'));
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
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
  return Promise.all(files.map(async (file) => parseMail(await readFile(join(folder, file), 'utf8'))));
}
