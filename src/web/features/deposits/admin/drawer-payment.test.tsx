import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { StaffPayment } from '#shared/deposits/payment-schemas.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { addDays, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const start = addDays(londonToday(), 7);
const TUESDAY = addDays(start, (2 - weekdayOf(start) + 7) % 7);

const HENDERSONS = storedBookingFixture({
  _id: 'b6',
  date: TUESDAY,
  name: 'The Hendersons',
  partyAdults: 6,
  partySize: 6,
});

/** A card guarantee of up to £10.00 a guest for six: a no-show fee of up to £60.00. */
const GUARANTEE: StaffPayment = {
  bookingId: 'b6',
  state: 'card-held',
  terms: {
    ruleId: 'large-parties',
    ruleName: 'Large parties',
    kind: 'guarantee',
    perPersonPence: 1000,
    guests: 6,
    amountPence: 6000,
    cancelHours: 24,
    freeUntil: `${addDays(TUESDAY, -1)}T19:00:00.000Z`,
  },
  paidPence: 0,
  refund: null,
  kept: null,
  released: false,
  fee: null,
  waived: null,
};

/** A £60.00 deposit, paid. */
const DEPOSIT: StaffPayment = {
  ...GUARANTEE,
  state: 'paid',
  terms: { ...GUARANTEE.terms, kind: 'deposit' },
  paidPence: 6000,
};

type Action = 'refund' | 'keep' | 'no-show-fee';
/** Changes the payment the server holds, as a failed action may. */
type Settle = (payment: StaffPayment) => void;

/**
 * A signed-in member of staff's server holding one booking and its payment; `answers` say how each money
 * action answers (else it succeeds as the server would); `noShowAt` is what the night's arrivals say.
 */
function stubServer({
  booking = HENDERSONS,
  payment = GUARANTEE as StaffPayment | null,
  role = 'owner' as StaffRole,
  answers = {} as Partial<Record<Action, (body: Record<string, unknown>, set: Settle) => Response>>,
  noShowAt = null as string | null,
} = {}) {
  let current = payment;
  const api = stubStaffApi(
    ({ method, path, body = {} }) => {
      if (path === '/api/bookings') return Response.json([booking]);
      if (path === '/api/availability' || path === '/api/closures') return Response.json([]);
      if (path === '/api/admin/deposits/day') return Response.json({ payments: current ? [current] : [] });
      if (path === `/api/admin/bookings/${booking._id}/payment`) return Response.json({ payment: current });
      if (path === '/api/admin/tables/day') {
        return Response.json({
          date: booking.date,
          layout: { mode: 'covers' },
          bookings: [{ id: booking._id, noShowAt }],
        });
      }
      const action = /\/payment\/(refund|keep|no-show-fee)$/.exec(path)?.[1] as Action | undefined;
      if (action && method === 'POST' && current) {
        const answer = answers[action];
        if (answer) {
          return answer(body, (changed) => {
            current = changed;
          });
        }
        current = settled(current, action, body);
        return Response.json({ payment: current });
      }
      return undefined;
    },
    { role },
  );
  return {
    posted: () => api.sent.filter((call) => call.method === 'POST'),
    dayPaymentsAsked: () => api.urlsFrom('/api/admin/deposits/day').length,
    paymentAsked: () => api.urlsFrom(`/api/admin/bookings/${booking._id}/payment`).length,
  };
}

/** The payment as the server leaves it after a successful action. */
function settled(payment: StaffPayment, action: Action, body: Record<string, unknown>): StaffPayment {
  const reason = String(body.reason);
  if (action === 'refund') return { ...payment, refund: { pence: payment.paidPence, state: 'refunded' } };
  if (action === 'keep') return { ...payment, kept: { reason, by: 'Landlord' } };
  const pence = Number(body.amountPence);
  return { ...payment, fee: { pence, state: 'charged', reason, by: 'Landlord', failure: null } };
}

