import { addDays, formatLongDate, londonToday } from '../../src/shared/time/london-time.ts';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';

test.describe('a large party sends an enquiry', () => {
  test('a guest asks for a table for 10; staff find it, mark it replied and start its booking', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    const date = addDays(londonToday(), 30);
    const guest = `Ruth Okafor (${testInfo.project.name})`;
    await skipPromo(page);
    await page.goto('/bookings');

    const booking = page.getByRole('form', { name: 'Book a table' });
    await booking.getByLabel(/^Name/).fill(guest);
    await booking.getByRole('textbox', { name: 'Phone' }).fill('07700 900321');
    await booking.getByRole('textbox', { name: 'Email' }).fill('ruth@example.com');
    await booking.getByLabel(/^Date/).fill(date);
    await booking.getByLabel(/^Adults/).fill('10');
    await expect(booking.getByText('A party of 10? Send us an enquiry')).toBeVisible();
    await expectNoAxeViolations(page);
    // The guest goes on with the keyboard alone.
    await booking.getByRole('button', { name: 'Send an enquiry' }).press('Enter');

    const enquiry = page.getByRole('form', { name: 'Send an enquiry' });
    await expect(page.getByRole('heading', { name: 'Send an enquiry' })).toBeFocused();
    await expect(enquiry.getByLabel(/^Name/)).toHaveValue(guest);
    await expect(enquiry.getByLabel(/^Number of guests/)).toHaveValue('10');
    await expect(enquiry.getByLabel(/^Preferred date/)).toHaveValue(date);
    await enquiry.getByLabel(/^Preferred time/).fill('19:30');
    await enquiry.getByLabel(/^Notes/).fill('A retirement do; one coeliac.');
    await expectNoAxeViolations(page, page.getByRole('main'));
    await enquiry.getByLabel(/^Notes/).press('Tab');
    await expect(enquiry.getByRole('button', { name: 'Send enquiry' })).toBeFocused();
    await page.keyboard.press('Enter');

    const sent = page.getByRole('status').filter({ hasText: 'we have your enquiry' });
    await expect(sent).toBeFocused();
    await expect(sent).toContainText('10 guests');
    await expect(sent).toContainText('A copy of your enquiry is on its way to ruth@example.com.');
    const reference = (await sent.locator('strong').textContent()) ?? '';
    expect(reference).toMatch(/^EQ-[A-Z0-9]{6}$/);
    await expectNoAxeViolations(page, page.getByRole('main'));

    await useOwnerSession(page);
    await page.goto('/admin/enquiries');
    const card = page.getByRole('article', { name: `${guest} · party of 10` });
    await expect(card).toContainText(reference);
    await expect(card).toContainText(`${formatLongDate(date)}, 7:30pm`);
    await expect(card).toContainText('A retirement do; one coeliac.');
    await expect(card.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'Replied' }).press('Enter');
    await expect(page.getByRole('status')).toHaveText(`${reference} is now replied.`);
    await expect(card.getByRole('button', { name: 'Replied' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByRole('button', { name: 'Replied' })).toBeFocused();
    await page
      .getByRole('navigation', { name: 'Show enquiries' })
      .getByRole('link', { name: 'Replied' })
      .click();
    await expect(page).toHaveURL(/\/admin\/enquiries\?status=REPLIED$/);
    await expect(card).toBeVisible();
    await expectNoAxeViolations(page, page.getByRole('main'));

    await card.getByRole('link', { name: `Start a booking for ${guest}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/new\\?date=${date}&`));
    const newBooking = page.getByRole('form', { name: 'New booking' });
    await expect(newBooking.getByLabel(/^Date/)).toHaveValue(date);
    await expect(newBooking.getByRole('radio', { name: 'Enquiry' })).toBeChecked();
    await expect(newBooking.getByLabel('Adults')).toHaveValue('10');
    await expect(newBooking.getByLabel(/^Name/)).toHaveValue(guest);
    await expect(newBooking.getByRole('textbox', { name: 'Email' })).toHaveValue('ruth@example.com');
    await expectNoAxeViolations(page);
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });
});
