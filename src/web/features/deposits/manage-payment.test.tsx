import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedBooking } from '#shared/booking/schemas.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { GuestPayment } from '#shared/deposits/payment-schemas.ts';
import type { DepositKind } from '#shared/deposits/rules.ts';
import { cancellationOutcomeText, termsText } from '#shared/deposits/terms.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { depositRule } from '#tests/helpers/deposit-rules.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { fakeApi } from '../../routes/fake-api.ts';
import { depositTermsFixture } from './payment-fixtures.ts';

const TOKEN = 'p'.repeat(43);

function payment(kind: DepositKind, overrides: Partial<GuestPayment> = {}): GuestPayment {
  return {
    kind,
    state: kind === 'deposit' ? 'paid' : 'card-held',
    terms: depositTermsFixture(kind),
    paidPence: kind === 'deposit' ? 4000 : 0,
    refund: null,
    kept: false,
    cancelEffect: kind === 'deposit' ? 'refund' : 'release',
    ...overrides,
  };
}

function managed(
  paid: GuestPayment | null,
  overrides: Partial<ManagedBooking['booking']> = {},
): ManagedBooking {
  const booking = storedBookingFixture({
    reference: 'RC-DEP234',
    partyAdults: 4,
    partySize: 4,
    ...overrides,
  });
  return { booking, started: false, payment: paid };
}