async function openDrawer() {
  const user = userEvent.setup();
  renderRoute(`/admin/bookings?date=${TUESDAY}`);
  await user.click(await screen.findByRole('button', { name: 'The Hendersons' }));
  const drawer = screen.getByRole('dialog', { name: 'The Hendersons' });
  return { user, drawer };
}

async function paymentSection(drawer: HTMLElement) {
  return within(drawer).findByRole('region', { name: 'Payment' });
}

const cancelled = { ...HENDERSONS, status: 'CANCELLED' as const };

describe('a booking’s payment in its drawer', () => {
  undoStubsAfterEach();

  it('shows the terms the guest agreed to and where the money stands', async () => {
    stubServer({
      payment: { ...DEPOSIT, kept: { reason: 'Cancelled the same day', by: 'Sam Moore' } },
    });
    const { drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    expect(payment).toHaveTextContent('Deposit £60.00 kept');
    expect(payment).toHaveTextContent('Cancelled the same day, by Sam Moore');
    expect(payment).toHaveTextContent('Terms: £60.00 deposit');
    expect(payment).toHaveTextContent(
      'This booking needs a deposit of £10.00 per person (£60.00 for 6), taken when you book.',
    );
    expect(within(payment).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is not there for a booking no rule applied to', async () => {
    const server = stubServer({ payment: null });
    const { drawer } = await openDrawer();
    await waitFor(() => expect(server.paymentAsked()).toBe(1));
    // The answer read, the drawer shows what it shows.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(drawer).queryByRole('region', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('offers a staff role the state and no action', async () => {
    stubServer({ booking: cancelled, role: 'staff' });
    const { drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    expect(payment).toHaveTextContent('Card held');
    expect(within(payment).queryByRole('button', { name: 'Charge no-show fee' })).not.toBeInTheDocument();
    expect(within(payment).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('"Charge no-show fee"', () => {
  undoStubsAfterEach();

  it('starts from the terms’ amount and refuses a missing reason and more than the cap on their fields', async () => {
    const server = stubServer({ booking: cancelled });
    const { user, drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    await user.click(within(payment).getByRole('button', { name: 'Charge no-show fee' }));

    const dialog = screen.getByRole('dialog', { name: 'Charge a no-show fee?' });
    const amount = within(dialog).getByRole('textbox', { name: /^Fee in pounds/ });
    expect(amount).toHaveValue('60.00');
    expect(amount).toHaveAccessibleDescription(
      'At most £60.00, as the guest agreed. £0.00 charges nothing and releases the card.',
    );
    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Charge £75.00' }));

    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(DEPOSIT_MESSAGES.feeTooHigh('£60.00')),
    );
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Please give a reason.'));
    expect(amount).toHaveFocus();
    expect(server.posted()).toEqual([]);
  });

  it('sends the amount in pence with the reason, then says what was charged', async () => {
    const server = stubServer({ booking: cancelled });
    const { user, drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    await waitFor(() => expect(server.dayPaymentsAsked()).toBe(1));
    await user.click(within(payment).getByRole('button', { name: 'Charge no-show fee' }));
    const dialog = screen.getByRole('dialog', { name: 'Charge a no-show fee?' });
    const amount = within(dialog).getByRole('textbox', { name: /^Fee in pounds/ });
    await user.clear(amount);
    await user.type(amount, '45.5');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), ' Cancelled an hour before ');
    await user.click(within(dialog).getByRole('button', { name: 'Charge £45.50' }));

    const notice = await within(payment).findByRole('status');
    expect(notice).toHaveTextContent('Done: No-show fee £45.50 charged.');
    expect(screen.queryByRole('dialog', { name: 'Charge a no-show fee?' })).not.toBeInTheDocument();
    expect(server.posted()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/bookings/b6/payment/no-show-fee',
        body: { amountPence: 4550, reason: 'Cancelled an hour before' },
      },
    ]);
    expect(payment).toHaveTextContent('Cancelled an hour before, by Landlord');
    expect(within(payment).queryByRole('button', { name: 'Charge no-show fee' })).not.toBeInTheDocument();
    // The day's flags are asked for again.
    await waitFor(() => expect(server.dayPaymentsAsked()).toBe(2));
  });

  it('shows the server’s words when the card is declined, and a refusal of the amount on its field', async () => {
    const declined = DEPOSIT_MESSAGES.feeFailed('insufficient funds');
    const tooHigh = DEPOSIT_MESSAGES.feeTooHigh('£50.00');
    stubServer({
      booking: cancelled,
      answers: {
        'no-show-fee': (body) =>
          body.amountPence === 6000
            ? Response.json(
                { error: tooHigh, issues: [{ path: 'amountPence', message: tooHigh }] },
                { status: 400 },
              )
            : Response.json({ error: declined }, { status: 422 }),
      },
    });
    const { user, drawer } = await openDrawer();
    await user.click(
      within(await paymentSection(drawer)).getByRole('button', { name: 'Charge no-show fee' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Charge a no-show fee?' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Did not come');
    await user.click(within(dialog).getByRole('button', { name: 'Charge £60.00' }));
    const amount = within(dialog).getByRole('textbox', { name: /^Fee in pounds/ });
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining(tooHigh)));

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Charge £50.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(declined);
    expect(dialog).toBeInTheDocument();
  });

  it('is offered for a booking the night marked a no-show', async () => {
    stubServer({ noShowAt: `${TUESDAY}T19:20:00.000Z` });
    const { drawer } = await openDrawer();
    expect(
      await within(await paymentSection(drawer)).findByRole('button', { name: 'Charge no-show fee' }),
    ).toBeInTheDocument();
  });

  it('is not offered while the party may still come', async () => {
    stubServer();
    const { drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    expect(payment).toHaveTextContent('Card held');
    expect(within(payment).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('"Refund deposit" and "Keep deposit"', () => {
  undoStubsAfterEach();

  it('refunds with a reason, which is required', async () => {
    const server = stubServer({ payment: DEPOSIT });
    const { user, drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    await user.click(within(payment).getByRole('button', { name: 'Refund deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the £60.00 deposit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund £60.00' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Please give a reason.'));
    expect(server.posted()).toEqual([]);

    await user.type(reason, 'Flooded kitchen');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £60.00' }));
    expect(await within(payment).findByRole('status')).toHaveTextContent('Done: Deposit £60.00 refunded.');
    expect(server.posted()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/bookings/b6/payment/refund',
        body: { reason: 'Flooded kitchen' },
      },
    ]);
  });

  it('says the server’s words when the refund cannot be made, and shows it pending', async () => {
    stubServer({
      payment: DEPOSIT,
      answers: {
        refund: (_body, set) => {
          set({ ...DEPOSIT, refund: { pence: 6000, state: 'owed' } });
          return Response.json({ error: DEPOSIT_MESSAGES.refundProvider }, { status: 502 });
        },
      },
    });
    const { user, drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    await user.click(within(payment).getByRole('button', { name: 'Refund deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the £60.00 deposit?' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Flooded kitchen');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £60.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEPOSIT_MESSAGES.refundProvider);
    await user.click(within(dialog).getByRole('button', { name: 'Don’t refund' }));
    await waitFor(() => expect(payment).toHaveTextContent('Refund of £60.00 pending'));
    expect(within(payment).queryByRole('button', { name: 'Refund deposit' })).not.toBeInTheDocument();
  });

  it('keeps the deposit with a reason', async () => {
    const server = stubServer({ payment: DEPOSIT, booking: cancelled });
    const { user, drawer } = await openDrawer();
    const payment = await paymentSection(drawer);
    await user.click(within(payment).getByRole('button', { name: 'Keep deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Keep the £60.00 deposit?' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Cancelled the same day');
    await user.click(within(dialog).getByRole('button', { name: 'Keep £60.00' }));
    expect(await within(payment).findByRole('status')).toHaveTextContent('Done: Deposit £60.00 kept.');
    expect(server.posted().map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/bookings/b6/payment/keep', { reason: 'Cancelled the same day' }],
    ]);
    expect(payment).toHaveTextContent('Cancelled the same day, by Landlord');
  });
});
