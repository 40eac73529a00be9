import { createHash } from 'node:crypto';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  CHRISTMAS_URL,
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  skipPromo,
  test,
} from './fixtures.ts';

/**
 * These journeys run against their own server (playwright.config.ts), its clock frozen on 1 December of
 * the season, so they keep passing after this year's online cut-off. It takes payments with the demo
 * provider. Each project books the early sitting only, so its seats only ever go down; the cancel journey
 * uses the late one.
 */
test.use({ baseURL: CHRISTMAS_URL });

const EARLY = /^12pm–2pm — (\d+) seats? left$/;

async function seatsLeft(sitting: Locator): Promise<number> {
  const option = sitting.locator('option', { hasText: EARLY });
  await expect(option).toHaveCount(1);
  return Number(EARLY.exec(((await option.textContent()) ?? '').trim())?.[1]);
}

/**
 * Each journey is its own guest, on its own address: one guest holds one checkout at a time, so journeys
 * running side by side as one guest would release each other's seats.
 */
function guestOf(testInfo: TestInfo): { email: string; address: string } {
  const [a, b, c, d] = createHash('sha256').update(`${testInfo.project.name} ${testInfo.title}`).digest();
  return {
    email: `edith+${(a ?? 0) * 256 + (b ?? 0)}@example.com`,
    address: `10.${c}.${d}.${testInfo.retry + 1}`,
  };
}

test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': guestOf(testInfo).address });
});

async function fillContact(page: Page) {
  const form = page.getByRole('form', { name: 'Christmas Day pre-order' });
  await form.getByLabel(/^Name/).fill('Edith Crawley');
  await form.getByLabel(/^Phone/).fill('07700 900321');
  await form.getByLabel(/^Email/).fill(guestOf(test.info()).email);
  return form;
}

async function add(form: Locator, dish: string, times = 1) {
  for (let time = 0; time < times; time++)
    await form.getByRole('button', { name: `One more ${dish}` }).click();
}

