import { addDays, londonToday, weekdayOf } from '../../src/shared/time/london-time.ts';
import { expect, expectNoAxeViolations, skipPromo, test } from './fixtures.ts';

/** A date on that weekday (0 = Sunday) at least `weeksAhead` weeks away, so every slot is bookable. */
function upcoming(weekday: number, weeksAhead: number): string {
  const start = addDays(londonToday(), 7 * weeksAhead);
  return addDays(start, (weekday - weekdayOf(start) + 7) % 7);
}

test.describe('table booking', () => {
  test('a guest on a phone books a table from an event page', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the phone journey');
    await skipPromo(page);
    await page.goto('/events');
    await page.getByRole('article').first().getByRole('link').click();
    await expect(page.getByRole('timer', { name: 'Starts in' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Book a Table' }).click();
    await expect(page).toHaveURL(/\/bookings\?event=/);

    const form = page.getByRole('form', { name: 'Book a table' });
    await expect(form.getByLabel('Event')).toBeDisabled();
    await expect(form.getByText('Preselected from the Events page.')).toBeVisible();
    await form.getByLabel(/^Name/).fill('Edith Crawley');
    await form.getByLabel(/^Phone/).fill('07700 900321');
    await form.getByLabel(/^Email/).fill('edith@example.com');
    await form.getByLabel(/^Adults/).fill('3');
    await form.getByLabel(/^Children/).fill('1');
    await expect(form.getByText('Total Guests: 4')).toBeVisible();
    // The event's own day may be a Monday or already too close: book the evening of a Friday three weeks out.
    await form.getByLabel(/^Date/).fill(upcoming(5, 3));
    const time = form.getByLabel(/^Time/);
    await expect(time.locator('option', { hasText: '7pm — 24 left' })).toHaveCount(1);
    await time.selectOption('19:00');
    await form.getByLabel('Allergies').fill('Coeliac');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Book Table' }).click();
    await expect(
      form.getByText('Thanks! Your booking has been received and confirmed by email.'),
    ).toBeVisible();
    await expect(form.getByLabel(/^Name/)).toHaveValue('');
  });

  test('a Monday shows the banner and disables the button', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/bookings');
    const form = page.getByRole('form', { name: 'Book a table' });
    await form.getByLabel(/^Date/).fill(upcoming(1, 2));
    await expect(
      form.getByText('Kitchen closed on Mondays — please choose Tuesday to Sunday.'),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Book Table' })).toBeDisabled();
    await expect(form.getByLabel(/^Time/)).toContainText('Closed on Mondays');
  });

  test('a full slot shows ‘— Full’ and cannot be chosen', async ({ page, request }, testInfo) => {
    await skipPromo(page);
    // Each project books its own week, so the phone and desktop runs never share a slot.
    const date = upcoming(3, testInfo.project.name === 'phone' ? 5 : 6);
    // Twelve tables of two take every one of 12:30's 24 covers; ten more at 3pm leave it four.
    for (let guest = 1; guest <= 22; guest++) {
      const response = await request.post('/api/bookings', {
        data: {
          name: `Guest ${guest}`,
          phone: '07700 900000',
          email: `guest${guest}@example.com`,
          date,
          timeSlot: guest <= 12 ? '12:30' : '15:00',
          partyAdults: 2,
          partyChildren: 0,
          hasAccessibilityNeeds: false,
          accessibilityNotes: '',
          occasion: 'None',
          occasionNotes: '',
          allergies: '',
          specialNotes: '',
          website: '',
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/bookings');
    const form = page.getByRole('form', { name: 'Book a table' });
    await form.getByLabel(/^Date/).fill(date);
    const full = form.getByLabel(/^Time/).locator('option', { hasText: '12:30pm — Full' });
    await expect(full).toHaveCount(1);
    await expect(full).toBeDisabled();
    const time = form.getByLabel(/^Time/);
    await form.getByLabel(/^Adults/).fill('2');
    await expect(time.locator('option', { hasText: /^3pm — 4 left$/ })).toBeEnabled();
    await expect(time.locator('option', { hasText: /^2pm — 4 left$/ })).toBeEnabled();

    // A party of 8 sees no time without 8 covers for all of its two hours at the table.
    await form.getByLabel(/^Adults/).fill('8');
    await expect(time.locator('option', { hasText: /^3pm — Full$/ })).toBeDisabled();
    await expect(time.locator('option', { hasText: /^1:30pm — Full$/ })).toBeDisabled();
    await expect(time.locator('option', { hasText: /^2pm — Full$/ })).toBeDisabled();
  });
});
