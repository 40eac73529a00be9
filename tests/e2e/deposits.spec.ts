import type { Page } from '@playwright/test';
import type { StoredBooking } from '../../src/shared/booking/schemas.ts';
import { paymentLabel } from '../../src/shared/deposits/payment.ts';
import type { StaffPayment } from '../../src/shared/deposits/payment-schemas.ts';
import { MAX_CANCEL_HOURS } from '../../src/shared/deposits/rule-schemas.ts';
import { type DepositRule, termsFor } from '../../src/shared/deposits/rules.ts';
import { cancellationOutcomeText, termsText } from '../../src/shared/deposits/terms.ts';
import {
  ensureDepositRules,
  expect,
  expectNoAxeViolations,
  fillTableBooking,
  SEVERAL_SCREENS_TIMEOUT,
  sentMail,
  skipPromo,
  TABLES_URL,
  test,
  useOwnerSession,
} from './fixtures.ts';
import { FRIDAY, journeyDay, SATURDAY, TABLES_EVENING, THURSDAY } from './journey-days.ts';

const PROJECTS = ['desktop', 'phone'];

/** A rule's date ranges: each project's day, so whichever project saves the rules first saves both. */
function eachProjectsDay(dayOf: (project: string) => string): DepositRule['dateRanges'] {
  return PROJECTS.map((project) => ({ from: dayOf(project), to: dayOf(project) }));
}

/** The journeys' rule: £10 a head for parties of 6 and more on their own Saturdays, refundable until 48 hours before. */
function journeyRule(): DepositRule {
  return {
    id: 'journey-saturdays',
    name: 'Journey Saturdays',
    bookings: 'tables',
    partyFrom: 6,
    weekdays: [],
    dateRanges: eachProjectsDay((project) => journeyDay('deposits', project, SATURDAY)),
    services: [],
    eventSlugs: [],
    kind: 'deposit',
    perPersonPence: 1000,
    cancelHours: 48,
  };
}

/** The late cancellation's day: 7 to 13 days ahead, inside the longest free window (two weeks). */
function lateDay(project: string): string {
  return journeyDay('deposits-late', project, project === 'phone' ? FRIDAY : THURSDAY);
}

/** £10 a head for parties of 6 and more on the late journey's days, free to cancel until two weeks before: over already. */
function lateRule(): DepositRule {
  return {
    ...journeyRule(),
    id: 'journey-late',
    name: 'Journey late cancellations',
    dateRanges: eachProjectsDay(lateDay),
    cancelHours: MAX_CANCEL_HOURS,
  };
}

/** The tables server's day (its clock and the browser's stand at 7:20pm on it: TABLES_EVENING). */
const TABLES_DAY = TABLES_EVENING.slice(0, 10);

/**
 * A card guarantee of £15 a head for parties of 7 and more at lunch on the tables server's day only: the tables
 * journeys (tables.spec.ts) book that day's dinner, and none for 7.
 */
function guaranteeRule(): DepositRule {
  return {
    id: 'journey-no-shows',
    name: 'Journey no-shows',
    bookings: 'tables',
    partyFrom: 7,
    weekdays: [],
    dateRanges: [{ from: TABLES_DAY, to: TABLES_DAY }],
    services: ['lunch'],
    eventSlugs: [],
    kind: 'guarantee',
    perPersonPence: 1500,
    cancelHours: 24,
  };
}

/** The main server's rules, for both of its journeys. */
const mainServerRules = () => [journeyRule(), lateRule()];

