import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHRISTMAS_MANAGE_MESSAGES } from '#shared/christmas/manage.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import type { ManagedChristmasBooking } from '#shared/christmas/schemas.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from './fake-api.ts';

const TOKEN = 'k'.repeat(43);
const PATH = `/christmas/manage/${TOKEN}`;

const MANAGED: ManagedChristmasBooking = {
  booking: {
    reference: 'XMAS-7K3P',
    sittingId: 'xmas-late',
    sittingLabel: '2:30pm–4:30pm',
    name: 'Edith Crawley',
    partyAdults: 2,
    partyChildren: 0,
    partySize: 2,
    status: 'CONFIRMED',
    selections: {
      starters: [{ item: 'parsnip-soup', count: 2 }],
      mains: [{ item: 'roast-turkey', count: 2 }],
      desserts: [{ item: 'christmas-pudding', count: 1 }],
    },
    allergies: 'Coeliac',
    occasionNotes: '',
    specialNotes: '',
    totalPence: 19_000,
    depositPaidPence: 5000,
    source: 'online',
    tillRefundPence: null,
    balanceDuePence: 14_000,
    refundPence: null,
    comingConfirmedAt: null,
    updatedAt: '2026-12-01T10:00:00.000Z',
  },
  changeable: true,
  cancellable: true,
  depositOnCancel: 'refund',
};

