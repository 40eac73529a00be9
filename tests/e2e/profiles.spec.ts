import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  skipPromo,
  test,
  useOwnerSession,
} from './fixtures.ts';
import { FRIDAY, journeyDay, WEDNESDAY } from './journey-days.ts';

/**
 * Guest profiles (issue 32) on the main server: staff tag a guest "Regular" with a note from one booking's
 * drawer, and the note is on the guest's next booking in the day view and its drawer, and on New booking as
 * the e-mail is typed.
 */

async function staffBooking(
  request: APIRequestContext,
  booking: { name: string; email: string; date: string },
) {
  const answer = await request.post('/api/admin/bookings', {
    data: {
      source: 'phone',
      phone: '07700 900318',
      timeSlot: '19:00',
      partyAdults: 2,
      partyChildren: 0,
      notifyGuest: false,
      ...booking,
    },
  });
  expect(answer.status()).toBe(201);
}

test.describe('Guest profiles', () => {
  test('staff tag a guest “Regular” with a note, and it follows the guest to the next booking', async ({
    page,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT * 2);
    const project = testInfo.project.name;
    const first = journeyDay('profiles', project, WEDNESDAY);
    const next = journeyDay('profiles', project, FRIDAY);
    const name = `Tess Durbeyfield (${project})`;
    const email = `tess+${project}-${testInfo.retry}@example.com`;
    const note = 'Likes the window table; partner is coeliac';
    await skipPromo(page);
    await useOwnerSession(page);
    await staffBooking(page.request, { name, email, date: first });
    await staffBooking(page.request, { name, email, date: next });

    await page.goto(`/admin/bookings?date=${first}`);
    await page.getByRole('region', { name: 'Dinner' }).getByRole('button', { name }).click();
    const drawer = page.getByRole('dialog', { name });
    await drawer.getByRole('button', { name: 'Guest profile' }).click();
    const profile = drawer.getByRole('form', { name: 'Guest profile' });
    await profile.getByRole('button', { name: 'Add tag Regular' }).click();
    await profile.getByLabel('Note on every booking').fill(note);
    await expect(profile.getByText(/This note mentions health/)).toBeVisible();
    await expectNoAxeViolations(page);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(drawer.getByText(/^Saved\./)).toBeVisible();

    // The next booking: the note under the guest's name, and in the drawer.
    await page.goto(`/admin/bookings?date=${next}`);
    const dinner = page.getByRole('region', { name: 'Dinner' });
    await expect(dinner.getByText(note)).toBeVisible();
    await dinner.getByRole('button', { name }).click();
    const nextDrawer = page.getByRole('dialog', { name });
    await expect(nextDrawer.getByText(note)).toBeVisible();
    await expect(nextDrawer.getByText('Regular').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // New booking recognises her as the e-mail is typed.
    await page.goto(`/admin/bookings/new?date=${next}`);
    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await expect(page.getByText(note)).toBeVisible();
    await expect(page.getByText(/Known guest: no visit yet|Returning guest/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
