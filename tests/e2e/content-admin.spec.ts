import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays, formatLongDate, londonToday, weekdayOf } from '../../src/shared/time/london-time.ts';
import { expect, test, unexpectedErrors, useOwnerSession } from './fixtures.ts';

/**
 * Staff edit the site from the admin and guests see it on their next page load. These journeys change what
 * every other journey reads (prices, capacity, closed days), so their project runs after the others, one
 * journey at a time, and each puts the document back as it found it by restoring a version.
 */
test.describe.configure({ mode: 'serial' });

/** A Wednesday four months on: no other journey books it. */
const QUIET_WEDNESDAY = (() => {
  const start = addDays(londonToday(), 120);
  return addDays(start, (3 - weekdayOf(start) + 7) % 7);
})();

/** Saves the editor's changes and waits for the site to say it shows them. */
async function save(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/^Saved\. The site shows version \d+ now\.$/)).toBeVisible();
}

/** Restores the version before the newest, as staff undo a change. */
async function restorePrevious(page: Page, version: number) {
  await page.getByRole('button', { name: `Restore version ${version}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Restore version ${version}` })
    .click();
  await expect(page.getByText(new RegExp(`^Version ${version} is back\\.`))).toBeVisible();
}

async function newestVersion(page: Page, key: string): Promise<number> {
  const answer = await page.request.get(`/api/admin/content/${key}`);
  return ((await answer.json()) as { version: number }).version;
}

test('staff change a price, guests see it on the menu, and restoring the old version puts it back', async ({
  page,
  pageErrors,
}) => {
  await useOwnerSession(page);
  await page.goto('/admin/content/menu');
  const before = await newestVersion(page, 'menu');
  const starters = page.getByRole('region', { name: 'Starters' });
  await starters.getByRole('button', { name: /^Ham Hock Terrine/ }).click();
  const price = starters.getByLabel('Price (£)');
  await expect(price).toHaveValue('9.50');
  await price.fill('10.25');
  await expect(page.getByRole('list', { name: 'Changes' })).toContainText(
    'Main: Starters › Ham Hock Terrine › price: £9.50 → £10.25',
  );
  await save(page);

  await page.goto('/menu');
  const terrine = page.getByRole('listitem').filter({ hasText: 'Ham Hock Terrine' });
  await expect(terrine).toContainText('£10.25');
  await expect(terrine).toContainText('Contains: gluten, mustard, sulphites');

  await page.goto('/admin/content/menu');
  await restorePrevious(page, before);
  await page.goto('/menu');
  await expect(page.getByRole('listitem').filter({ hasText: 'Ham Hock Terrine' })).toContainText('£9.50');
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});

test('a special date marked closed takes no bookings and shows in the footer', async ({
  page,
  pageErrors,
}) => {
  await useOwnerSession(page);
  await page.goto('/admin/content/venue?part=dates');
  const before = await newestVersion(page, 'venue');
  await page.getByRole('button', { name: 'Add a special date' }).click();
  const added = page.getByRole('list', { name: 'Special dates' }).getByRole('listitem').last();
  await added.getByLabel('Date', { exact: true }).fill(QUIET_WEDNESDAY);
  await added.getByLabel('Name', { exact: true }).fill('Village fête');
  await added.getByLabel('Closed all day').check();
  await save(page);

  await page.goto('/bookings');
  const form = page.getByRole('form', { name: 'Book a table' });
  await form.getByLabel(/^Date/).fill(QUIET_WEDNESDAY);
  const time = form.getByLabel(/^Time/);
  await expect(time.locator('option', { hasText: '7pm' })).toHaveCount(1);
  await expect(time.locator('option:not([value=""]):not([disabled])')).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Village fête');
  await expect(footer).toContainText(formatLongDate(QUIET_WEDNESDAY));

  await page.goto('/admin/content/venue?part=dates');
  await restorePrevious(page, before);
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});

test('a new capacity per slot is what the availability offers', async ({ page, pageErrors }) => {
  const slot = async () => {
    const answer = await page.request.get(`/api/availability?date=${QUIET_WEDNESDAY}`);
    const slots = (await answer.json()) as { time: string; remaining: number }[];
    return slots.find((candidate) => candidate.time === '19:00')?.remaining;
  };
  expect(await slot()).toBe(24);
  await useOwnerSession(page);
  await page.goto('/admin/content/booking-settings');
  const before = await newestVersion(page, 'booking-settings');
  await page.getByLabel('Guests seated at once').fill('30');
  await save(page);
  expect(await slot()).toBe(30);

  await restorePrevious(page, before);
  expect(await slot()).toBe(24);
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});

test('a photo uploaded from the admin shows in the gallery with AVIF and WebP sources', async ({
  page,
  pageErrors,
}, testInfo) => {
  const pixels = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const alt = `The beer garden in the sun, photographed ${testInfo.testId}`;

  await useOwnerSession(page);
  await page.goto('/admin/content/gallery');
  const form = page.getByRole('form', { name: 'Add a photo' });
  await form
    .getByLabel(/^Photo/)
    .setInputFiles({ name: 'beer-garden.jpg', mimeType: 'image/jpeg', buffer: pixels });
  await form.getByLabel(/^Description/).fill(alt);
  await form.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText(/^Photo uploaded\./)).toBeVisible();

  await page.goto('/gallery');
  const picture = page.locator('picture').filter({ has: page.getByAltText(alt) });
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/images\/uploads\/.+ 960w/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /1200w/);
  const source = await picture.locator('source[type="image/avif"]').getAttribute('srcset');
  const firstFile = source?.split(' ')[0] ?? '';
  const served = await page.request.get(firstFile);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/avif');
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});
