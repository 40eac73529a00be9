import { expect, expectNoAxeViolations, PUBLIC_ROUTES, skipPromo, test } from './fixtures.ts';

test.describe('every public page', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} renders, has no console errors and no axe violations`, async ({
      page,
      pageErrors,
    }) => {
      await skipPromo(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page).toHaveTitle(/The Rose & Crown/);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      expect(pageErrors).toEqual([]);
    });
  }

  test('an event page from the list shows its countdown, and a booking link or how to come', async ({
    page,
  }) => {
    await skipPromo(page);
    await page.goto('/events');
    const quiz = page.getByRole('article').filter({ hasText: 'Thursday Quiz Night' });
    await quiz.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thursday Quiz Night' })).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Starts in' })).toBeVisible();
    await expect(page).toHaveTitle(/Thursday Quiz Night/);
    const main = page.getByRole('main');
    await expect(main.getByText('Walk in: teams of up to six, £2 a head on the night.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Book a Table' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto('/events/winter-supper-club');
    await expect(main.getByRole('link', { name: 'Book a Table' })).toHaveAttribute(
      'href',
      '/bookings?event=winter-supper-club',
    );
  });

  test('a refreshed deep link keeps its page', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/about');
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seven centuries on Church Lane' }),
    ).toBeVisible();
    await page.goto('/menu/showtimeMenu');
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Quiz Night & Comedy Night Menu' }),
    ).toBeVisible();
  });

  test('an unknown path says ‘Page not found’ with a 404', async ({ page }) => {
    await skipPromo(page);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('an unknown event says so instead of loading forever', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/events/no-such-event');
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
    await page.getByRole('link', { name: 'See all events' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('no request leaves the site on page load', async ({ page }) => {
    await skipPromo(page);
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:')
        outside.push(request.url());
    });
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await page.waitForLoadState('networkidle');
    }
    expect(outside).toEqual([]);
  });

  test('the server sends each page readable without scripts, its forms held until the page is live', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The village local, done properly.' }),
    ).toBeVisible();
    for (const [path, formName, submit] of [
      ['/bookings', 'Book a table', 'Book Table'],
      ['/christmas', 'Christmas Day pre-order', 'Pay Deposit & Confirm'],
    ] as const) {
      await page.goto(path);
      const form = page.getByRole('form', { name: formName });
      await expect(form.getByLabel(/^Name/)).toBeDisabled();
      await expect(form.getByRole('button', { name: submit })).toBeDisabled();
    }
    await context.close();
  });
});
