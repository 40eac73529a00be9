import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays, formatLongDate, londonToday, weekdayOf } from '../../src/shared/time/london-time.ts';
import { expect, expectNoAxeViolations, test, unexpectedErrors, useOwnerSession } from './fixtures.ts';

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

function firstFridayOrSaturday(from: string): string {
  let date = from;
  while (![5, 6].includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

test('a manager creates an occasion at 390 px; it is on What’s On and its own page with its JSON-LD Event', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await useOwnerSession(page);
  const before = await newestVersion(page, 'occasions');
  const from = addDays(londonToday(), 30);
  const to = addDays(from, 27);
  await page.goto('/admin/content/occasions');
  await page.getByRole('button', { name: 'Add an occasion' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Quiz and curry nights');
  await expect(page.getByLabel('Page address')).toHaveValue('quiz-and-curry-nights');
  await page.getByLabel('Summary').fill('A curry, a quiz and a prize for the best team name.');
  await page.getByLabel('Description').fill('Two courses and six rounds.');
  await page.getByLabel('Terms').fill('A £5 deposit a head. Choices are due seven days before.');
  await page.getByRole('checkbox', { name: 'Published: on What’s On and its own page' }).check();

  const dates = page.getByRole('region', { name: 'Dates' });
  await dates.getByRole('radio', { name: 'Every chosen weekday between two dates' }).check();
  await dates.getByLabel('From').fill(from);
  await dates.getByLabel('To').fill(to);
  await dates.getByRole('checkbox', { name: 'Fri' }).check();
  await dates.getByRole('checkbox', { name: 'Sat' }).check();
  await expect(dates.getByRole('list', { name: 'Dates it runs on' }).getByRole('listitem')).toHaveCount(8);

  const courses = page.getByRole('region', { name: 'Courses' });
  await courses.getByRole('button', { name: 'Add a course' }).click();
  await courses.getByRole('textbox', { name: 'Course' }).fill('Main');
  const dishes = courses.getByRole('list', { name: 'Dishes of Main' });
  const first = dishes.getByRole('listitem').last();
  await first.getByRole('textbox', { name: 'Name' }).fill('Lamb rogan josh');
  await first.getByRole('textbox', { name: 'Description' }).fill('Pilau rice and naan');
  await first.getByRole('checkbox', { name: 'Milk' }).check();
  await courses.getByRole('button', { name: 'Add a dish to Main' }).click();
  const second = dishes.getByRole('listitem').last();
  await second.getByRole('textbox', { name: 'Name' }).fill('Chickpea and spinach curry');
  await second.getByRole('textbox', { name: 'Description' }).fill('Pilau rice (vg)');
  await second.getByRole('checkbox', { name: 'Contains none of the 14 allergens' }).check();

  const prices = page.getByRole('region', { name: 'Prices and payment' });
  await prices.getByLabel('Adult (£)').fill('22');
  await prices.getByRole('radio', { name: 'A deposit per person' }).check();
  await prices.getByLabel('Deposit per person (£)').fill('5');
  await save(page);

  // Read back at 1280 px: the same editor, nothing to put right.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: '‹ All occasions' }).click();
  await expect(page.getByRole('button', { name: /^Quiz and curry nights/ })).toBeVisible();

  await page.goto('/events');
  await page.getByRole('link', { name: /Quiz and curry nights/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz and curry nights' })).toBeVisible();
  // As a search engine reads it: the page as the server sends it.
  await page.goto('/occasions/quiz-and-curry-nights');
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const event = structured.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Event');
  expect(event).toMatchObject({
    name: 'Quiz and curry nights',
    startDate: expect.stringMatching(new RegExp(`^${firstFridayOrSaturday(from)}T19:00:00`)),
    offers: { price: '22.00', priceCurrency: 'GBP' },
  });

  await page.goto('/admin/content/occasions');
  await restorePrevious(page, before);
});

test('a manager changes Christmas Day’s price in the occasion editor at 390 px, and /christmas sells at it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await useOwnerSession(page);
  const before = await newestVersion(page, 'occasions');
  await page.goto('/admin/content/occasions');
  await page.getByRole('button', { name: /^Christmas Day/ }).click();
  await expect(page.getByText(/^Christmas Day is sold on/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Christmas screen' })).toHaveAttribute(
    'href',
    '/admin/christmas',
  );
  await expect(page.getByRole('button', { name: 'Remove this occasion' })).toHaveCount(0);
  const prices = page.getByRole('region', { name: 'Prices and payment' });
  await prices.getByLabel('Adult (£)').fill('99.50');
  await save(page);
  await expectNoAxeViolations(page);

  await page.goto('/events');
  await page
    .getByRole('link', { name: /Christmas Day/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/christmas$/);
  await expect(page.getByText('£99.50 adults · £50 children')).toBeVisible();

  await page.goto('/admin/content/occasions');
  await restorePrevious(page, before);
});
