import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  test,
  unexpectedErrors,
} from './fixtures.ts';

/** The journeys' admin (playwright.config.ts), an owner; two-step sign-in is turned on for a new account only. */
const OWNER = { email: 'staff@roseandcrown.example', password: 'e2e-staff-password' };

/** A manager of this journey's own, invited by the owner through the API and joined with the e-mailed link. */
async function newManager(request: APIRequestContext, project: string) {
  const manager = {
    name: `Sam Two-Step (${project})`,
    email: `two-step.${project}@roseandcrown.example`,
    password: 'a manager’s long password',
  };
  expect((await request.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
  const invited = await request.post('/api/admin/staff', {
    data: { email: manager.email, name: manager.name, role: 'manager' },
  });
  expect(invited.status()).toBeLessThan(300);
  let token = '';
  await expect
    .poll(async () => {
      const mails = (await sentMail()).filter((mail) => mail.headers.get('to')?.includes(manager.email));
      token =
        mails.map((mail) => mail.text.match(/\/admin\/invite\/([\w-]{43})/)?.[1]).findLast(Boolean) ?? '';
      return token;
    })
    .not.toBe('');
  const accepted = await request.post('/api/auth/invite/accept', {
    data: { token, password: manager.password },
  });
  expect(accepted.status()).toBe(200);
  return manager;
}

async function signInWithPassword(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The authenticator app's code, as a phone would show it `aheadMs` from now. */
function codeFor(secret: string, aheadMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + aheadMs });
}

test('a manager turns on two-step sign-in and then signs in with a code from the app', async ({
  page,
  request,
  pageErrors,
}, testInfo) => {
  test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
  const manager = await newManager(request, testInfo.project.name);

  await page.goto('/admin');
  await signInWithPassword(page, manager);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  // On a phone Account is in the menu.
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Two-step sign-in is off' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-step-secret').innerText()).replaceAll(' ', '');
  await expectNoAxeViolations(page, page.getByRole('main'));
  await page.getByLabel('6-digit code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Your 10 recovery codes' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^[0-9a-z]{5}-[0-9a-z]{5}$/ })).toHaveCount(10);
  await expectNoAxeViolations(page, page.getByRole('main'));
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Two-step sign-in is on' })).toBeVisible();
  await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await signInWithPassword(page, manager);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  // The code that turned it on is spent: the phone's next one signs in.
  await page.getByLabel('Code').fill(codeFor(secret, 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where the manager signed out.
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Two-step sign-in is on' })).toBeVisible();
  expect(unexpectedErrors(pageErrors)).toEqual([]);
});
