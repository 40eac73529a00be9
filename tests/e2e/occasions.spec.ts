import { createHash } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import {
  CHRISTMAS_URL,
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  skipPromo,
  test,
  useOwnerSession,
} from './fixtures.ts';

/**
 * Occasions (issue 30), on the Christmas journeys' server: its clock stands at 10am on 1 December 2026, before
 * the party nights' choices are due. Each project books its own night, so neither takes the other's seats.
 */
test.use({ baseURL: CHRISTMAS_URL });

const NIGHT: Record<string, { date: string; words: string }> = {
  phone: { date: '2026-12-11', words: 'Friday 11 December 2026' },
  desktop: { date: '2026-12-12', words: 'Saturday 12 December 2026' },
};

/** Each journey is its own organiser on its own address: one client holds one checkout at a time. */
function organiserOf(testInfo: TestInfo): { email: string; address: string } {
  const [a, b, c, d] = createHash('sha256').update(`${testInfo.project.name} ${testInfo.title}`).digest();
  return {
    email: `margaret+${(a ?? 0) * 256 + (b ?? 0)}@example.com`,
    address: `10.${c}.${d}.${testInfo.retry + 101}`,
  };
}

async function chooseDishes(page: Page, dishes: string[]) {
  for (const dish of dishes) await page.getByRole('radio', { name: new RegExp(`^${dish}`) }).check();
}

test.describe('Occasions', () => {
  test('an organiser books 12, pays the deposit, a diner chooses from the link, and staff see it', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT * 2);
    const night = NIGHT[testInfo.project.name] ?? (NIGHT.desktop as { date: string; words: string });
    const organiser = organiserOf(testInfo);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': organiser.address });
    await skipPromo(page);

    await page.goto('/events');
    await page
      .getByRole('link', { name: /Christmas party nights/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/occasions\/christmas-party-nights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Christmas party nights' })).toBeVisible();
    await expectNoAxeViolations(page);

    const form = page.getByRole('form', { name: 'Book a table: Christmas party nights' });
    await form.getByLabel(/^Date/).selectOption(night.date);
    await form.getByLabel(/^Sitting/).selectOption('dinner');
    await form.getByLabel(/^Adults/).fill('12');
    await form.getByLabel(/^Name/).fill('Margaret Hale');
    await form.getByLabel(/^Email/).fill(organiser.email);
    await form.getByLabel(/^Phone/).fill('07700 900123');
    await expect(page.getByRole('complementary', { name: 'Your booking' })).toContainText('£456.00');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Book for 12 · pay £120 now' }).click();

    await expect(page).toHaveURL(/\/occasions\/demo-checkout\?/);
    // The address changes before the payment page's own chunk has drawn it: scanned once it is there.
    const pay = page.getByRole('button', { name: 'Pay £120.00' });
    await expect(pay).toBeVisible();
    await expectNoAxeViolations(page);
    await pay.click();

    await expect(page).toHaveURL(/\/occasions\/organiser\/[\w-]{43}$/);
    await expect(page.getByText(night.words).first()).toBeVisible();
    const dinerUrl = await page.getByLabel('Diners’ link').inputValue();
    expect(dinerUrl).toMatch(/\/occasions\/diners\/[\w-]{43}$/);
    await expectNoAxeViolations(page);

    // A diner opens the shared link in a browser of their own.
    const dinerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const diner = await dinerContext.newPage();
    await diner.addInitScript(() => sessionStorage.setItem('christmas-promo-dismissed', '1'));
    await diner.goto(dinerUrl);
    await diner.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(diner.getByText(/Margaret has booked/)).toBeVisible();
    await diner.getByLabel('Your name').fill('Nora Batty');
    await chooseDishes(diner, ['Oak-smoked salmon', 'Pan-roasted sea bass', 'Lemon posset']);
    await diner.getByLabel('Allergies').fill('Nut allergy');
    await expectNoAxeViolations(diner);
    await diner.getByRole('button', { name: 'Send my choices' }).click();
    await expect(diner.getByText('Thank you, Nora Batty: your dishes are in.')).toBeVisible();
    await expectNoAxeViolations(diner);
    await dinerContext.close();

    await page.reload();
    await expect(page.getByText('Nora Batty')).toBeVisible();
    await expect(page.getByText('Nut allergy')).toBeVisible();

    // Staff see the table, the diner's dishes and the allergy on the night's screen.
    await useOwnerSession(page, 'christmas');
    await page.goto(`/admin/occasions?occasion=christmas-party-nights&date=${night.date}`);
    const dinner = page.getByRole('region', { name: /^Dinner/ });
    await expect(dinner.getByText('Margaret Hale').first()).toBeVisible();
    await expect(dinner.getByText(/Nut allergy/).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
