import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  skipPromo,
  test,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay, SATURDAY } from './journey-days.ts';

/**
 * The standby list (issue 31), on the main server in covers mode: a Saturday's dinner full from 7pm to 8:30pm
 * for a party of two, a guest joins the list, a table cancels, and the first on the list claims it.
 */

async function staffBooking(
  request: APIRequestContext,
  booking: { name: string; date: string; timeSlot: string; partyAdults: number },
): Promise<string> {
  const answer = await request.post('/api/admin/bookings', {
    data: {
      source: 'phone',
      phone: '07700 900222',
      email: '',
      partyChildren: 0,
      notifyGuest: false,
      ...booking,
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { _id: string })._id;
}

test.describe('Standby list', () => {
  test('a guest joins when every time suits no one, a table cancels, and the guest claims it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT * 2);
    const date = journeyDay('standby', testInfo.project.name, SATURDAY);
    const email = `rosa+${testInfo.project.name}-${testInfo.retry}@example.com`;
    await skipPromo(page);
    await useOwnerSession(page);

    // 24 covers from 7pm to 8:30pm: a party of 22 and two couples, one of whom will cancel.
    await staffBooking(page.request, { name: 'Harvest supper', date, timeSlot: '19:00', partyAdults: 22 });
    const cancelling = await staffBooking(page.request, {
      name: 'Jane Pickett',
      date,
      timeSlot: '19:00',
      partyAdults: 2,
    });
    await staffBooking(page.request, { name: 'Olive Barker', date, timeSlot: '20:30', partyAdults: 2 });

    await page.goto('/bookings');
    const booking = page.getByRole('form', { name: 'Book a table' });
    await booking.getByLabel(/^Name/).fill('Rosa Lamb');
    await booking.getByLabel(/^Phone/).fill('07700 900456');
    await booking.getByLabel(/^Email/).fill(email);
    await booking.getByLabel(/^Adults/).fill('2');
    await booking.getByLabel(/^Date/).fill(date);
    await expect(booking.getByRole('option', { name: '7:30pm — Full' })).toBeAttached();
    await booking.getByRole('button', { name: 'No time that suits? Join the standby list' }).click();

    const standby = page.getByRole('form', { name: 'Join the standby list' });
    await expect(standby.getByLabel(/^Name/)).toHaveValue('Rosa Lamb');
    await standby.getByLabel(/^Earliest time/).selectOption('19:00');
    await standby.getByLabel(/^Latest time/).selectOption('20:30');
    await expect(page.getByText(/This is not a booking/).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await standby.getByRole('button', { name: 'Join the standby list' }).click();
    await expect(page.getByText(/You’re on the standby list for/)).toBeVisible();
    await expect(page.getByText(/This is not a booking/).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // A couple cancels: the place is offered to the first on the list within seconds.
    const cancelled = await page.request.patch(`/api/bookings/${cancelling}`, {
      data: { status: 'CANCELLED' },
    });
    expect(cancelled.ok()).toBe(true);
    let claimLink = '';
    await expect
      .poll(
        async () => {
          const offer = (await sentMail()).find(
            (mail) => mail.headers.get('to')?.includes(email) && /claim it$/.test(mail.subject),
          );
          claimLink = offer?.text.match(/https?:\/\/\S+\/standby\/claim\/[\w-]+/)?.[0] ?? '';
          return claimLink;
        },
        { timeout: 20_000 },
      )
      .toMatch(/\/standby\/claim\//);

    await page.goto(claimLink);
    await expect(page.getByRole('heading', { level: 1, name: 'A table has come free' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Claim this table' }).click();
    await expect(page.getByText('It’s yours: your table is booked.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Staff see her booked from the list.
    await page.goto(`/admin/standby?date=${date}`);
    const dinner = page.getByRole('region', { name: /^Dinner/ });
    await expect(dinner.getByText('Rosa Lamb')).toBeVisible();
    await expect(dinner.getByText('Booked').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