test.describe('Christmas Day', () => {
  test('a guest pre-orders, pays the deposit on the demo page and is confirmed', async ({ page }) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    await skipPromo(page);
    await page.goto('/christmas');
    const form = page.getByRole('form', { name: 'Christmas Day pre-order' });
    const sitting = form.getByLabel(/^Sitting/);
    const before = await seatsLeft(sitting);
    const pay = form.getByRole('button', { name: 'Pay Deposit & Confirm' });
    await expect(pay).toBeDisabled();
    await expect(form.getByText('Still to do: Please enter your name.')).toBeVisible();

    await fillContact(page);
    await sitting.selectOption('xmas-early');
    await form.getByLabel(/^Adults/).fill('2');
    await form.getByLabel(/^Children/).fill('1');
    await expect(form.getByText('£75.00').first()).toBeVisible();
    await add(form, 'Spiced parsnip & apple soup', 2);
    await add(form, 'Roast Norfolk turkey', 2);
    await expect(form.getByText('Still to do: Please select exactly 3 mains (1 per guest).')).toBeVisible();
    // Pressing the button early (it is aria-disabled, so still pressable) says what is missing.
    await pay.click({ force: true });
    await expect(form.getByRole('alert')).toHaveText('Please select exactly 3 mains (1 per guest).');
    await add(form, 'Chestnut & cranberry wellington');
    await add(form, 'British cheese board');
    await form.getByLabel('Allergies').fill('Coeliac (the child)');
    await expect(pay).toBeEnabled();
    await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText('£250.00');
    await expectNoAxeViolations(page);

    await pay.click();
    await expect(page).toHaveURL(/\/christmas\/demo-checkout\?pid=[\w-]+$/);
    await expect(page.getByText('Test checkout — no money is taken and no card is needed.')).toBeVisible();
    await expect(page.getByText('Deposit, 3 × £25.00')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Pay £75.00' }).click();

    await expect(page).toHaveURL(/\/christmas\/success\?pid=[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'See you on Christmas Day!' })).toBeVisible();
    await expect(page.getByText(/^XMAS-[2-9A-HJKMNP-Z]{4}$/)).toBeVisible();
    await expect(
      page.getByText('Mains: 2 × Roast Norfolk turkey, 1 × Chestnut & cranberry wellington'),
    ).toBeVisible();
    await expect(page.getByText('£175.00')).toBeVisible();
    await expect(page.locator('canvas[data-testid="confetti"]')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await expect(page.locator('canvas[data-testid="confetti"]')).toHaveCount(0, { timeout: 6000 });
    await expect(page.getByRole('link', { name: 'Home' }).last()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact' }).last()).toBeVisible();

    // With reduced motion, the same confirmation comes without confetti: its code is not even fetched (a
    // routed request skips the browser's cache, so a fetch would be seen).
    const successUrl = page.url();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let confettiFetched = false;
    await page.route(/\/assets\/confetti-[\w-]+\.js$/, (route) => {
      confettiFetched = true;
      return route.continue();
    });
    await page.goto(successUrl);
    await expect(page.getByRole('heading', { name: 'See you on Christmas Day!' })).toBeVisible();
    await expect(page.locator('canvas[data-testid="confetti"]')).toHaveCount(0);

    await page.goto('/christmas');
    expect(await seatsLeft(page.getByLabel(/^Sitting/))).toBeLessThanOrEqual(before - 3);
    expect(confettiFetched).toBe(false);
  });

  test('a guest who cancels on the payment page gets the seats released', async ({ page, request }) => {
    await skipPromo(page);
    await page.goto('/christmas');
    const form = await fillContact(page);
    await form.getByLabel(/^Sitting/).selectOption('xmas-late');
    await form.getByLabel(/^Adults/).fill('2');
    await add(form, 'Roast sirloin of beef', 2);
    await form.getByRole('button', { name: 'Pay Deposit & Confirm' }).click();
    await expect(page).toHaveURL(/\/christmas\/demo-checkout\?pid=/);
    const pid = new URL(page.url()).searchParams.get('pid') as string;
    expect((await (await request.get(`/api/christmas/pending/${pid}`)).json()).state).toBe('PENDING');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/christmas/cancel?pid=${pid}`);
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await expect(
      page.getByText('Your payment was cancelled or not completed. You can try again anytime.'),
    ).toBeVisible();
    await expect
      .poll(async () => (await (await request.get(`/api/christmas/pending/${pid}`)).json()).state)
      .toBe('CANCELLED');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Christmas booking' }).click();
    await expect(page).toHaveURL('/christmas');
  });

  test('the promo’s ‘Book Christmas Day’ opens the form and the order carries utm_source=modal', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    // A dialog on a wide screen, a card at the foot of a phone's.
    const promo = page.getByRole(isMobile ? 'region' : 'dialog', { name: 'Christmas Day at the pub' });
    await expect(promo).toBeVisible();
    await promo.getByRole('button', { name: 'Book Christmas Day' }).click();
    await expect(page).toHaveURL('/christmas?utm_source=modal');
    await expect(promo).toHaveCount(0);

    const form = await fillContact(page);
    await form.getByLabel(/^Sitting/).selectOption('xmas-late');
    await form.getByLabel(/^Adults/).fill('1');
    await add(form, 'Pan-roasted sea bass');
    const sent = page.waitForRequest('**/api/stripe/create-checkout-session');
    await form.getByRole('button', { name: 'Pay Deposit & Confirm' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      session: 'xmas-late',
      partyAdults: 1,
      partyChildren: 0,
      utmSource: 'modal',
      selections: { starters: [], mains: [{ item: 'sea-bass', count: 1 }], desserts: [] },
    });
    await expect(page).toHaveURL(/\/christmas\/demo-checkout\?pid=/);
  });
});
