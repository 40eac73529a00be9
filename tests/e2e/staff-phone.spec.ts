import type { Locator } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  skipPromo,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';
import { journeyDay, THURSDAY } from './journey-days.ts';

/** The outline an element shows: a focus ring is a solid one. */
function outlineOf(element: Locator): Promise<string> {
  return element.evaluate((shown) => getComputedStyle(shown).outlineStyle);
}

test.describe('staff behind the bar', () => {
  test('see each booking whole, and reach the first from the keyboard in a few presses', async ({
    page,
    request,
    pageErrors,
  }, testInfo) => {
    // The staff-bookings journey's week, whose Thursday no other journey books.
    const date = journeyDay('staff-bookings', testInfo.project.name, THURSDAY);
    const guest = `Bartholomew Fotheringham-Smythe (${testInfo.project.name})`;
    const booked = await request.post('/api/bookings', {
      data: {
        name: guest,
        phone: '07700 900777',
        email: 'bartholomew@example.com',
        date,
        timeSlot: '19:00',
        partyAdults: 4,
        partyChildren: 2,
        allergies: 'Peanuts',
        occasion: 'Birthday',
      },
    });
    expect(booked.status()).toBe(201);

    await skipPromo(page);
    await useOwnerSession(page);
    await page.goto(`/admin/bookings?date=${date}&scope=dinner`);
    const dinner = page.getByRole('region', { name: 'Dinner' });
    const booking = dinner.getByRole('row').filter({ hasText: guest });
    const shown = [
      booking.getByRole('button', { name: guest }),
      booking.getByRole('combobox', { name: `Status of ${guest}, 7pm` }),
      booking.getByText('Allergies', { exact: true }),
      booking.getByText('Birthday', { exact: true }),
      booking.getByText('6 guests'),
    ];
    const width = page.viewportSize()?.width ?? 0;
    for (const part of shown) {
      await expect(part).toBeVisible();
      const box = await part.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    await expectNoAxeViolations(page);

    await page.getByRole('main').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the bookings' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(booking.getByRole('button', { name: guest })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: guest })).toBeVisible();
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });

  test('move between screens from the phone’s menu, the heading ringed only after the keyboard', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the menu is the phone’s');
    await skipPromo(page);
    await useOwnerSession(page);
    await page.goto('/admin/bookings');
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBeLessThan(80);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link')).toHaveText(['Bookings']);
    const menu = page.getByRole('button', { name: 'Menu' });

    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveText([
      'Bookings',
      'Floor',
      'Queue',
      'Standby',
      'Vouchers',
      'Christmas',
      'Occasions',
      'Events',
      'Enquiries',
      'Site content',
      'E-mails',
      'Reports',
      'Staff',
      'Guest data',
      'Activity',
    ]);
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
    await expectNoAxeViolations(page, header);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();

    await menu.tap();
    await nav.getByRole('link', { name: 'Christmas' }).tap();
    const christmas = page.getByRole('heading', { level: 1, name: 'Christmas Day' });
    await expect(christmas).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(await outlineOf(christmas)).toBe('none');
    // Chromium rings a heading focused before any input, as after a reload.
    await page.reload();
    await expect(christmas).toBeVisible();
    expect(await outlineOf(christmas)).toBe('none');

    await menu.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Bookings' })).toBeFocused();
    await page.keyboard.press('Enter');
    const bookings = page.getByRole('heading', { level: 1, name: 'Bookings' });
    await expect(bookings).toBeFocused();
    expect(await outlineOf(bookings)).toBe('solid');
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });
});
