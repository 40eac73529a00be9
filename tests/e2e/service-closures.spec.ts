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
import { journeyDay, THURSDAY } from './journey-days.ts';

function quietThursday(project: string): string {
  return journeyDay('service-closures', project, THURSDAY);
}

/** A dinner booking staff took by phone, the guest not sent a confirmation: its reference. */
async function bookDinner(
  page: Page,
  booking: { name: string; email: string; phone: string; date: string; timeSlot: string },
) {
  const response = await page.request.post('/api/admin/bookings', {
    data: { ...booking, partyAdults: 2, source: 'phone', notifyGuest: false },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

test.describe('staff close a service that has bookings', () => {
  test('closing dinner cancels its two bookings, e-mails the guest with an address and names the one to phone', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    const project = testInfo.project.name;
    const date = quietThursday(project);
    const ada = { name: `Ada Lovelace (${project})`, email: `ada.${project}@example.com` };
    const tom = `Tom Adeyemi (${project})`;
    await skipPromo(page);
    await useOwnerSession(page);
    await page.goto(`/admin/bookings?date=${date}`);
    const reference = await bookDinner(page, { ...ada, phone: '07700 900111', date, timeSlot: '19:00' });
    await bookDinner(page, { name: tom, email: '', phone: '07700 900222', date, timeSlot: '20:00' });

    await page.getByRole('button', { name: 'Refresh' }).click();
    const dinner = page.getByRole('region', { name: 'Dinner' });
    await expect(dinner.getByRole('button', { name: tom })).toBeVisible();
    await dinner.getByRole('button', { name: 'Close dinner' }).click();

    const dialog = page.getByRole('dialog', { name: `Close dinner on ${formatLongDate(date)}?` });
    const listed = dialog.getByRole('region', { name: '2 bookings for dinner' }).getByRole('listitem');
    await expect(listed).toHaveText([
      `7pm${ada.name} · 2 guests${ada.email}`,
      `8pm${tom} · 2 guestsno e-mail — phone 07700 900222`,
    ]);
    await expect(dialog.getByRole('radio', { name: /^Keep the bookings/ })).toBeChecked();
    await expectNoAxeViolations(page);
    await dialog
      .getByRole('radio', { name: 'Cancel these 2 bookings and e-mail each guest an apology' })
      .check();
    await dialog.getByLabel('Reason (optional)').fill('A burst pipe in the kitchen');
    // The chosen answer and the red button that now says what it does: only the dialog has changed.
    const closeAndCancel = dialog.getByRole('button', { name: 'Close dinner and cancel 2 bookings' });
    await expect(closeAndCancel).toBeVisible();
    await expectNoAxeViolations(page, dialog);
    await closeAndCancel.click();

    const outcome = page.getByRole('dialog', { name: 'Dinner closed' });
    await expect(outcome.getByRole('status')).toHaveText(
      '2 bookings cancelled. An apology is on its way to 1 guest.',
    );
    const toPhone = outcome.getByRole('region', {
      name: 'This guest has no e-mail address: please phone them.',
    });
    await expect(toPhone).toContainText(tom);
    await expect(toPhone.getByRole('link', { name: '07700 900222' })).toHaveAttribute(
      'href',
      'tel:+447700900222',
    );
    // The day behind the outcome reloads as it opens: scanned once it shows the service closed.
    await expect(dinner.getByRole('button', { name: 'Reopen dinner' })).toBeVisible();
    await expect(dinner).toContainText('Closed: A burst pipe in the kitchen');
    await expectNoAxeViolations(page);
    await outcome.getByRole('button', { name: 'Done' }).click();
    await expect(outcome).toBeHidden();

    await expect(dinner.getByRole('combobox', { name: `Status of ${ada.name}, 7pm` })).toHaveValue(
      'CANCELLED',
    );
    await expect(dinner.getByRole('combobox', { name: `Status of ${tom}, 8pm` })).toHaveValue('CANCELLED');

    await page.goto('/admin/mail');
    const sent = page.getByRole('region', { name: /^Recently sent/ });
    const apology = sent.getByRole('listitem').filter({ hasText: ada.email });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(apology).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(apology).toContainText(
      `We are sorry: your table at The Rose & Crown is cancelled — ${formatLongDate(date)}, 7pm`,
    );
    await expect(apology).toContainText(`Service closed: apology · ${reference}`);
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });
});
