import type { Locator } from '@playwright/test';
import { TILL_SETTLEMENT_MESSAGES, tillSettledText } from '../../src/shared/money/till-settlement.ts';
import {
  CHRISTMAS_URL,
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';

/**
 * Staff take a Christmas booking on the phone, print for the kitchen, and once it is cancelled say what became
 * of its cash deposit at the till. This runs against the Christmas server (playwright.config.ts), its clock
 * frozen on 1 December of the season. Other journeys book the same sittings at the same time, so seat counts
 * are compared as "at least".
 */
test.use({ baseURL: CHRISTMAS_URL });

async function booked(sitting: Locator): Promise<number> {
  const text = (await sitting.getByText(/^\d+ booked$/).textContent()) ?? '';
  return Number(/^(\d+)/.exec(text.trim())?.[1]);
}

async function add(form: Locator, dish: string, times: number) {
  for (let time = 0; time < times; time++) {
    await form.getByRole('button', { name: `One more ${dish}` }).click();
  }
}

test.describe('Christmas admin', () => {
  test('takes a phone booking, shows it in the table and the bar, prints and exports it for the kitchen, and settles its cash deposit at the till once cancelled', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    const guest = `Beatrice Hale (${testInfo.project.name})`;
    await skipPromo(page);
    await useOwnerSession(page, 'christmas');
    await page.goto('/admin/christmas');
    await expect(page.getByRole('heading', { level: 1, name: 'Christmas Day' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Christmas' }),
    ).toHaveAttribute('aria-current', 'page');
    const early = page.getByRole('region', { name: '12pm–2pm' });
    await expect(early.getByText(/^\d+ booked$/)).toBeVisible();
    const before = await booked(early);
    await expectNoAxeViolations(page);

    const form = page.getByRole('form', { name: 'New Christmas booking' });
    await form.getByLabel(/^Name/).fill(guest);
    await form.getByLabel(/^Phone/).fill('0118 496 0123');
    await form.getByLabel(/^Email/).fill('beatrice@example.com');
    await form.getByLabel(/^Sitting/).selectOption('xmas-early');
    await form.getByLabel('Adults').fill('2');
    await form.getByLabel('Children').fill('1');
    const mains = form.getByRole('group', { name: 'Mains' });
    await expect(mains).toContainText('3 still to allocate');
    await add(form, 'Classic prawn cocktail', 3);
    await add(form, 'Slow-braised lamb shank', 2);
    await expect(mains).toContainText('1 still to allocate');

    // One main short: said under the mains, and nothing is sent.
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(mains.getByRole('alert')).toHaveText('Please select exactly 3 mains (1 per guest).');

    await add(form, 'Slow-braised lamb shank', 1);
    await expect(mains).toContainText('All 3 allocated');
    await add(form, 'British cheese board', 1);
    await add(form, 'Christmas pudding', 2);
    await form.getByLabel('Allergies').fill('Sesame (the child)');
    await form.getByRole('button', { name: 'Add booking' }).click();
    await expect(form.getByRole('group', { name: /^Deposit/ }).getByRole('alert')).toHaveText(
      'Please choose how the deposit was taken.',
    );
    await form.getByRole('radio', { name: 'Cash' }).check();
    await expectNoAxeViolations(page, form);
    await form.getByRole('button', { name: 'Add booking' }).click();

    const confirmation = form.getByRole('status');
    await expect(confirmation).toContainText(
      new RegExp(`^Booked XMAS-[2-9A-HJKMNP-Z]{4}: ${guest.replace(/[()]/g, '\\$&')}, 3 guests`),
    );
    const reference = /XMAS-[2-9A-HJKMNP-Z]{4}/.exec((await confirmation.textContent()) ?? '')?.[0] as string;

    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toContainText(guest);
    await expect(row).toContainText('Phone');
    await expect(row).toContainText('Deposit £75.00 in cash');
    await expect(row.getByRole('combobox', { name: `Status of ${guest}, ${reference}` })).toHaveValue(
      'CONFIRMED',
    );
    await expect.poll(() => booked(early)).toBeGreaterThanOrEqual(before + 3);
    await expectNoAxeViolations(page, page.getByRole('main'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Prep summary CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('christmas_prep_summary_2026-12-25_all.csv');
    const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFCourse,Dish,12pm–2pm,2:30pm–4:30pm,Total');
    const lamb = lines.find((line) => line.startsWith('Mains,Slow-braised lamb shank,'))?.split(',') ?? [];
    expect(Number(lamb[2])).toBeGreaterThanOrEqual(3);
    expect(Number(lamb[4])).toBe(Number(lamb[2]) + Number(lamb[3]));

    const [printed] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /^Print orders/ }).click(),
    ]);
    const printErrors: string[] = [];
    printed.on('console', (message) => {
      if (message.type() === 'error') printErrors.push(message.text());
    });
    await printed.waitForLoadState();
    expect(printed.url()).toMatch(/\/api\/christmas\/print\/orders$/);
    await expect(printed.getByRole('heading', { level: 1, name: 'Orders · 12pm–2pm' })).toBeVisible();
    await expect(printed.getByRole('heading', { level: 1, name: 'Orders · 2:30pm–4:30pm' })).toBeVisible();
    const order = printed.locator('article.order').filter({ hasText: reference });
    await expect(order).toContainText(guest);
    await expect(order).toContainText('3 guests (2 adults and 1 child)');
    await expect(order.locator('.allergy')).toHaveText('AllergySesame (the child)');
    await expect(order).toContainText('3Slow-braised lamb shank');
    // As it comes out of the printer: A4 width, print styles.
    await printed.setViewportSize({ width: 794, height: 1123 });
    await printed.emulateMedia({ media: 'print' });
    const screenshot = testInfo.outputPath('print-orders.png');
    await printed.screenshot({ path: screenshot, fullPage: true });
    await testInfo.attach('printable orders', { path: screenshot, contentType: 'image/png' });
    expect(printErrors).toEqual([]);
    await printed.close();

    // The guest calls back with one more adult: changed from the row, in a dialog that fits the screen.
    await row.getByRole('button', { name: `Change ${guest}’s booking, ${reference}` }).click();
    const change = page.getByRole('dialog', { name: `Change ${guest}’s booking` });
    await expect(change.getByLabel('Adults')).toHaveValue('2');
    await change.getByLabel('Adults').fill('3');
    await add(change, 'Slow-braised lamb shank', 1);
    await expect(change).toContainText('4 guests · total £345.00 · £75.00 paid · £270.00 to pay on the day');
    expect(await change.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
    await expectNoAxeViolations(page, change);
    await change.getByRole('button', { name: 'Save changes' }).click();
    await expect(change).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Changed ${reference}` })).toContainText(
      '4 guests, £270.00 to pay on the day. A new confirmation is on its way to beatrice@example.com.',
    );
    await expect(row.getByRole('button', { name: /^Change / })).toBeFocused();

    // The guest cancels by phone: nothing of the cash deposit goes back online, and staff say at the till,
    // by keyboard from the status, that they gave it back.
    const status = row.getByRole('combobox', { name: `Status of ${guest}, ${reference}` });
    await status.selectOption('CANCELLED');
    const cancel = page.getByRole('dialog', { name: 'Cancel this Christmas booking?' });
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(cancel).toBeHidden();
    await expect(row).toContainText('Deposit of £75.00 to settle at the till');
    await expect(row.getByRole('group', { name: TILL_SETTLEMENT_MESSAGES.question })).toBeVisible();
    await expectNoAxeViolations(page, page.getByRole('main'));
    await status.focus();
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: `Given back for ${guest}, ${reference}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toContainText(tillSettledText(7500, 7500));
    await expect(row.getByRole('button', { name: /^(Given back|Kept) for/ })).toHaveCount(0);
    // Kept in sight however far down the table the row is, and given the focus its button had.
    const settled = page.getByRole('status').filter({ hasText: TILL_SETTLEMENT_MESSAGES.settled(reference) });
    await expect(settled).toBeInViewport();
    await expect(settled.locator('..')).toBeFocused();
    await expectNoAxeViolations(page, page.getByRole('main'));

    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });
});
