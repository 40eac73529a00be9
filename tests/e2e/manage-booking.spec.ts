import {
  expect,
  expectNoAxeViolations,
  fillTableBooking,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  skipPromo,
  test,
} from './fixtures.ts';
import { FRIDAY, journeyDay } from './journey-days.ts';

function quietFriday(project: string): string {
  return journeyDay('manage-booking', project, FRIDAY);
}

test('a guest changes and cancels their booking from the link in their e-mail', async ({
  page,
  pageErrors,
}, testInfo) => {
  test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
  const date = quietFriday(testInfo.project.name);
  const email = `manage-${testInfo.project.name}-${Date.now()}@example.com`;
  await skipPromo(page);
  await page.goto('/bookings');
  const form = await fillTableBooking(page, {
    name: 'Cora Crawley',
    phone: '07700 900654',
    email: email,
    adults: 4,
    date: date,
    time: '19:00',
  });
  await form.getByRole('button', { name: 'Book Table' }).click();
  // The confirmation is the guest's own page: the link their e-mail carries.
  await expect(page).toHaveURL(/\/bookings\/manage\/[A-Za-z0-9_-]{43}\?booked$/);
  await expect(page.getByRole('status').filter({ hasText: 'Thanks!' })).toContainText(email);
  const addToCalendar = page.getByRole('region', { name: 'Your booking' }).getByRole('link', {
    name: 'Add to calendar',
  });
  await expect(addToCalendar).toHaveAttribute('download');
  const calendarPath = (await addToCalendar.getAttribute('href')) ?? '';
  expect(calendarPath).toMatch(/^\/api\/bookings\/manage\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
  const calendar = await page.request.get(calendarPath);
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

  let link = '';
  await expect
    .poll(async () => {
      const confirmation = (await sentMail()).find((mail) => mail.headers.get('to')?.includes(email));
      link = confirmation?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
      return link;
    })
    .toMatch(/\/bookings\/manage\//);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
  const booking = page.getByRole('region', { name: 'Your booking' });
  await expect(booking).toContainText('4 adults');
  await expect(booking.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', calendarPath);
  await expectNoAxeViolations(page);

  await booking.getByRole('button', { name: 'Change booking' }).click();
  const change = booking.getByRole('form', { name: 'Change booking' });
  await change.getByLabel(/^Time/).selectOption('20:00');
  await change.getByLabel(/^Adults/).fill('2');
  await expectNoAxeViolations(page, booking);
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(booking.getByRole('status')).toContainText('Your booking is changed.');
  await expect(booking).toContainText('8pm');
  await expect(booking).toContainText('2 adults');

  await booking.getByRole('button', { name: 'Cancel booking' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(booking.getByRole('status')).toContainText('Your booking is cancelled.');
  await expect(booking.getByRole('button', { name: 'Change booking' })).toHaveCount(0);

  // The place is free again at once.
  await page.goto('/bookings');
  await form.getByLabel(/^Date/).fill(date);
  await expect(form.getByLabel(/^Time/).locator('option', { hasText: /^8pm$/ })).toHaveCount(1);
  expect(pageErrors).toEqual([]);
});

test('an unknown link says the booking cannot be found, with the pub’s phone, as a 404', async ({ page }) => {
  await skipPromo(page);
  const response = await page.goto(`/bookings/manage/${'A'.repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that booking' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call us on/ })).toHaveAttribute('href', /^tel:/);
  await expectNoAxeViolations(page);
});
