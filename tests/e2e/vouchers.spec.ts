import {
  expect,
  expectEmailContrast,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  test,
  useOwnerSession,
} from './fixtures.ts';

/**
 * Gift vouchers (issue 33) on the main server, paid on the demo page: a guest buys £50 for a friend, e-mailed to
 * her today; the friend's e-mail holds the voucher, its code and its page; staff redeem £30, then the £20 left.
 */
test.describe('Gift vouchers', () => {
  test('a guest buys a £50 voucher for a friend, who gets it by e-mail, and staff redeem it in two visits', async ({
    page,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT * 2);
    const friend = `anna+${testInfo.project.name}-${testInfo.retry}@example.com`;

    await page.goto('/vouchers');
    const form = page.getByRole('form', { name: 'Buy a gift voucher' });
    await form.getByRole('radio', { name: '£50' }).check({ force: true });
    await form.getByLabel(/^Their name/).fill('Anna');
    await form.getByRole('radio', { name: /Straight to them on a date/ }).check({ force: true });
    await form.getByLabel(/^Their e-mail/).fill(friend);
    await form.getByLabel(/^Your name/).fill('Tom Baker');
    await form.getByLabel(/^Your e-mail/).fill('tom@example.com');
    await form.getByLabel(/^Your message/).fill('Happy birthday — lunch is on me!');
    await expect(page.getByText(/£50 voucher for Anna, e-mailed to Anna today/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The terms' })).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Pay £50' }).click();

    await expect(page).toHaveURL(/\/vouchers\/demo-checkout\?/);
    // The address changes before the payment page's own chunk has drawn it: scanned once it is there.
    const pay = page.getByRole('button', { name: 'Pay £50' });
    await expect(pay).toBeVisible();
    await expectNoAxeViolations(page);
    await pay.click();
    await expect(page).toHaveURL(/\/vouchers\/bought\?/);
    await expect(page.getByText(/Thank you: your £50 voucher for Anna is paid/)).toBeVisible();
    await expectNoAxeViolations(page);

    // The friend's e-mail: the voucher with its code, its QR code and the link to its page.
    let voucherLink = '';
    let code = '';
    let letter = '';
    await expect
      .poll(
        async () => {
          const mail = (await sentMail()).find((each) => each.headers.get('to')?.includes(friend));
          code = mail?.text.match(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0] ?? '';
          voucherLink = mail?.text.match(/https?:\/\/\S+\/vouchers\/v\/[0-9A-Z-]+/)?.[0] ?? '';
          letter = mail?.html ?? '';
          expect(letter).toMatch(/<img[^>]+src="cid:/);
          return voucherLink;
        },
        { timeout: 15_000 },
      )
      .toMatch(/\/vouchers\/v\//);
    await expectEmailContrast(page, letter);
    await page.goto(voucherLink);
    await expect(page.getByText(code)).toBeVisible();
    await expect(page.getByText('Happy birthday — lunch is on me!')).toBeVisible();
    await expectNoAxeViolations(page);

    // At the bar: the QR code's address opens the staff screen with the code.
    await useOwnerSession(page);
    await page.goto(`/admin/vouchers?code=${code}`);
    await expect(page.getByText('£50.00').first()).toBeVisible();
    await page.getByLabel(/^Amount in pounds/).fill('30');
    await page.getByLabel(/^Note/).fill('Table 6');
    await page.getByRole('button', { name: 'Redeem £30.00' }).click();
    await page.getByRole('button', { name: 'Take £30.00' }).click();
    await expect(page.getByText('£30.00 taken. £20.00 left on the voucher.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Use all £20.00' }).click();
    await page.getByRole('button', { name: 'Redeem £20.00' }).click();
    await page.getByRole('button', { name: 'Take £20.00' }).click();
    await expect(page.getByText('£20.00 taken. £0.00 left on the voucher.')).toBeVisible();
  });
});
