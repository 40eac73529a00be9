import { createHash } from 'node:crypto';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  CHRISTMAS_URL,
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';

/**
 * Guests change and cancel their own Christmas booking from the link in their e-mail, and staff cancel one
 * with its deposit refunded. On the Christmas server (playwright.config.ts), its clock frozen on 1 December,
 * before the online cut-off and the refund date; it takes payments with the demo provider. These journeys
 * book the late sitting only, as cancelling gives seats back, and the early sitting's journeys count them.
 */
test.use({ baseURL: CHRISTMAS_URL });

/** Each journey is its own guest on its own address: one client holds one checkout at a time. */
function guestOf(testInfo: TestInfo): { email: string; address: string } {
  const [a, b, c, d] = createHash('sha256')
    .update(`manage ${testInfo.project.name} ${testInfo.title}`)
    .digest();
  return {
    email: `cora+${(a ?? 0) * 256 + (b ?? 0)}-${Date.now()}@example.com`,
    address: `10.${c}.${d}.${testInfo.retry + 101}`,
  };
}

/** The link in the newest e-mail to `email` whose subject starts with `subject`, once it has been written. */
async function linkInMail(email: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await sentMail(process.env.E2E_CHRISTMAS_DATA_DIR))
        .filter(
          (message) => message.headers.get('to')?.includes(email) && message.subject.startsWith(subject),
        )
        .at(-1);
      link = mail?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
      return link;
    })
    .toMatch(/\/christmas\/manage\/[\w-]{43}$/);
  return link;
}

async function mailTo(email: string, subject: string) {
  return (await sentMail(process.env.E2E_CHRISTMAS_DATA_DIR)).find(
    (message) => message.headers.get('to')?.includes(email) && message.subject.includes(subject),
  );
}

async function add(scope: Locator, dish: string, times = 1) {
  for (let time = 0; time < times; time++)
    await scope.getByRole('button', { name: `One more ${dish}` }).click();
}

/** A guest pre-orders for two on the late sitting and pays the deposit on the demo page. */
async function preOrder(page: Page, email: string) {
  await page.goto('/christmas');
  const form = page.getByRole('form', { name: 'Christmas Day pre-order' });
  await form.getByLabel(/^Name/).fill('Cora Crawley');
  await form.getByLabel(/^Phone/).fill('07700 900654');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Sitting/).selectOption('xmas-late');
  await form.getByLabel(/^Adults/).fill('2');
  await add(form, 'Roast Norfolk turkey', 2);
  await form.getByRole('button', { name: 'Pay Deposit & Confirm' }).click();
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page.getByRole('heading', { name: 'See you on Christmas Day!' })).toBeVisible();
}

/** The same booking made through the API, for the staff journey: answers its reference. */
async function bookThroughApi(request: APIRequestContext, guest: { email: string; address: string }) {
  const headers = { 'x-forwarded-for': guest.address };
  const started = await request.post('/api/stripe/create-checkout-session', {
    headers,
    data: {
      session: 'xmas-late',
      partyAdults: 2,
      partyChildren: 0,
      name: 'Cora Crawley',
      phone: '07700 900654',
      email: guest.email,
      selections: { starters: [], mains: [{ item: 'roast-turkey', count: 2 }], desserts: [] },
    },
  });
  expect(started.status()).toBe(201);
  const pid = new URL((await started.json()).url).searchParams.get('pid') as string;
  expect((await request.post(`/api/christmas/demo-checkout/${pid}/pay`, { headers })).status()).toBe(200);
  const pending = await (await request.get(`/api/christmas/pending/${pid}`, { headers })).json();
  return pending.reference as string;
}