/** The API as the page meets it: the booking, then the answers to a change or a cancellation. */
function serve(
  managed: ManagedChristmasBooking | null,
  answers: { change?: unknown; cancel?: unknown; coming?: unknown } = {},
) {
  return fakeApi(({ method, url }) => {
    if (method === 'PATCH') return Response.json(answers.change);
    if (method === 'POST' && url.endsWith('/coming')) return Response.json(answers.coming);
    if (method === 'POST') return Response.json(answers.cancel);
    return managed
      ? Response.json(managed)
      : Response.json({ error: 'We couldn’t find that booking' }, { status: 404 });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/christmas/manage/:token', () => {
  it('shows the booking as the confirmation did, and that the party is changed by phone', async () => {
    serve(MANAGED);
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    for (const text of [
      'XMAS-7K3P',
      'Friday 25 December 2026',
      '2:30pm–4:30pm',
      '2 adults',
      '£50.00',
      '£190.00',
      '£140.00',
      'Coeliac',
    ]) {
      expect(within(booking).getByText(text)).toBeInTheDocument();
    }
    expect(within(booking).getByText(/Mains: 2 × Roast Norfolk turkey/)).toBeInTheDocument();
    expect(booking).toHaveTextContent(`${CHRISTMAS_MANAGE_MESSAGES.partyByPhone} 0118 496 0000.`);
    expect(within(booking).getByRole('link', { name: '0118 496 0000' }).getAttribute('href')).toMatch(
      /^tel:/,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your Christmas Day booking' })).toBeInTheDocument();
  });

  it('changes the dishes under the course rules, saying what is wrong before anything is sent', async () => {
    const user = userEvent.setup();
    const changed = {
      ...MANAGED,
      booking: {
        ...MANAGED.booking,
        selections: {
          ...MANAGED.booking.selections,
          mains: [
            { item: 'roast-turkey', count: 1 },
            { item: 'sea-bass', count: 1 },
          ],
        },
      },
    };
    const sent = serve(MANAGED, { change: changed });
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Change dishes & notes' }));
    const form = screen.getByRole('form', { name: 'Change your order' });
    expect(within(form).getByRole('status', { name: 'Roast Norfolk turkey: 2' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'One fewer Roast Norfolk turkey' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(CHRISTMAS_MESSAGES.mains(2));
    expect(sent.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'One more Pan-roasted sea bass' }));
    await user.clear(within(form).getByLabelText('Allergies'));
    await user.type(within(form).getByLabelText('Allergies'), 'Coeliac; no shellfish');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CHRISTMAS_MANAGE_MESSAGES.changed);
    expect(sent.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/christmas/manage/${TOKEN}`,
      body: {
        selections: {
          starters: [{ item: 'parsnip-soup', count: 2 }],
          mains: [
            { item: 'roast-turkey', count: 1 },
            { item: 'sea-bass', count: 1 },
          ],
          desserts: [{ item: 'christmas-pudding', count: 1 }],
        },
        allergies: 'Coeliac; no shellfish',
        occasionNotes: '',
        specialNotes: '',
        version: MANAGED.booking.updatedAt,
      },
    });
    expect(screen.getByText(/1 × Roast Norfolk turkey, 1 × Pan-roasted sea bass/)).toBeInTheDocument();
  });

  it('shows the order as it stands when another tab changed it first, saying so', async () => {
    const user = userEvent.setup();
    const latest = {
      ...MANAGED,
      booking: {
        ...MANAGED.booking,
        selections: { ...MANAGED.booking.selections, mains: [{ item: 'sea-bass', count: 2 }] },
        allergies: 'Coeliac; no nuts',
        updatedAt: '2026-12-01T10:05:00.000Z',
      },
    };
    fakeApi(({ method }) =>
      method === 'PATCH'
        ? Response.json({ error: MANAGE_MESSAGES.changedSinceOpened, latest }, { status: 409 })
        : Response.json(MANAGED),
    );
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Change dishes & notes' }));
    const form = screen.getByRole('form', { name: 'Change your order' });
    await user.type(within(form).getByLabelText('Special Notes'), 'By the window');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MANAGE_MESSAGES.changedSinceOpened);
    const current = screen.getByRole('form', { name: 'Change your order' });
    expect(within(current).getByRole('status', { name: 'Pan-roasted sea bass: 2' })).toBeInTheDocument();
    expect(within(current).getByLabelText('Allergies')).toHaveValue('Coeliac; no nuts');
    expect(within(current).getByLabelText('Special Notes')).toHaveValue('');
    await user.click(within(current).getByRole('button', { name: 'Keep as it was' }));
    expect(screen.getByText(/Mains: 2 × Pan-roasted sea bass/)).toBeInTheDocument();
  });

  it('says the deposit will be refunded before the guest confirms the cancellation', async () => {
    const user = userEvent.setup();
    const sent = serve(MANAGED, {
      cancel: {
        ...MANAGED,
        booking: { ...MANAGED.booking, status: 'CANCELLED', refundPence: 5000 },
        changeable: false,
        cancellable: false,
      },
    });
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: CHRISTMAS_MANAGE_MESSAGES.cancelQuestion });
    expect(dialog).toHaveTextContent(
      CHRISTMAS_MANAGE_MESSAGES.depositRefunded(5000, 'the end of Friday 18 December'),
    );
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      CHRISTMAS_MANAGE_MESSAGES.cancelledRefund(5000),
    );
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/christmas/manage/${TOKEN}/cancel`,
    ]);
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    // Cancelled here: no balance is due on the day, the refund shows, and the lead no longer offers to cancel.
    const booking = screen.getByRole('region', { name: 'Your booking' });
    expect(within(booking).queryByText('Balance due on the day')).not.toBeInTheDocument();
    expect(within(booking).getByText('Refund to your card').nextSibling).toHaveTextContent('£50.00');
    expect(screen.queryByText(CHRISTMAS_MANAGE_MESSAGES.lead)).not.toBeInTheDocument();
    expect(screen.getByText(CHRISTMAS_MANAGE_MESSAGES.cancelledLead)).toBeInTheDocument();
  });

  it('says the deposit will be kept after refundableUntil; after the cut-off only cancelling is offered', async () => {
    const user = userEvent.setup();
    serve({ ...MANAGED, changeable: false, depositOnCancel: 'keep' });
    renderRoute(PATH);
    expect(
      await screen.findByText(CHRISTMAS_MANAGE_MESSAGES.changesClosed('0118 496 0000')),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change dishes & notes' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      CHRISTMAS_MANAGE_MESSAGES.depositKept(5000, 'the end of Friday 18 December'),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells the guest of a phone booking whose deposit staff took to call us to settle it, before and after', async () => {
    const phone = { ...MANAGED.booking, source: 'phone' as const, depositPaidPence: 7500 };
    serve({ ...MANAGED, booking: phone, depositOnCancel: 'settle' });
    const user = userEvent.setup();
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const settled = CHRISTMAS_MANAGE_MESSAGES.depositSettled(7500, '0118 496 0000');
    expect(screen.getByRole('dialog')).toHaveTextContent(settled);
    await user.keyboard('{Escape}');

    serve({
      ...MANAGED,
      booking: { ...phone, status: 'CANCELLED', refundPence: null, balanceDuePence: 0 },
      changeable: false,
      cancellable: false,
      depositOnCancel: 'settle',
    });
    renderRoute(PATH);
    expect(await screen.findByText(`This booking is cancelled. ${settled}`)).toBeInTheDocument();
    expect(screen.queryByText(/is kept/)).not.toBeInTheDocument();
  });

  it('once staff record a deposit they took given back or kept at the till, says so instead of asking to call', async () => {
    const cancelled = {
      ...MANAGED,
      changeable: false,
      cancellable: false,
      depositOnCancel: 'settle' as const,
    };
    const phone = {
      ...MANAGED.booking,
      source: 'phone' as const,
      depositPaidPence: 7500,
      status: 'CANCELLED' as const,
      refundPence: null,
      balanceDuePence: 0,
    };
    for (const tillRefundPence of [7500, 0]) {
      serve({ ...cancelled, booking: { ...phone, tillRefundPence } });
      const { unmount } = renderRoute(PATH);
      const recorded = CHRISTMAS_MANAGE_MESSAGES.depositSettledAtTill(7500, tillRefundPence);
      expect(await screen.findByText(`This booking is cancelled. ${recorded}`)).toBeInTheDocument();
      expect(screen.queryByText(/call us/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows a cancelled booking with what became of its deposit, and no way to cancel it again', async () => {
    serve({
      ...MANAGED,
      booking: { ...MANAGED.booking, status: 'CANCELLED', refundPence: null, balanceDuePence: 0 },
      changeable: false,
      cancellable: false,
      depositOnCancel: 'keep',
    });
    renderRoute(PATH);
    expect(
      await screen.findByText(`This booking is cancelled. ${CHRISTMAS_MANAGE_MESSAGES.keptLine(5000)}`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    const booking = screen.getByRole('region', { name: 'Your booking' });
    expect(within(booking).queryByText('Balance due on the day')).not.toBeInTheDocument();
    expect(within(booking).queryByText('Refund to your card')).not.toBeInTheDocument();
    expect(screen.queryByText(CHRISTMAS_MANAGE_MESSAGES.lead)).not.toBeInTheDocument();
    expect(screen.getByText(CHRISTMAS_MANAGE_MESSAGES.cancelledLead)).toBeInTheDocument();
  });

  it('says an unknown link opens no booking, with the pub’s phone', async () => {
    serve(null);
    renderRoute(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that booking' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call us on 0118 496 0000' }).getAttribute('href')).toMatch(
      /^tel:/,
    );
  });

  it('asks for the reminder’s “Yes, we’re coming” and thanks the guest once it is sent', async () => {
    const user = userEvent.setup();
    const confirmed = {
      ...MANAGED,
      booking: { ...MANAGED.booking, comingConfirmedAt: '2026-12-23T10:00:00.000Z' },
    };
    const sent = serve(MANAGED, { coming: confirmed });
    renderRoute(`${PATH}?coming=yes`);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    await user.click(within(booking).getByRole('button', { name: COMING_MESSAGES.action }));
    expect(await within(booking).findByRole('status')).toHaveTextContent(COMING_MESSAGES.thanks);
    expect(sent).toContainEqual({ method: 'POST', url: `/api/christmas/manage/${TOKEN}/coming` });
    expect(within(booking).queryByRole('button', { name: COMING_MESSAGES.action })).toBeNull();
  });
});
