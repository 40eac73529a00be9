import {
  expect,
  expectNoAxeViolations,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay, WEDNESDAY } from './journey-days.ts';

function quietWednesday(project: string): string {
  return journeyDay('staff-bookings', project, WEDNESDAY);
}

test.describe('staff take table bookings', () => {
  test('a phone booking for 12 takes 12 covers from what guests can book', async ({
    page,
    pageErrors,
  }, testInfo) => {
    const date = quietWednesday(testInfo.project.name);
    const guest = `The Hendersons (${testInfo.project.name})`;
    await skipPromo(page);
    await useOwnerSession(page);
    await page.goto(`/admin/bookings?date=${date}`);

    await page.getByRole('link', { name: 'New booking' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/new\\?date=${date}$`));
    const form = page.getByRole('form', { name: 'New booking' });
    await expect(form.getByLabel(/^Date/)).toHaveValue(date);
    await expect(form.getByRole('radio', { name: 'Phone' })).toBeChecked();
    await form.getByLabel('Adults').fill('12');
    const time = form.getByLabel(/^Time/);
    await expect(time.locator('option', { hasText: '7pm — 24 covers left' })).toHaveCount(1);
    await time.selectOption('19:00');
    await form.getByLabel(/^Name/).fill(guest);
    await form.getByRole('textbox', { name: 'Phone' }).fill('07700 900456');
    await form.getByRole('textbox', { name: 'Email' }).fill('hendersons@example.com');
    await form.getByLabel('Allergies').fill('One coeliac');
    await expect(form.getByRole('checkbox', { name: 'E-mail the guest a confirmation' })).toBeChecked();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Add booking' }).click();

    const booked = page.getByRole('status').filter({ hasText: 'Booked: reference' });
    await expect(booked.getByRole('heading', { name: /^Booked: reference \S+$/ })).toBeFocused();
    await expect(booked).toContainText('12 guests (12 adults)');
    await expect(booked).toContainText('A confirmation is on its way to hendersons@example.com.');
    await expectNoAxeViolations(page, page.getByRole('main'));

    await booked.getByRole('link', { name: 'Back to the day' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?date=${date}$`));
    const dinner = page.getByRole('region', { name: 'Dinner' });
    await expect(dinner.getByRole('button', { name: guest })).toBeVisible();
    const bars = dinner.getByRole('list', { name: 'Dinner availability' });
    await expect(bars.getByRole('listitem').filter({ hasText: '7pm' })).toContainText('12 of 24 covers');

    await page.goto('/bookings');
    const guestForm = page.getByRole('form', { name: 'Book a table' });
    await guestForm.getByLabel(/^Date/).fill(date);
    // Twelve covers are left: plenty, so guests see the plain time.
    await expect(guestForm.getByLabel(/^Time/).locator('option', { hasText: /^7pm$/ })).toBeEnabled();
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });
});