test.describe('A guest’s own Christmas booking', () => {
  test('a guest changes their dishes before the cut-off, then cancels with the deposit refunded', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    const guest = guestOf(testInfo);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': guest.address });
    await skipPromo(page);
    await preOrder(page, guest.email);

    await page.goto(await linkInMail(guest.email, 'Your Christmas Day booking'));
    await expect(page.getByRole('heading', { level: 1, name: 'Your Christmas Day booking' })).toBeVisible();
    const booking = page.getByRole('region', { name: 'Your booking' });
    await expect(booking).toContainText('2:30pm–4:30pm');
    await expect(booking).toContainText('Mains: 2 × Roast Norfolk turkey');
    await expect(booking).toContainText('To change the number of guests, please call us on');
    await expectNoAxeViolations(page);

    // By keyboard: to the button, Enter.
    await booking.getByRole('button', { name: 'Change dishes & notes' }).focus();
    await page.keyboard.press('Enter');
    const change = booking.getByRole('form', { name: 'Change your order' });
    await change.getByRole('button', { name: 'One fewer Roast Norfolk turkey' }).click();
    await change.getByRole('button', { name: 'Save changes' }).click();
    await expect(change.getByRole('alert')).toHaveText('Please select exactly 2 mains (1 per guest).');
    await add(change, 'Pan-roasted sea bass');
    await add(change, 'British cheese board');
    await change.getByLabel('Allergies').fill('No shellfish');
    await expect(change.getByText('£150.00')).toBeVisible();
    await expectNoAxeViolations(page, booking);
    await change.getByRole('button', { name: 'Save changes' }).click();
    // The course pickers' counts are statuses too: the notice is the one that says so.
    await expect(booking.getByRole('status').filter({ hasText: 'Your order is changed.' })).toBeVisible();
    await expect(booking).toContainText('Mains: 1 × Roast Norfolk turkey, 1 × Pan-roasted sea bass');
    await expect(booking).toContainText('No shellfish');
    await expect
      .poll(async () => (await mailTo(guest.email, 'has changed'))?.text ?? '')
      .toContain('1 × Pan-roasted sea bass');

    await booking.getByRole('button', { name: 'Cancel booking' }).click();
    const question = page.getByRole('dialog', { name: 'Cancel your Christmas Day booking?' });
    await expect(question).toContainText('we will refund your deposit of £50.00 in full to your card');
    await expectNoAxeViolations(page);
    await expect(question.getByRole('button', { name: 'Yes, cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(booking.getByRole('status')).toContainText(
      'Your booking is cancelled and your deposit of £50.00 is being refunded to your card',
    );
    await expect(booking.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    await expect
      .poll(async () => (await mailTo(guest.email, 'You have cancelled'))?.text ?? '')
      .toContain('Your deposit of £50.00 is being refunded to your card.');
    expect(pageErrors).toEqual([]);
  });

  test('staff cancel an online booking with its deposit refunded, and the guest is told', async ({
    page,
    pageErrors,
    request,
  }, testInfo) => {
    const guest = guestOf(testInfo);
    const reference = await bookThroughApi(request, guest);
    await skipPromo(page);
    await useOwnerSession(page, 'christmas');
    await page.goto('/admin/christmas');

    const row = page.getByRole('row', { name: new RegExp(reference) });
    await row
      .getByRole('combobox', { name: new RegExp(`^Status of .*${reference}$`) })
      .selectOption('CANCELLED');
    const dialog = page.getByRole('dialog', { name: 'Cancel this Christmas booking?' });
    await expect(dialog).toContainText('Deposit paid £50.00.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('radio', { name: 'Refund the deposit' }).check();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(row).toContainText('Deposit of £50.00 refunded');
    await expect(row.getByRole('combobox')).toHaveValue('CANCELLED');
    await expectNoAxeViolations(page, page.getByRole('main'));
    await expect
      .poll(async () => (await mailTo(guest.email, 'is cancelled'))?.text ?? '')
      .toContain('Your deposit of £50.00 is being refunded to your card.');
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });

  test('an unknown Christmas link says the booking cannot be found, with the pub’s phone, as a 404', async ({
    page,
  }) => {
    const response = await page.goto(`/christmas/manage/${'A'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We couldn’t find that booking' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Call us on/ })).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
