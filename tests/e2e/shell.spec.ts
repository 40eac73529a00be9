import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipPromo, test } from './fixtures.ts';

/** The Christmas promo: a dialog on a wide screen, a card at the foot of a phone's screen. */
const promoOf = (page: Page, isMobile: boolean) =>
  page.getByRole(isMobile ? 'region' : 'dialog', { name: 'Christmas Day at the pub' });

test.describe('Christmas promo', () => {
  test('opens on the home page, traps focus, closes with Escape and stays closed for the visit', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'on a phone the promo is a card, not a dialog');
    await page.goto('/');
    const promo = page.getByRole('dialog', { name: 'Christmas Day at the pub' });
    await expect(promo).toBeVisible();
    await expectNoAxeViolations(page);
    for (let press = 0; press < 5; press++) {
      await page.keyboard.press('Tab');
      expect(await promo.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(promo).toBeHidden();
    await page.getByRole('link', { name: 'Gallery' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('on a phone is a card at the foot of the screen: the page stays usable, Not now puts it away for the visit', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'a wide screen shows the promo as a dialog');
    await page.goto('/');
    const promo = promoOf(page, true);
    await expect(promo).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const box = await promo.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y + box.height).toBeGreaterThan((viewport?.height ?? 0) - 20);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    await promo.getByRole('button', { name: 'Not now' }).click();
    await expect(promo).toBeHidden();
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
    await expect(promo).toBeHidden();
  });

  test('Book Christmas Day leads to the Christmas page without the promo', async ({ page, isMobile }) => {
    await page.goto('/events');
    await promoOf(page, isMobile).getByRole('button', { name: 'Book Christmas Day' }).click();
    await expect(page).toHaveURL(/\/christmas\?utm_source=modal$/);
    await expect(promoOf(page, isMobile)).toBeHidden();
  });

  test('does not open on the Christmas pages, the booking page or a guest’s own booking', async ({
    page,
    isMobile,
  }) => {
    for (const path of ['/christmas', '/christmas/cancel', '/christmas/success', '/bookings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await expect(promoOf(page, isMobile)).toBeHidden();
    }
  });
});

test.describe('mobile drawer', () => {
  test.skip(({ isMobile }) => !isMobile, 'the drawer is the phone navigation');

  test('opens, locks the page, follows a food link and closes on navigation', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    await expectNoAxeViolations(page);
    await drawer.getByRole('link', { name: 'Sunday Roasts' }).click();
    await expect(page).toHaveURL(/\/menu#sunday$/);
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });

  test('closes with Escape and gives focus back to the menu button', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/about');
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('desktop header', () => {
  test.skip(({ isMobile }) => !!isMobile, 'the header links show on wide screens');

  test('can be used with the keyboard alone', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Events' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Events at the pub' })).toBeVisible();
  });
});

test.describe('gallery lightbox', () => {
  test('opens from the keyboard, moves with arrows, wraps around, closes with Escape onto the last image shown', async ({
    page,
  }) => {
    await skipPromo(page);
    await page.goto('/gallery');
    const thumbnails = page
      .locator('main')
      .getByRole('button', { name: /./ })
      .filter({ has: page.locator('img') });
    const first = thumbnails.first();
    await first.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toBeVisible();
    await expect(lightbox).toContainText('The Pub');
    await expect(lightbox).toContainText('1 of 13');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox).toContainText('13 of 13');
    await expect(lightbox).toContainText('The Garden');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText('2 of 13');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(thumbnails.nth(1)).toBeFocused();
  });
});
