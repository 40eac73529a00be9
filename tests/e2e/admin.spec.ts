import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  STAFF,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay } from './journey-days.ts';

/** A date on that weekday (0 = Sunday) in this journey's own week (journey-days.ts). */
function staffDate(weekday: number, project: string): string {
  return journeyDay('admin', project, weekday);
}

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('staff admin', () => {
  test('signs in, adds an event and guests see it on /events', async ({ page, pageErrors }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    await skipPromo(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page, '/admin/events');
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expectNoAxeViolations(page);

    const title = `Cellar Tour (${testInfo.project.name})`;
    await page.getByRole('link', { name: 'Add Event' }).click();
    await page.getByLabel(/^Title/).fill(title);
    await expect(page.getByLabel(/^Slug/)).toHaveValue(`cellar-tour-${testInfo.project.name}`);
    await page.getByLabel(/^Date/).fill(staffDate(4, testInfo.project.name));
    await page.getByLabel(/^Time/).fill('18:30');
    await page.getByLabel(/^Badges/).fill('Free entry, Ales');
    await page.getByLabel('Summary').fill('The landlord leads a tour of the cask cellar, with tasters.');
    await page.getByLabel('Major event').check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Event' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(`Saved “${title}”.`);
    await expect(page.getByRole('row', { name: new RegExp(title.replace(/[()]/g, '\\$&')) })).toBeVisible();

    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Free entry')).toBeVisible();
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });

  test('changes a booking’s status in the day view and exports the day as CSV', async ({
    page,
    request,
    pageErrors,
  }, testInfo) => {
    const date = staffDate(2, testInfo.project.name);
    const guest = `Winifred Pole (${testInfo.project.name})`;
    const booked = await request.post('/api/bookings', {
      data: {
        name: guest,
        phone: '07700 900555',
        email: 'winifred@example.com',
        date,
        timeSlot: '19:00',
        partyAdults: 2,
        partyChildren: 1,
        allergies: 'Shellfish',
      },
    });
    expect(booked.status()).toBe(201);

    await skipPromo(page);
    await useOwnerSession(page);
    await page.goto(`/admin/bookings?date=${date}`);
    const dinner = page.getByRole('region', { name: 'Dinner' });
    await expect(dinner.getByRole('button', { name: guest })).toBeVisible();
    const bars = dinner.getByRole('list', { name: 'Dinner availability' });
    await expect(bars.getByRole('listitem').filter({ hasText: '7pm' })).toContainText('3 of 24 covers');
    await expectNoAxeViolations(page);

    const status = dinner.getByRole('combobox', { name: `Status of ${guest}, 7pm` });
    await status.selectOption('CANCELLED');
    const question = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(
      question.getByRole('checkbox', { name: 'E-mail winifred@example.com that it is cancelled' }),
    ).toBeChecked();
    await question.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(bars.getByRole('listitem').filter({ hasText: '7pm' })).toContainText('0 of 24 covers');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(status).toHaveValue('CANCELLED');

    await dinner.getByRole('button', { name: guest }).click();
    const drawer = page.getByRole('dialog', { name: guest });
    await expect(drawer.getByRole('link', { name: 'Email guest' })).toHaveAttribute(
      'href',
      'mailto:winifred@example.com',
    );
    await expect(drawer).toContainText('Shellfish');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bookings_${date}_all.csv`);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFDate,Service,Time,Name,Email,Phone,Adults,Children,Total,Status,Event,Allergies,Occasion,Notes,Created',
    );
    expect(text).toContain(`${date},Dinner,19:00,${guest},winifred@example.com,07700 900555,2,1,3,CANCELLED`);
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });

  test('closes dinner and the public booking form shows it closed', async ({
    page,
    pageErrors,
  }, testInfo) => {
    const date = staffDate(3, testInfo.project.name);
    await skipPromo(page);
    await useOwnerSession(page);
    await page.goto(`/admin/bookings?date=${date}&scope=dinner`);
    const dinner = page.getByRole('region', { name: 'Dinner' });
    await dinner.getByRole('button', { name: 'Close dinner' }).click();
    const dialog = page.getByRole('dialog', { name: /Close dinner on/ });
    await dialog.getByLabel('Reason (optional)').fill('Private party');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close dinner' }).click();
    await expect(dinner.getByRole('button', { name: 'Reopen dinner' })).toBeVisible();
    await expect(dinner.getByRole('listitem').filter({ hasText: '7pm' })).toContainText('Closed');

    await page.goto('/bookings');
    const form = page.getByRole('form', { name: 'Book a table' });
    await form.getByLabel(/^Date/).fill(date);
    const time = form.getByLabel(/^Time/);
    await expect(time.locator('option', { hasText: '7pm — Closed' })).toHaveCount(1);
    await expect(time.locator('option', { hasText: /^12pm$/ })).toHaveCount(1);

    await page.goto(`/admin/bookings?date=${date}&scope=dinner`);
    await dinner.getByRole('button', { name: 'Reopen dinner' }).click();
    await expect(dinner.getByRole('button', { name: 'Close dinner' })).toBeVisible();
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });

  test('signs in and out with the keyboard alone, and the admin pages then send staff back to sign in', async ({
    page,
    pageErrors,
  }) => {
    await skipPromo(page);
    await page.goto('/admin/bookings');
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(STAFF.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await page.goto('/admin/bookings');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const session = await page.request.get('/api/auth/me');
    expect(session.status()).toBe(401);
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });

  test('the public pages never load the admin code', async ({ page }) => {
    await skipPromo(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/events', '/bookings']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.filter((url) => /\/assets\/admin-/.test(url))).toEqual([]);
  });
});

test('the server-rendered sign-in page takes no typing before the app has it, so nothing is sent in the address', async ({
  context,
}) => {
  // A page of its own (the fixture's waits for the app), whose scripts never arrive: it stays as served.
  const page = await context.newPage();
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByLabel('Email')).toBeDisabled();
  await expect(form.getByLabel('Password')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await expect(page.getByRole('status')).toHaveText('Getting the form ready…');
});
