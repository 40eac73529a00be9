import type { Locator, Page } from '@playwright/test';
import { expect, skipPromo, test } from './fixtures.ts';

/**
 * Issue 17's rough edges that only a real browser shows: a page the server rendered and the browser
 * hydrated, the cascade of the stylesheet, and what fits on a 390 px phone.
 */

/** The Christmas journeys' server, its clock in the season (playwright.config.ts). */
const CHRISTMAS_SERVER = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

/** Where `element`'s text wraps: each later line's text, after the character that ended the line before. */
function lineBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const breaks: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let lastTop: number | null = null;
    let previous = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = 0; at < text.length; at++) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const top = range.getClientRects()[0]?.top;
        if (top === undefined) continue;
        if (lastTop !== null && top > lastTop + 2) breaks.push(`${previous}${text.slice(at)}`);
        lastTop = top;
        previous = text[at] ?? '';
      }
    }
    return breaks;
  });
}

/** Whether the whole of `element` can be seen and tapped, not cut off at the edge of the screen. */
async function fullyOnScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!box || box.x < 0 || box.x + box.width > width) return false;
  return element.evaluate(
    (target, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (hit === target || target.contains(hit));
    },
    { x: box.x + box.width - 4, y: box.y + box.height / 2 },
  );
}

test.describe('a shared link to a menu tab', () => {
  for (const [hash, tab] of [
    ['#sunday', 'Sunday Roast'],
    ['#lunch', 'Lunch'],
    ['#children', 'Children'],
  ] as const) {
    test(`/menu${hash} opened fresh shows the ${tab} tab`, async ({ page, pageErrors }) => {
      await skipPromo(page);
      await page.goto(`/menu${hash}`);
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toHaveAttribute('id', hash.slice(1));
      await expect(page.getByRole('tabpanel')).toBeInViewport();
      expect(pageErrors).toEqual([]);
    });
  }
});

test.describe('the focus ring of a text field', () => {
  test('is the buttons’ 3 px ring, at least 3:1 against the card behind it', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/bookings');
    const name = page.getByLabel(/^Name/);
    await page.getByLabel(/^Name/).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(name).toBeFocused();
    await expect(name).toHaveCSS('outline-style', 'solid');
    await expect(name).toHaveCSS('outline-width', '3px');
    const ratio = await name.evaluate((field) => {
      const channels = (colour: string) => (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const luminance = (colour: string) => {
        const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      let surface: Element | null = field.parentElement;
      while (surface && getComputedStyle(surface).backgroundColor === 'rgba(0, 0, 0, 0)') {
        surface = surface.parentElement;
      }
      const ring = luminance(getComputedStyle(field).outlineColor);
      const behind = luminance(getComputedStyle(surface ?? document.body).backgroundColor);
      return (Math.max(ring, behind) + 0.05) / (Math.min(ring, behind) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(3);
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Showtime Menu shows in full beside the menu tabs', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/menu');
    const showtime = page.getByRole('link', { name: 'Showtime Menu' });
    expect(await fullyOnScreen(page, showtime)).toBe(true);
    for (const tab of await page.getByRole('tab').all()) expect(await fullyOnScreen(page, tab)).toBe(true);
  });

  test('the booking form’s Event field shows the whole event, wrapped', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/bookings?event=winter-supper-club');
    const event = page.getByRole('form', { name: 'Book a table' }).getByLabel('Event', { exact: true });
    await expect(event).toHaveValue(/^Booking for Winter Supper Club — .+, 7pm$/);
    const overflow = await event.evaluate(
      (field) => field.scrollWidth - field.clientWidth + (field.scrollHeight - field.clientHeight),
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await fullyOnScreen(page, event)).toBe(true);
  });

  test.describe('the Christmas pages', () => {
    test.use({ baseURL: CHRISTMAS_SERVER });

    test('show every placeholder of the pre-order whole', async ({ page }) => {
      await skipPromo(page);
      await page.goto('/christmas');
      const form = page.getByRole('form', { name: 'Christmas Day pre-order' });
      for (const field of await form.locator('input[placeholder]').all()) {
        const fits = await field.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d');
          if (!context) return false;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room =
            input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width <= room;
        });
        expect(fits, (await field.getAttribute('placeholder')) ?? '').toBe(true);
      }
    });

    test('wrap a long e-mail address on the success page at its “@” and dots', async ({ page }) => {
      await page.route('**/api/christmas/pending/**', (route) =>
        route.fulfill({
          json: {
            state: 'PAID_CONFIRMED',
            reference: 'XMAS-7K3P',
            confirmation: {
              reference: 'XMAS-7K3P',
              sittingId: 'xmas-late',
              sittingLabel: '2:30pm–4:30pm',
              partyAdults: 2,
              partyChildren: 0,
              selections: { starters: [], mains: [{ item: 'roast-turkey', count: 2 }], desserts: [] },
              depositPaidPence: 5000,
              totalPence: 19_000,
              balanceDuePence: 14_000,
              email: 'margaret.hale-wentworth@longvillagename.example.co.uk',
            },
          },
        }),
      );
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
      const address = page.locator('strong', { hasText: '@longvillagename' });
      await expect(address).toBeVisible();
      // A line ends after a hyphen, or the next one starts at an "@" or a dot.
      for (const wrap of await lineBreaks(address)) expect(wrap).toMatch(/^(-|.[@.])/);
    });
  });
});

test.describe('a failed check on the server-rendered Christmas form', () => {
  test.use({ baseURL: CHRISTMAS_SERVER });

  test('takes focus to the first field to put right', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/christmas');
    const form = page.getByRole('form', { name: 'Christmas Day pre-order' });
    await form.getByRole('button', { name: 'Pay Deposit & Confirm' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('alert')).toHaveText('Please enter your name.');
    await expect(form.getByLabel(/^Name/)).toBeFocused();
    // The label, hint and error stay tied to their fields once React has taken the page over.
    await expect(form.getByLabel(/^Name/)).toHaveAccessibleDescription('Please enter your name.');
    await expect(form.getByLabel(/^Adults/)).toHaveAccessibleDescription(/^Parties of more than 12/);
  });
});
