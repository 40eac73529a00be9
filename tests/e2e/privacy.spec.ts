import {
  expect,
  expectNoAxeViolations,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  skipPromo,
  test,
} from './fixtures.ts';
import { journeyDay, THURSDAY } from './journey-days.ts';

function quietThursday(project: string): string {
  return journeyDay('privacy', project, THURSDAY);
}

test('a guest reads the privacy notice, opts in to news with a booking and unsubscribes from the e-mail', async ({
  page,
  pageErrors,
}, testInfo) => {
  test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
  const email = `news-${testInfo.project.name}-${Date.now()}@example.com`;
  await skipPromo(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How long we keep it' })).toBeVisible();
  await expect(page.getByText(/controller of your personal data/)).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy Notice · /);
  await expectNoAxeViolations(page);

  await page.goto('/bookings');
  const form = page.getByRole('form', { name: 'Book a table' });
  await form.getByLabel(/^Name/).fill('Sybil Branson');
  await form.getByLabel(/^Phone/).fill('07700 900777');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Date/).fill(quietThursday(testInfo.project.name));
  await form.getByLabel(/^Time/).selectOption('19:00');
  const news = form.getByRole('checkbox', { name: /Send me news of events and offers/ });
  await expect(news).not.toBeChecked();
  await expect(form.getByRole('link', { name: 'How we use your details' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await expectNoAxeViolations(page);
  await news.check();
  await form.getByRole('button', { name: 'Book Table' }).click();
  // Confirmed on the guest's own page.
  await expect(page.getByRole('status').filter({ hasText: 'Thanks!' })).toContainText(email);

  let link = '';
  await expect
    .poll(async () => {
      const confirmation = (await sentMail()).find((mail) => mail.headers.get('to')?.includes(email));
      link = confirmation?.text.match(/To stop them at any time: (\S+)/)?.[1] ?? '';
      return link;
    })
    .toMatch(/\/unsubscribe\/[\w-]{43}$/);

  const response = await page.goto(link);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Stop news of events and offers' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('we will send no more news');
  await expectNoAxeViolations(page, page.getByRole('main'));
  expect(pageErrors).toEqual([]);
});
