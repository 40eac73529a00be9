import type { Page } from '@playwright/test';
import { NO_ACCESS } from '../../src/shared/staff/roles.ts';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  test,
  unexpectedErrors,
} from './fixtures.ts';

/** The journeys' admin (playwright.config.ts), an owner. */
const OWNER = { email: 'staff@roseandcrown.example', password: 'e2e-staff-password' };

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The path of the newest link of this kind e-mailed to `email`, once the server has sent it. */
async function linkMailedTo(email: string, kind: 'invite' | 'reset'): Promise<string> {
  const pattern = new RegExp(`/admin/${kind}/[\\w-]{43}`);
  let path = '';
  await expect
    .poll(async () => {
      const mails = (await sentMail()).filter((mail) => mail.headers.get('to')?.includes(email));
      path = mails.map((mail) => mail.text.match(pattern)?.[0]).findLast(Boolean) ?? '';
      return path;
    })
    .toMatch(pattern);
  return path;
}

test('the owner invites a member of staff, who joins, sees only their screens and resets a forgotten password', async ({
  page,
  pageErrors,
}, testInfo) => {
  test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
  const member = {
    name: `Jo Bloggs (${testInfo.project.name})`,
    email: `jo.${testInfo.project.name}@roseandcrown.example`,
    password: 'pulling pints since 1998',
    newPassword: 'a brand new password',
  };

  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin$/);
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Name').fill(member.name);
  await invite.getByLabel('Email').fill(member.email);
  await invite.getByRole('radio', { name: /^Staff/ }).check();
  await expectNoAxeViolations(page);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${member.name} is invited` })).toBeVisible();
  const card = page.getByRole('article', { name: member.name });
  await expect(card).toContainText('Invitation sent');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(await linkMailedTo(member.email, 'invite'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${member.name}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^New password/).fill(member.password);
  await page.getByLabel(/^Type it again/).fill(member.password);
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}` })).toBeVisible();
  await page.getByRole('link', { name: 'Go to today’s bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Admin' });
  // A phone shows the current screen only until its Menu button opens the others.
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await expect(nav.getByRole('link')).toHaveText([
    'Bookings',
    'Floor',
    'Queue',
    'Standby',
    'Vouchers',
    'Christmas',
    'Occasions',
  ]);
  const events = await page.request.get('/api/events');
  expect(events.status()).toBe(403);
  expect(await events.json()).toEqual({ error: NO_ACCESS });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way');

  await page.goto(await linkMailedTo(member.email, 'reset'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(member.newPassword);
  await page.getByLabel(/^Type it again/).fill(member.newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await signIn(page, { email: member.email, password: member.newPassword });
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});
