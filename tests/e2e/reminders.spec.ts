import { COMING_MESSAGES } from '../../src/shared/manage/coming.ts';
import {
  expect,
  expectNoAxeViolations,
  sentMail,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay, THURSDAY } from './journey-days.ts';

function quietThursday(project: string): string {
  return journeyDay('reminders', project, THURSDAY);
}

// The server's clock is real, so this journey sends no reminder: it follows the reminder's "Yes, we're
// coming" link (the page's own link with ?coming=yes), as the API tests prove the e-mail carries it.
test('a guest taps “Yes, we’re coming” and staff see the tick', async ({ page, pageErrors }, testInfo) => {
  const date = quietThursday(testInfo.project.name);
  const name = `Sybil Branson (${testInfo.project.name})`;
  const email = `coming-${testInfo.project.name}-${Date.now()}@example.com`;
  const booked = await page.request.post('/api/bookings', {
    data: { name, phone: '07700 900987', email, date, timeSlot: '19:00', partyAdults: 2, partyChildren: 0 },
  });
  expect(booked.status()).toBe(201);
  let link = '';
  await expect
    .poll(async () => {
      const confirmation = (await sentMail()).find((mail) => mail.headers.get('to')?.includes(email));
      link = confirmation?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
      return link;
    })
    .toMatch(/\/bookings\/manage\//);

  await skipPromo(page);
  await page.goto(`${link}?coming=yes`);
  const booking = page.getByRole('region', { name: 'Your booking' });
  await expect(booking.getByText(COMING_MESSAGES.question)).toBeVisible();
  await expectNoAxeViolations(page);
  await booking.getByRole('button', { name: COMING_MESSAGES.action }).click();
  await expect(booking.getByRole('status')).toContainText(COMING_MESSAGES.thanks);
  await expect(booking.getByRole('button', { name: COMING_MESSAGES.action })).toHaveCount(0);
  await page.reload();
  await expect(booking.getByText(COMING_MESSAGES.alreadyConfirmed)).toBeVisible();

  await useOwnerSession(page);
  await page.goto(`/admin/bookings?date=${date}`);
  const row = page.getByRole('region', { name: 'Dinner' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText(COMING_MESSAGES.staffTickLabel, { exact: true })).toBeAttached();
  await expect(row).toContainText(COMING_MESSAGES.staffTick);
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByText(COMING_MESSAGES.staffTickLabel, { exact: true })).toBeAttached();
  await expectNoAxeViolations(page, drawer);
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});