/** The guest's booking as the server holds it; `cancel` answers a cancellation from what the page expected. */
function stubServer(initial: ManagedBooking, cancel: (expected: unknown) => Response) {
  return fakeApi(({ method, url, body }) => {
    if (url === `/api/bookings/manage/${TOKEN}/cancel` && method === 'POST') return cancel(body);
    if (url === `/api/bookings/manage/${TOKEN}/pay` && method === 'POST') {
      return Response.json({ checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_link', pid: 'pid_link' });
    }
    if (url === `/api/bookings/manage/${TOKEN}`) return Response.json(initial);
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
}

async function openCancelDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
  return screen.getByRole('dialog', { name: MANAGE_MESSAGES.cancelQuestion });
}

describe('a deposit or card guarantee on the guest’s own page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('repeats the terms word for word and says what was paid', async () => {
    const deposit = payment('deposit');
    stubServer(managed(deposit), () => Response.json({}));
    renderRoute(`/bookings/manage/${TOKEN}`);
    const section = await screen.findByRole('region', { name: 'Deposit' });
    for (const sentence of termsText(deposit.terms))
      expect(within(section).getByText(sentence)).toBeVisible();
    expect(section).toHaveTextContent('Paid £40.00.');
  });

  it('says a refund is pending, and a guarantee’s card is held', async () => {
    stubServer(managed(payment('deposit', { refund: { pence: 4000, state: 'owed' } })), () =>
      Response.json({}),
    );
    const pending = renderRoute(`/bookings/manage/${TOKEN}`);
    expect(await screen.findByRole('region', { name: 'Deposit' })).toHaveTextContent(
      'A refund of £40.00 is on its way to your card.',
    );
    pending.unmount();

    stubServer(managed(payment('guarantee')), () => Response.json({}));
    renderRoute(`/bookings/manage/${TOKEN}`);
    const section = await screen.findByRole('region', { name: 'Card guarantee' });
    expect(section).toHaveTextContent('Your card is saved: nothing has been taken.');
    expect(section).toHaveTextContent('This booking is guaranteed with a card: nothing is taken now.');
  });

  it('says what cancelling does to the deposit before the guest confirms, and sends what it said', async () => {
    const user = userEvent.setup();
    const deposit = payment('deposit');
    const sent = stubServer(managed(deposit), () =>
      Response.json(managed({ ...deposit, refund: { pence: 4000, state: 'owed' } }, { status: 'CANCELLED' })),
    );
    renderRoute(`/bookings/manage/${TOKEN}`);
    const dialog = await openCancelDialog(user);
    expect(dialog).toHaveTextContent(cancellationOutcomeText(deposit.terms, 4000, 'refund') as string);
    expect(dialog).toHaveTextContent(
      'Your £40.00 deposit will be refunded in full to the card you paid with.',
    );

    await user.click(within(dialog).getByRole('button', { name: MANAGE_MESSAGES.yesCancel }));
    expect(await screen.findByText(MANAGE_MESSAGES.cancelled)).toBeInTheDocument();
    expect(sent.find((request) => request.url.endsWith('/cancel'))?.body).toEqual({ expect: 'refund' });
    expect(screen.getByRole('region', { name: 'Deposit' })).toHaveTextContent(
      'A refund of £40.00 is on its way to your card.',
    );
  });

  it('shows the server’s reason and the booking as it stands when free cancellation ended meanwhile', async () => {
    const user = userEvent.setup();
    const free = payment('deposit');
    const late = payment('deposit', { cancelEffect: 'keep' });
    const expectations: unknown[] = [];
    stubServer(managed(free), (body) => {
      expectations.push(body);
      return expectations.length === 1
        ? Response.json({ error: DEPOSIT_MESSAGES.windowChanged, latest: managed(late) }, { status: 409 })
        : Response.json(managed(late, { status: 'CANCELLED' }));
    });
    renderRoute(`/bookings/manage/${TOKEN}`);
    let dialog = await openCancelDialog(user);
    await user.click(within(dialog).getByRole('button', { name: MANAGE_MESSAGES.yesCancel }));

    expect(await screen.findByRole('alert')).toHaveTextContent(DEPOSIT_MESSAGES.windowChanged);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = await openCancelDialog(user);
    const kept = cancellationOutcomeText(late.terms, 4000, 'keep') as string;
    expect(kept).toMatch(/deposit is kept/);
    expect(dialog).toHaveTextContent(kept);
    await user.click(within(dialog).getByRole('button', { name: MANAGE_MESSAGES.yesCancel }));
    expect(await screen.findByText(MANAGE_MESSAGES.cancelled)).toBeInTheDocument();
    expect(expectations).toEqual([{ expect: 'refund' }, { expect: 'keep' }]);
  });

  it('sends fee for a late guarantee and none for a booking without payment', async () => {
    const user = userEvent.setup();
    const guarantee = payment('guarantee', { cancelEffect: 'fee' });
    let sent = stubServer(managed(guarantee), () =>
      Response.json(managed(guarantee, { status: 'CANCELLED' })),
    );
    const late = renderRoute(`/bookings/manage/${TOKEN}`);
    let dialog = await openCancelDialog(user);
    expect(dialog).toHaveTextContent(cancellationOutcomeText(guarantee.terms, 0, 'fee') as string);
    await user.click(within(dialog).getByRole('button', { name: MANAGE_MESSAGES.yesCancel }));
    await screen.findByText(MANAGE_MESSAGES.cancelled);
    expect(sent.find((request) => request.url.endsWith('/cancel'))?.body).toEqual({ expect: 'fee' });
    late.unmount();

    sent = stubServer(managed(null), () => Response.json(managed(null, { status: 'CANCELLED' })));
    renderRoute(`/bookings/manage/${TOKEN}`);
    dialog = await openCancelDialog(user);
    expect(dialog).not.toHaveTextContent(/deposit|card/i);
    expect(screen.queryByRole('region', { name: 'Deposit' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MANAGE_MESSAGES.yesCancel }));
    await screen.findByText(MANAGE_MESSAGES.cancelled);
    expect(sent.find((request) => request.url.endsWith('/cancel'))?.body).toEqual({ expect: 'none' });
  });

  it('offers Pay now for a booking awaiting its payment, and comes back to this page after', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const awaiting = payment('deposit', { state: 'awaiting', paidPence: 0 });
    stubServer(managed(awaiting, { status: 'PENDING' }), () => Response.json({}));
    renderRoute(`/bookings/manage/${TOKEN}`);
    const section = await screen.findByRole('region', { name: 'Deposit' });
    expect(section).toHaveTextContent('Not paid yet');
    await user.click(within(section).getByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(window.location.assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_link'),
    );
    expect(sessionStorage.getItem('deposit-return:pid_link')).toBe(`/bookings/manage/${TOKEN}`);
  });

  it('says a change to a larger party asks for the difference, then sends the guest to pay it', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const seeded = seedContent['deposit-rules'];
    seedContent['deposit-rules'] = {
      rules: [depositRule({ partyFrom: 4, weekdays: [], perPersonPence: 1000 })],
    };
    const sent = stubServer(managed(payment('deposit')), () => Response.json({}));
    const fetchStub = vi.mocked(fetch);
    const answer = fetchStub.getMockImplementation();
    fetchStub.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith(`/api/bookings/manage/${TOKEN}/availability`)) {
        return Response.json([{ service: 'dinner', time: '19:00', closed: false, remaining: 20 }]);
      }
      if (url === `/api/bookings/manage/${TOKEN}` && init?.method === 'PATCH') {
        sent.push({ method: 'PATCH', url, body: JSON.parse(String(init.body)) });
        return Response.json(
          {
            topUp: {
              checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_more',
              pid: 'pid_more',
              terms: payment('deposit').terms,
              holdUntil: '2026-12-01T10:31:00.000Z',
            },
          },
          { status: 202 },
        );
      }
      return (answer as NonNullable<typeof answer>)(input, init);
    });
    try {
      renderRoute(`/bookings/manage/${TOKEN}`);
      await user.click(await screen.findByRole('button', { name: 'Change booking' }));
      const form = screen.getByRole('form', { name: 'Change booking' });
      await user.clear(within(form).getByLabelText(/^Adults/));
      await user.type(within(form).getByLabelText(/^Adults/), '6');
      const note = await within(form).findByRole('region', { name: 'This change needs a larger deposit' });
      expect(note).toHaveTextContent(
        'You will pay the difference, £20.00, next (the deposit becomes £60.00).',
      );
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() =>
        expect(window.location.assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_more'),
      );
      expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({ partyAdults: 6 });
      expect(sessionStorage.getItem('deposit-return:pid_more')).toBe(`/bookings/manage/${TOKEN}?changed`);
    } finally {
      seedContent['deposit-rules'] = seeded;
    }
  });
});