test('a guest pays a deposit for a Saturday party, sees the terms on their page and cancels for a refund', async ({
  page,
  pageErrors,
}, testInfo) => {
  test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
  await useOwnerSession(page);
  await ensureDepositRules(page, mainServerRules());
  await page.context().clearCookies();
  const date = journeyDay('deposits', testInfo.project.name, SATURDAY);
  const email = `deposit-${testInfo.project.name}-${Date.now()}@example.com`;
  await skipPromo(page);
  await page.goto('/bookings');
  const form = await fillTableBooking(page, {
    name: 'Sybil Branson',
    phone: '07700 900777',
    email: email,
    adults: 6,
    date: date,
    time: '19:00',
  });
  // The terms are on the form before anything is paid or saved.
  await expect(form).toContainText('This booking needs a deposit of £10.00 per person (£60.00 for 6)');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/bookings\/demo-checkout\?pid=/);
  await expect(page.getByRole('main')).toContainText('no money is taken');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay £60.00' }).click();

  await expect(page).toHaveURL(/\/bookings\/manage\/[A-Za-z0-9_-]{43}\?booked$/);
  const booking = page.getByRole('region', { name: 'Your booking' });
  await expect(page.getByRole('main')).toContainText('This booking needs a deposit of £10.00 per person');
  await expect(page.getByRole('main')).toContainText('£60.00');
  await expectNoAxeViolations(page);

  await booking.getByRole('button', { name: 'Cancel booking' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(question).toContainText('Your £60.00 deposit will be refunded in full');
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(booking.getByRole('status')).toContainText('Your booking is cancelled.');
  await expect(page.getByRole('main')).toContainText(/refunded/i);
  expect(pageErrors).toEqual([]);
});

test('a guest cancelling after free cancellation has ended is told first that the deposit is kept, and it is', async ({
  page,
  pageErrors,
}, testInfo) => {
  test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
  await useOwnerSession(page);
  await ensureDepositRules(page, mainServerRules());
  await page.context().clearCookies();
  const date = lateDay(testInfo.project.name);
  const terms = termsFor(lateRule(), { date, timeSlot: '19:00', guests: 6 });
  const email = `deposit-late-${testInfo.project.name}-${Date.now()}@example.com`;
  await skipPromo(page);
  await page.goto('/bookings');
  const form = await fillTableBooking(page, {
    name: 'Cora Crawley',
    phone: '07700 900778',
    email: email,
    adults: 6,
    date: date,
    time: '19:00',
  });
  // The form says when free cancellation ends, two weeks before: already past.
  await expect(form).toContainText(termsText(terms)[1] ?? '');
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/bookings\/demo-checkout\?pid=/);
  await page.getByRole('button', { name: 'Pay £60.00' }).click();

  await expect(page).toHaveURL(/\/bookings\/manage\/[A-Za-z0-9_-]{43}\?booked$/);
  const booking = page.getByRole('region', { name: 'Your booking' });
  const deposit = page.getByRole('region', { name: 'Deposit', exact: true });
  await expect(deposit).toContainText('Paid £60.00.');

  await booking.getByRole('button', { name: 'Cancel booking' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel this booking?' });
  // "Free cancellation ended at 7pm on …, so your £60.00 deposit is kept.", before the guest confirms.
  await expect(question).toContainText(cancellationOutcomeText(terms, 6000, 'keep') as string);
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(booking.getByRole('status')).toContainText('Your booking is cancelled.');
  await expect(deposit).toContainText('Paid £60.00, kept as its terms say.');
  await expect(deposit).not.toContainText(/Refunded|A refund of/);
  await expectNoAxeViolations(page);

  // The pub has it kept, by the terms, and nothing is owed back.
  await useOwnerSession(page);
  const listed = await page.request.get(`/api/bookings?date=${date}`);
  expect(listed.status()).toBe(200);
  const cancelled = ((await listed.json()) as StoredBooking[]).find((each) => each.email === email);
  expect(cancelled?.status).toBe('CANCELLED');
  const answer = await page.request.get(`/api/admin/bookings/${cancelled?._id}/payment`);
  const { payment } = (await answer.json()) as { payment: StaffPayment | null };
  expect(payment && paymentLabel(payment)).toBe('Deposit £60.00 kept');
  expect(pageErrors).toEqual([]);
});

test.describe('on the tables server', () => {
  test.use({ baseURL: TABLES_URL });

  /**
   * Each project's guest, at a lunch of its own: a party of 7 holds the one join that seats it for two hours, and
   * when tables.spec.ts switches this server to tables mode every booking of the day must find its place.
   */
  const NO_SHOWS = {
    desktop: { name: 'Hugo Fairweather', time: '12:00' },
    phone: { name: 'Ada Penrose', time: '14:30' },
  };

  /**
   * A retry books under a name of its own, the failed attempt's booking cancelled: the day view then names one
   * booking of the guest's, and the join is free for the new one.
   */
  async function guestOfThisAttempt(page: Page, project: string, retry: number) {
    const guest = project === 'phone' ? NO_SHOWS.phone : NO_SHOWS.desktop;
    const listed = await page.request.get(`/api/bookings?date=${TABLES_DAY}`);
    expect(listed.status()).toBe(200);
    const earlier = ((await listed.json()) as StoredBooking[]).filter(
      (booking) => booking.name.startsWith(guest.name) && booking.status !== 'CANCELLED',
    );
    for (const booking of earlier) {
      const cancelled = await page.request.patch(`/api/bookings/${booking._id}`, {
        data: { status: 'CANCELLED', notifyGuest: false },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    return { ...guest, name: retry === 0 ? guest.name : `${guest.name} (attempt ${retry + 1})` };
  }

  test('a guest saves a card for a guarantee; staff mark the no-show and charge the fee', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    // The screens work out "now" in the browser: it stands at the server's evening.
    await page.clock.setFixedTime(new Date(TABLES_EVENING));
    await skipPromo(page);
    await useOwnerSession(page, 'tables');
    await ensureDepositRules(page, [guaranteeRule()]);
    const guest = await guestOfThisAttempt(page, testInfo.project.name, testInfo.retry);
    const email = `no-show-${testInfo.project.name}-${Date.now()}@example.com`;
    const terms = termsFor(guaranteeRule(), { date: TABLES_DAY, timeSlot: guest.time, guests: 7 });

    // Staff take the booking by phone after its time (booked anyway) and e-mail the guest a link to save a card.
    const phoned = await page.request.post('/api/admin/bookings', {
      data: {
        name: guest.name,
        email,
        phone: '07700 900321',
        date: TABLES_DAY,
        timeSlot: guest.time,
        partyAdults: 7,
        partyChildren: 0,
        hasAccessibilityNeeds: false,
        accessibilityNotes: '',
        occasion: 'None',
        occasionNotes: '',
        allergies: '',
        specialNotes: '',
        source: 'phone',
        notifyGuest: true,
        overCapacity: true,
        deposit: { choice: 'request' },
      },
    });
    expect(phoned.status(), await phoned.text()).toBe(201);
    let link = '';
    await expect
      .poll(async () => {
        const request = (await sentMail(process.env.E2E_TABLES_DATA_DIR)).find((mail) =>
          mail.headers.get('to')?.includes(email),
        );
        link = request?.text.match(/Save a card: (\S+)/)?.[1] ?? '';
        return link;
      })
      .toMatch(/\/bookings\/manage\//);

    await page.context().clearCookies();
    await page.goto(link);
    const guarantee = page.getByRole('region', { name: 'Card guarantee' });
    await expect(guarantee).toContainText(termsText(terms)[1] ?? '');
    await expectNoAxeViolations(page);
    await guarantee.getByRole('button', { name: 'Save your card now' }).click();
    await expect(page).toHaveURL(/\/bookings\/demo-checkout\?pid=/);
    await expect(page.getByRole('main')).toContainText('no money is taken');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save card (nothing taken)' }).click();
    await expect(page).toHaveURL(/\/bookings\/manage\/[A-Za-z0-9_-]{43}\?booked$/);
    await expect(guarantee).toContainText('Your card is saved: nothing has been taken.');

    // Staff mark the no-show in the booking's drawer: the fee is offered only then, as an action of its own.
    await useOwnerSession(page, 'tables');
    await page.goto(`/admin/bookings?date=${TABLES_DAY}`);
    const lunch = page.getByRole('region', { name: 'Lunch' });
    await lunch.getByRole('button', { name: guest.name, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: guest.name, exact: true });
    const payment = drawer.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Card held');
    await expect(drawer.getByRole('heading', { name: 'Tonight' })).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Charge no-show fee' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'No-show' }).click();
    await expect(drawer.getByText('No-show 7:20pm')).toBeVisible();
    // Offered at once, in the same drawer.
    await payment.getByRole('button', { name: 'Charge no-show fee' }).click();

    const question = page.getByRole('dialog', { name: 'Charge a no-show fee?' });
    // The fee starts at the most the guest agreed to: £15 × 7.
    await expect(question.getByLabel('Fee in pounds')).toHaveValue('105.00');
    await question.getByRole('textbox', { name: 'Reason' }).fill('Did not come and did not call');
    await expectNoAxeViolations(page, question);
    await question.getByRole('button', { name: 'Charge £105.00' }).click();
    await expect(question).toBeHidden();
    await expect(payment).toContainText('Done: No-show fee £105.00 charged.');
    await expect(payment.getByRole('button', { name: 'Charge no-show fee' })).toHaveCount(0);
    await expectNoAxeViolations(page, drawer);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(lunch.locator('tr').filter({ hasText: guest.name })).toContainText(
      'No-show fee £105.00 charged',
    );
    expect(pageErrors).toEqual([]);
  });
});
