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

  test('staff take a party by phone and say how the deposit was paid (decision 045)', async ({
    page,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    // A night of its own per project: the first journey books the 11th and 12th.
    const date = testInfo.project.name === 'phone' ? '2026-12-18' : '2026-12-19';
    await skipPromo(page);
    await useOwnerSession(page, 'christmas');
    await page.goto(`/admin/occasions?occasion=christmas-party-nights&date=${date}&task=book`);

    const form = page.getByRole('form', { name: 'New phone booking' });
    await form.getByRole('radio', { name: /^Dinner/ }).check();
    await form.getByLabel(/^Adults/).fill('8');
    await form.getByLabel(/^Name/).fill('Albert Steptoe');
    await form.getByLabel(/^Phone/).fill('07700 900789');
    await expect(form.getByText('8 adults · £304.00 · £80.00 due ahead')).toBeVisible();
    await expect(form.getByRole('group', { name: /^Deposit of £80\.00/ })).toBeVisible();

    // Not saying how the deposit was taken is the one thing left to fix, and nothing is booked.
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(form.getByText('Please choose how the deposit was taken.')).toBeVisible();
    await expect(form.getByText(/^Booked:/)).toHaveCount(0);

    await form.getByRole('radio', { name: 'Cash' }).check();
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(form.getByText(/^Booked: Albert Steptoe, 8 adults, Dinner/)).toBeVisible();
    await expectNoAxeViolations(page);

    // The night's list says what was taken, and how.
    await page.goto(`/admin/occasions?occasion=christmas-party-nights&date=${date}`);
    const dinner = page.getByRole('region', { name: /^Dinner/ });
    await expect(dinner.getByText('Albert Steptoe').first()).toBeVisible();
    await expect(dinner.getByText('Paid £80.00 of £304.00 (cash)').first()).toBeVisible();

    // The guest rings: two more are coming. By keyboard, the party grows, the price follows, the deposit stays.
    await dinner.getByRole('button', { name: 'Change party for Albert Steptoe' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change Albert Steptoe’s party' });
    await dialog.getByLabel(/^Adults/).fill('10');
    await expect(
      dialog.getByText(/^10 adults · £380\.00 · £80\.00 paid · £300\.00 left to pay/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Albert Steptoe now has 10 adults.' }),
    ).toBeVisible();
    await expect(dinner.getByText('Paid £80.00 of £380.00 (cash)').first()).toBeVisible();
  });
});
