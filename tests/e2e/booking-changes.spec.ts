import type { Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/time/london-time.ts';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay, WEDNESDAY } from './journey-days.ts';

function quietWednesday(project: string): string {
  return journeyDay('booking-changes', project, WEDNESDAY);
}

/** The admin's outbox lists each message by its subject and whom it is to ("To Name <address>"). */
async function expectMail(page: Page, to: string, subject: string) {
  await page.goto('/admin/mail');
  const message = page
    .getByRole('listitem')
    .filter({ hasText: subject })
    .filter({ hasText: `<${to}>` });
  await expect(message).toHaveCount(1);
}

test.describe('staff change and cancel a table booking', () => {
  test('a booking moved to 8pm for four, the guest told, then cancelled with an e-mail', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    const date = quietWednesday(testInfo.project.name);
    const guest = `Marlowe Gant (${testInfo.project.name})`;
    const email = `marlowe.${testInfo.project.name}@example.com`;
    const dayPath = `/admin/bookings?date=${date}`;
    await skipPromo(page);
    await useOwnerSession(page);
    const taken = await page.request.post('/api/admin/bookings', {
      data: {
        source: 'phone',
        name: guest,
        phone: '07700 900777',
        email,
        date,
        timeSlot: '19:00',
        partyAdults: 2,
        partyChildren: 0,
        allergies: 'Tree nuts',
        notifyGuest: false,
      },
    });
    expect(taken.status()).toBe(201);
    await page.goto(dayPath);

    const dinner = page.getByRole('region', { name: 'Dinner' });
    const bars = dinner.getByRole('list', { name: 'Dinner availability' });
    await expect(bars.getByRole('listitem').filter({ hasText: '7pm' })).toContainText('2 of 24 covers');
    await dinner.getByRole('button', { name: guest }).click();
    const drawer = page.getByRole('dialog', { name: guest });
    await drawer.getByRole('button', { name: 'Change booking' }).click();
    const form = drawer.getByRole('form', { name: 'Change booking' });
    await expect(form.getByRole('heading', { name: 'Change booking' })).toBeFocused();
    await expect(form.getByLabel(/^Date/)).toHaveValue(date);
    const time = form.getByLabel(/^Time/);
    await expect(time).toHaveValue('19:00');
    // The booking's own two covers count as free while it is being moved.
    await expect(time.locator('option', { hasText: '7pm — 24 covers left' })).toHaveCount(1);
    await form.getByLabel('Adults').fill('4');
    await expect(form).toContainText('Total: 4 guests');
    await time.selectOption('20:00');
    await expect(form.getByRole('checkbox', { name: 'E-mail the guest the new details' })).toBeChecked();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Save changes' }).click();

    const saved = drawer.getByRole('status');
    await expect(saved).toHaveText(
      `Changes saved: ${formatLongDate(date)}, 8pm, 4 guests. The new details are on their way to ${email}.`,
    );
    await expect(form).toBeHidden();
    await expect(drawer).toContainText('Time8pm');
    await expect(drawer).toContainText('Total4');
    // The day behind the drawer reloads its bars as the booking moves: the step shows the drawer.
    await expectNoAxeViolations(page, drawer);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const status = dinner.getByRole('combobox', { name: `Status of ${guest}, 8pm` });
    await expect(status).toHaveValue('CONFIRMED');
    await expect(bars.getByRole('listitem').filter({ hasText: '8pm' })).toContainText('4 of 24 covers');
    await expect(bars.getByRole('listitem').filter({ hasText: '7pm' })).toContainText('0 of 24 covers');
    await expectMail(
      page,
      email,
      `Your table at The Rose & Crown has changed — ${formatLongDate(date)}, 8pm`,
    );

    await page.goto(dayPath);
    await status.selectOption('CANCELLED');
    const question = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(question).toContainText(`${guest}, 8pm on ${formatLongDate(date)}, 4 guests.`);
    await expect(
      question.getByRole('checkbox', { name: `E-mail ${email} that it is cancelled` }),
    ).toBeChecked();
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(question).toBeHidden();
    await expect(bars.getByRole('listitem').filter({ hasText: '8pm' })).toContainText('0 of 24 covers');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(status).toHaveValue('CANCELLED');
    await expectMail(
      page,
      email,
      `Your table at The Rose & Crown is cancelled — ${formatLongDate(date)}, 8pm`,
    );
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });
});
