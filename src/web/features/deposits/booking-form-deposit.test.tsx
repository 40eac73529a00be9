import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { DepositRulesDocument } from '#shared/deposits/rules.ts';
import { depositTermsOf } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import {
  chooseDateAndTime,
  field,
  fillContact,
  openForm,
  TUESDAY,
} from '../../routes/booking-page-fixture.ts';
import { fakeApi } from '../../routes/fake-api.ts';

/** Large parties at dinner pay £10 a head; six or more at lunch guarantee £25 a head with a card. */
const RULES: DepositRulesDocument = {
  rules: [
    {
      id: 'large-dinners',
      name: 'Large parties at dinner',
      bookings: 'tables',
      partyFrom: 4,
      weekdays: [],
      dateRanges: [],
      services: ['dinner'],
      eventSlugs: [],
      kind: 'deposit',
      perPersonPence: 1000,
      cancelHours: 48,
    },
    {
      id: 'large-lunches',
      name: 'Large parties at lunch',
      bookings: 'tables',
      partyFrom: 6,
      weekdays: [],
      dateRanges: [],
      services: ['lunch'],
      eventSlugs: [],
      kind: 'guarantee',
      perPersonPence: 2500,
      cancelHours: 24,
    },
  ],
};

const SLOTS: AvailabilitySlot[] = [
  { service: 'lunch', time: '12:00', closed: false, remaining: 20 },
  { service: 'dinner', time: '19:00', closed: false, remaining: 20 },
];

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_deposit';
const MANAGE_URL = `https://pub.test/bookings/manage/${'m'.repeat(43)}`;

function stubServer(bookingAnswer: () => Response = () => Response.json({}, { status: 500 })) {
  return fakeApi(({ url }) => {
    if (url === '/api/content/deposit-rules') return Response.json(RULES);
    if (url.startsWith('/api/availability')) return Response.json(SLOTS);
    if (url === '/api/bookings') return bookingAnswer();
    return undefined;
  });
}

const termsFor = (timeSlot: string, guests: number) =>
  depositTermsOf(RULES, {
    date: TUESDAY,
    timeSlot,
    service: timeSlot < '17:00' ? 'lunch' : 'dinner',
    guests,
    eventSlug: null,
  });

async function setAdults(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, adults: string) {
  await user.clear(field(form, /^Adults/));
  await user.type(field(form, /^Adults/), adults);
}

describe('a table booking a deposit rule matches', () => {
  // The rules the page is rendered with; the seeded ones (none) again after.
  const seeded = seedContent['deposit-rules'];
  beforeEach(() => {
    seedContent['deposit-rules'] = RULES;
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
  });
  afterEach(() => {
    seedContent['deposit-rules'] = seeded;
    vi.unstubAllGlobals();
  });

  it('shows the terms before anything is sent, only while a rule matches, and names the next step on the button', async () => {
    const user = userEvent.setup();
    stubServer();
    const form = await openForm();
    await chooseDateAndTime(form, TUESDAY, '19:00');
    // Two at dinner: no rule.
    expect(within(form).getByRole('button', { name: 'Book Table' })).toBeEnabled();
    expect(within(form).queryByText(/deposit/i)).not.toBeInTheDocument();

    await setAdults(user, form, '4');
    const deposit = termsFor('19:00', 4);
    if (!deposit) throw new Error('the dinner rule should match four');
    expect(await within(form).findByText('£40.00 deposit')).toBeVisible();
    for (const sentence of termsText(deposit)) expect(within(form).getByText(sentence)).toBeVisible();
    const button = within(form).getByRole('button', { name: 'Continue to payment' });
    expect(button).toHaveAccessibleDescription(expect.stringContaining('£40.00 deposit'));

    // Four at lunch: the lunch rule starts at six.
    await chooseDateAndTime(form, TUESDAY, '12:00');
    await waitFor(() => expect(within(form).queryByText('£40.00 deposit')).not.toBeInTheDocument());
    expect(within(form).getByRole('button', { name: 'Book Table' })).toBeInTheDocument();

    await setAdults(user, form, '6');
    expect(await within(form).findByText('Card guarantee (no-show fee up to £150.00)')).toBeVisible();
    expect(
      within(form).getByText('This booking is guaranteed with a card: nothing is taken now.'),
    ).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Continue to save your card' })).toBeInTheDocument();
    expect(window.location.assign).not.toHaveBeenCalled();
  });

  it('goes on to the checkout when the booking comes back with a payment, keeping the guest’s own page for the return', async () => {
    const user = userEvent.setup();
    const terms = termsFor('19:00', 4);
    const sent = stubServer(() =>
      Response.json(
        {
          reference: 'RC-DEP234',
          status: 'PENDING',
          manageUrl: MANAGE_URL,
          payment: { checkoutUrl: CHECKOUT_URL, pid: 'pid_1', terms, holdUntil: '2026-12-01T12:31:00.000Z' },
        },
        { status: 201 },
      ),
    );
    const form = await openForm();
    await fillContact(user, form);
    await setAdults(user, form, '4');
    await chooseDateAndTime(form, TUESDAY, '19:00');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sessionStorage.getItem('deposit-return:pid_1')).toBe(MANAGE_URL);
    expect(sent.filter((request) => request.url === '/api/bookings')).toHaveLength(1);
    // One booking, one payment: the button waits for the checkout.
    expect(within(form).getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
    expect(screen.queryByText('RC-DEP234')).not.toBeInTheDocument();
  });
});
