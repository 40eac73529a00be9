import type { APIRequestContext } from '@playwright/test';
import { DEPOSIT_MESSAGES } from '../../src/shared/deposits/messages.ts';
import type { DepositRule } from '../../src/shared/deposits/rules.ts';
import {
  ensureDepositRules,
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  skipPromo,
  test,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay, SATURDAY, THURSDAY, TUESDAY, WEDNESDAY } from './journey-days.ts';

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
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { _id: string })._id;
}

/**
 * A retry books another day of the journey's own week (CI retries a failed journey once): the first attempt's
 * full evening and its guest on the list stay on their day, and the retry meets an evening of its own. The two
 * journeys' four days are all different.
 */
const attemptDay = (first: number, retry: number, retried: number) => (retry === 0 ? first : retried);

test.describe('Standby list', () => {
  test('a guest joins when every time suits no one, a table cancels, and the guest claims it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT * 2);
    const date = journeyDay('standby', testInfo.project.name, attemptDay(SATURDAY, testInfo.retry, THURSDAY));
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

  test('staff book a guest from the list on a deposit day: asked for the deposit, they e-mail a link to pay', async ({
    page,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT * 2);
    const project = testInfo.project.name;
    const date = journeyDay('standby', project, attemptDay(WEDNESDAY, testInfo.retry, TUESDAY));
    const email = `basil+${project}-${testInfo.retry}@example.com`;
    await skipPromo(page);
    await useOwnerSession(page);

    // Wednesday dinner is full for six from 7pm to 8:30pm; then £10 a head is asked of parties of six that day.
    // Each project's rule is its own, saved after its own full evening is booked.
    await staffBooking(page.request, { name: 'Darts league', date, timeSlot: '19:00', partyAdults: 22 });
    await staffBooking(page.request, { name: 'Polly Sherman', date, timeSlot: '20:30', partyAdults: 2 });
    const rule: DepositRule = {
      id: `journey-standby-${project}`,
      name: `Standby journey (${project})`,
      bookings: 'all',
      partyFrom: 6,
      weekdays: [],
      dateRanges: [{ from: date, to: date }],
      services: [],
      eventSlugs: [],
      kind: 'deposit',
      perPersonPence: 1000,
      cancelHours: 48,
    };
    await ensureDepositRules(page, [rule]);

    const joined = await page.request.post('/api/standby', {
      data: {
        website: '',
        name: 'Basil Fawlty',
        phone: '07700 900321',
        email,
        date,
        windowStart: '19:00',
        windowEnd: '20:30',
        partyAdults: 6,
        partyChildren: 0,
      },
      headers: { 'x-forwarded-for': `10.31.${project === 'phone' ? 1 : 2}.${testInfo.retry + 1}` },
    });
    expect(joined.status(), await joined.text()).toBe(201);

    await page.goto(`/admin/standby?date=${date}`);
    await page.getByRole('button', { name: 'Book Basil Fawlty' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Basil Fawlty' });

    // The booking matches the rule: staff must say what happens to the £60 deposit before anything is booked.
    const deposit = dialog.getByRole('group', { name: /^£60\.00 deposit/ });
    await expect(deposit).toBeVisible();
    await dialog.getByRole('button', { name: 'Book this time' }).click();
    await expect(dialog.getByText(DEPOSIT_MESSAGES.waiverNeeded)).toBeVisible();
    await expectNoAxeViolations(page);
    await deposit.getByRole('radio', { name: /E-mail the guest a link to pay/ }).check();

    // The evening is full: the server says so, and staff book the party all the same.
    await dialog.getByRole('button', { name: 'Book this time' }).click();
    await dialog.getByLabel('Book anyway').check();
    await dialog.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Basil Fawlty booked for 7pm' })).toContainText(
      `A link to pay is on its way to ${email}.`,
    );

    let link = '';
    await expect
      .poll(
        async () => {
          const toGuest = (await sentMail()).filter((mail) => mail.headers.get('to')?.includes(email));
          const links = toGuest.map(
            (mail) => mail.text.match(/https?:\/\/\S+\/bookings\/manage\/[\w-]+/)?.[0],
          );
          link = links.find((found) => found !== undefined) ?? '';
          return link;
        },
        { timeout: 20_000 },
      )
      .toMatch(/\/bookings\/manage\//);
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('main')).toContainText('£60.00');
    await expectNoAxeViolations(page);
  });
});
