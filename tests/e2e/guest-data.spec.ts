import { readFile } from 'node:fs/promises';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay, THURSDAY } from './journey-days.ts';

function quietThursday(project: string): string {
  return journeyDay('guest-data', project, THURSDAY);
}

test('the owner finds a guest’s data, downloads it, and erases it after cancelling her booking', async ({
  page,
  request,
  pageErrors,
}, testInfo) => {
  test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
  const email = `erase-me-${testInfo.project.name}@example.com`;
  const booked = await request.post('/api/bookings', {
    data: {
      name: 'Philippa Thistlewood',
      email,
      phone: '07700 900789',
      date: quietThursday(testInfo.project.name),
      timeSlot: '19:00',
      partyAdults: 2,
      partyChildren: 0,
      allergies: 'Sesame',
    },
  });
  expect(booked.status()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };
  const toHer = async () =>
    (await sentMail()).filter((mail) => mail.headers.get('to')?.toLowerCase().includes(email));
  await expect.poll(async () => (await toHer()).length).toBeGreaterThan(0);

  await skipPromo(page);
  await useOwnerSession(page);
  await page.goto('/admin/guests');
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Guest data' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('E-mail address or phone number').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const bookings = page.getByRole('region', { name: /^Table bookings/ });
  await expect(bookings).toContainText('Philippa Thistlewood');
  await expect(bookings).toContainText('Sesame');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('guest-data.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download as JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^guest-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(file.bookings[0]).toMatchObject({ name: 'Philippa Thistlewood', allergies: 'Sesame' });

  // Her booking is still to come: the dialog names it and will not erase until told what becomes of it.
  await page.getByRole('button', { name: 'Erase this person’s data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this person’s data?' });
  await expect(dialog).toContainText('What stays');
  await expect(dialog.getByRole('region', { name: '1 upcoming booking' })).toContainText(`${reference} · `);
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose what happens to the upcoming bookings.');
  await dialog.getByText('Cancel them and erase now').click();
  await expectNoAxeViolations(page, dialog);
  await page.screenshot({ path: testInfo.outputPath('guest-data-confirm.png') });
  await dialog.getByRole('button', { name: 'Cancel bookings and erase' }).click();
  await expect(page.getByText(/^1 booking cancelled and the guest e-mailed\. Erased\./)).toBeVisible();

  // She is told; then her cancellation, once sent, goes with everything else, and only it is in the folder.
  await expect
    .poll(async () => (await toHer()).map((mail) => mail.subject))
    .toEqual([expect.stringMatching(/is cancelled/)]);
  await expect(async () => {
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Nothing is held about this e-mail address or phone number.')).toBeVisible({
      timeout: 1000,
    });
  }).toPass();
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});
