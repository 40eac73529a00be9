import { addDays, londonToday, weekdayOf } from '../../src/shared/time/london-time.ts';
import { expect, expectNoAxeViolations, skipPromo, test } from './fixtures.ts';

/** A date on that weekday (0 = Sunday) at least `weeksAhead` weeks away, so every slot is bookable. */
function upcoming(weekday: number, weeksAhead: number): string {
  const start = addDays(londonToday(), 7 * weeksAhead);
  return addDays(start, (weekday - weekdayOf(start) + 7) % 7);
}

test.describe('table booking', () => {
  test('a guest on a phone books the Sunday-evening supper club at its own time', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the phone journey');
    await skipPromo(page);
    await page.goto('/events');
    await page
      .getByRole('article')
      .filter({ hasText: 'Winter Supper Club' })
      .getByRole('link', { name: /Winter Supper Club/ })
      .click();
    await expect(page.getByRole('timer', { name: 'Starts in' })).toBeVisible();
    const when = (await page.getByRole('main').locator('time').first().textContent()) ?? '';
    await page.getByRole('main').getByRole('link', { name: 'Book a Table' }).click();
    await expect(page).toHaveURL(/\/bookings\?event=winter-supper-club$/);

    const form = page.getByRole('form', { name: 'Book a table' });
    const [longDate] = when.split(' · ');
    await expect(form.getByLabel('Event', { exact: true })).toHaveValue(
      `Booking for Winter Supper Club — ${longDate}, 7pm`,
    );
    await expect(form.getByLabel('Event', { exact: true })).toBeDisabled();
    await expect(form.getByText('Preselected from the Events page.')).toBeVisible();
    // A Sunday: the kitchen serves only lunch, and the supper club's 7pm is a time of its own.
    const time = form.getByLabel(/^Time/);
    await expect(time).toHaveValue('19:00');
    const supperClub = time.locator('optgroup[label="Winter Supper Club"] option');
    // Guests see a time's covers only when few are left.
    await expect(supperClub).toHaveText([/^7pm( — Few tables left)?$/]);
    const date = await form.getByLabel(/^Date/).inputValue();
    const supperCoversLeft = async () => {
      const answer = await page.request.get(`/api/availability?date=${date}&event=winter-supper-club`);
      const slots = (await answer.json()) as { event?: string; remaining: number }[];
      return slots.find((slot) => slot.event === 'winter-supper-club')?.remaining ?? Number.NaN;
    };
    const coversBefore = await supperCoversLeft();
    await form.getByLabel(/^Name/).fill('Edith Crawley');
    await form.getByLabel(/^Phone/).fill('07700 900321');
    await form.getByLabel(/^Email/).fill('edith@example.com');
    await form.getByLabel(/^Adults/).fill('3');
    await form.getByLabel(/^Children/).fill('1');
    await expect(form.getByText('Total Guests: 4')).toBeVisible();
    await form.getByLabel('Allergies').fill('Coeliac');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Book Table' }).click();
    // The confirmation has its own address, the guest's own page: it stands on reload.
    await expect(page).toHaveURL(/\/bookings\/manage\/[\w-]{43}\?booked$/);
    await page.reload();
    const booked = page.getByRole('status').filter({ hasText: 'Thanks!' });
    await expect(booked).toContainText('Thanks! Your booking has been received and confirmed by email.');
    await expect(booked).toContainText('Your table is for Winter Supper Club.');
    await expect(booked).toContainText('A confirmation is on its way to edith@example.com.');
    const details = page.getByRole('region', { name: 'Your booking' });
    await expect(details).toContainText(longDate ?? '');
    await expect(details).toContainText('7pm');
    await expectNoAxeViolations(page);
    await booked.getByRole('link', { name: 'Book another table' }).click();
    await expect(form.getByLabel(/^Name/)).toHaveValue('');
    await expect(supperClub).toHaveText([/^7pm( — Few tables left)?$/]);
    expect(await supperCoversLeft()).toBe(coversBefore - 4);
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
    await expect(time.locator('option', { hasText: /^3pm — Few tables left$/ })).toBeEnabled();
    await expect(time.locator('option', { hasText: /^2pm — Few tables left$/ })).toBeEnabled();

    // A party of 8 sees no time without 8 covers for all of its two hours at the table.
    await form.getByLabel(/^Adults/).fill('8');
    await expect(time.locator('option', { hasText: /^3pm — Full$/ })).toBeDisabled();
    await expect(time.locator('option', { hasText: /^1:30pm — Full$/ })).toBeDisabled();
    await expect(time.locator('option', { hasText: /^2pm — Full$/ })).toBeDisabled();
  });
});
