import { isPastOnlineCutoff } from '../../src/shared/christmas/online-cutoff.ts';
import { addDays, londonToday, weekdayOf } from '../../src/shared/time/london-time.ts';
import { seedSeason as christmasSeason } from '../helpers/seed-content.ts';
import { expect, skipPromo, test, unexpectedErrors } from './fixtures.ts';
import { PRODUCTION_STAFF } from './production-staff.ts';

/**
 * A smoke journey through the site as deployed (tests/e2e/production-server.ts): production settings on
 * PostgreSQL, so the production path cannot rot while every other journey runs in the test environment.
 */

const TUESDAY_IN_THREE_WEEKS = (() => {
  const start = addDays(londonToday(), 21);
  return addDays(start, (2 - weekdayOf(start) + 7) % 7);
})();

test('the production site serves guests and staff, and refuses Christmas deposits without Stripe', async ({
  page,
  pageErrors,
}) => {
  const home = await page.goto('/');
  expect(home?.headers()['strict-transport-security']).toContain('max-age=');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await skipPromo(page);
  await page.goto('/bookings');
  const booking = page.getByRole('form', { name: 'Book a table' });
  await booking.getByLabel(/^Name/).fill('Edith Crawley');
  await booking.getByLabel(/^Phone/).fill('07700 900321');
  await booking.getByLabel(/^Email/).fill('edith@example.com');
  await booking.getByLabel(/^Date/).fill(TUESDAY_IN_THREE_WEEKS);
  await booking.getByLabel(/^Time/).selectOption('19:00');
  await booking.getByRole('button', { name: 'Book Table' }).click();
  await expect(
    page.getByText('Thanks! Your booking has been received and confirmed by email.'),
  ).toBeVisible();

  // The session cookie is __Host- and Secure, as in production; browsers keep such cookies for http://localhost.
  await page.goto(`/admin/bookings?date=${TUESDAY_IN_THREE_WEEKS}`);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Email').fill(PRODUCTION_STAFF.email);
  await page.getByLabel('Password').fill(PRODUCTION_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?date=${TUESDAY_IN_THREE_WEEKS}$`));
  await expect(page.getByText('Edith Crawley').first()).toBeVisible();

  const checkout = await page.request.post('/api/stripe/create-checkout-session', {
    data: {
      session: 'xmas-early',
      partyAdults: 1,
      name: 'Edith Crawley',
      phone: '07700 900321',
      email: 'edith@example.com',
      selections: { mains: [{ item: 'roast-turkey', count: 1 }] },
    },
  });
  // Without Stripe keys production takes no deposit (after this season's cut-off it takes no order at all).
  if (isPastOnlineCutoff(christmasSeason, new Date())) {
    expect(checkout.status()).toBe(409);
  } else {
    expect(checkout.status()).toBe(503);
    expect((await checkout.json()).error).toMatch(
      /^Online Christmas Day payments are not available right now/,
    );
  }

  expect(unexpectedErrors(pageErrors)).toEqual([]);
});
