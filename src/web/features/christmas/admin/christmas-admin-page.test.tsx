import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { christmasAmounts } from '#shared/christmas/amounts.ts';
import type {
  ChristmasClosure,
  ChristmasSeatsOverview,
  ChristmasStaffChange,
  StoredChristmasBooking,
} from '#shared/christmas/schemas.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import { TILL_SETTLEMENT_MESSAGES, tillSettledText } from '#shared/money/till-settlement.ts';
import type { FieldIssue } from '#shared/schema/issues.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedSeason } from '#tests/helpers/seed-content.ts';
import {
  storedChristmasBookingFixture,
  stubStaffApi,
  undoStubsAfterEach,
} from '#tests/helpers/staff-screen.ts';

const booking = storedChristmasBookingFixture();

/** Edith's booking by phone, its £75.00 deposit taken in cash, cancelled by staff: to settle at the till. */
const cancelledCashBooking = storedChristmasBookingFixture({
  source: 'phone',
  depositMethod: 'cash',
  status: 'CANCELLED',
  cancelledBy: 'staff',
});

/** A fake server with one booking, the seats it takes, and the closures the test makes. */
function stubServer(
  options: {
    fail?: RegExp;
    failWith?: string;
    /** The fields the refusal `failWith` names. */
    issues?: FieldIssue[];
    booking?: StoredChristmasBooking;
    role?: StaffRole;
  } = {},
) {
  let current = { ...(options.booking ?? booking) };
  let closure: ChristmasClosure | null = null;
  const seats = (): ChristmasSeatsOverview => {
    const booked = current.status === 'CONFIRMED' ? current.partySize : 0;
    return {
      'xmas-early': {
        capacity: 30,
        booked,
        held: 2,
        remaining: 28 - booked,
        closed: closure !== null,
        pastCutoff: false,
        closure,
      },
      'xmas-late': {
        capacity: 32,
        booked: 0,
        held: 0,
        remaining: 32,
        closed: false,
        pastCutoff: false,
        closure: null,
      },
    };
  };

  return stubStaffApi(
    ({ method, path, query, body }) => {
      if (options.fail?.test(`${method} ${path}`)) {
        return options.failWith
          ? Response.json({ error: options.failWith, issues: options.issues }, { status: 409 })
          : new Response('Internal error', { status: 500 });
      }
      if (path === '/api/christmas/admin/bookings' && method === 'GET') {
        const sitting = query.get('sittingId');
        return Response.json(!sitting || sitting === current.sittingId ? [current] : []);
      }
      if (path.startsWith('/api/christmas/admin/bookings/') && method === 'PATCH') {
        const refund =
          body?.deposit === 'refund' ? { pence: current.depositPaidPence, state: 'refunded' as const } : null;
        current = { ...current, status: body?.status as typeof current.status, cancelledBy: 'staff', refund };
        return Response.json(current);
      }
      if (path.endsWith('/order') && method === 'PUT') {
        const change = body as unknown as ChristmasStaffChange;
        const { guests, totalPence } = christmasAmounts(change, seedSeason);
        current = { ...current, ...change, partySize: guests, totalPence, changedBy: 'landlord' };
        return Response.json(current);
      }
      if (path.endsWith('/till-settlement') && method === 'POST') {
        const given = body?.outcome === 'given-back';
        current = { ...current, tillRefundPence: given ? current.depositPaidPence : 0 };
        return Response.json(current);
      }
      if (path.endsWith('/refund') && method === 'POST' && current.refund) {
        current = { ...current, refund: { ...current.refund, state: 'refunded' } };
        return Response.json(current);
      }
      if (path === '/api/christmas/admin/availability') return Response.json(seats());
      if (path === '/api/christmas/admin/closures' && method === 'POST') {
        closure = {
          _id: 'c1',
          sittingId: body?.sittingId as ChristmasClosure['sittingId'],
          reason: String(body?.reason),
          createdAt: booking.createdAt,
        };
        return Response.json(closure, { status: 201 });
      }
      if (path.startsWith('/api/christmas/admin/closures/') && method === 'DELETE') {
        closure = null;
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
    { role: options.role },
  );
}

/** The page open, Edith Crawley's booking set to Cancelled from its row: the dialog asks. */
async function chooseCancelled(user: ReturnType<typeof userEvent.setup>) {
  renderRoute('/admin/christmas');
  const row = await screen.findByRole('row', { name: /Edith Crawley/ });
  const status = within(row).getByRole('combobox', { name: /^Status of Edith Crawley/ });
  await user.selectOptions(status, 'CANCELLED');
  return { row, status };
}

/** The page open on the fake server `stubServer(options)` makes. */
function openChristmasAdmin(options?: Parameters<typeof stubServer>[0]) {
  const server = stubServer(options);
  return { server, ...renderRoute('/admin/christmas') };
}

const linkIn = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('link', { name });

const early = () => screen.findByRole('region', { name: '12pm–2pm' });

describe('the Christmas admin', () => {
  undoStubsAfterEach();

  it('is in the admin nav, and shows the seats, the downloads and the bookings', async () => {
    openChristmasAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Christmas Day' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Christmas' })).toHaveAttribute('aria-current', 'page');

    const seats = await early();
    expect(seats).toHaveTextContent('3 booked');
    expect(seats).toHaveTextContent('2 held in checkout');
    expect(seats).toHaveTextContent('25 left of 30');

    const downloads = screen.getByRole('navigation', { name: 'Downloads' });
    expect(linkIn(downloads, 'Orders CSV')).toHaveAttribute('href', '/api/christmas/orders.csv');
    expect(linkIn(downloads, 'Prep summary CSV')).toHaveAttribute(
      'href',
      '/api/christmas/orders-summary.csv',
    );
    expect(linkIn(downloads, /^Print prep sheet/)).toHaveAttribute('href', '/api/christmas/print/summary');

    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(row).toHaveTextContent('XMAS-7KQ2 · Online');
    expect(row).toHaveTextContent('Deposit £75.00 paid online');
    expect(row).toHaveTextContent('Mains: 3 × Roast Norfolk turkey');
    expect(row).toHaveTextContent('Allergies: Coeliac (the child)');
    expect(linkIn(row, /^Print booking XMAS-7KQ2/)).toHaveAttribute(
      'href',
      '/api/christmas/print/booking/b1',
    );
    expect(linkIn(row, /^Print Sitting 12pm–2pm/)).toHaveAttribute(
      'href',
      '/api/christmas/print/orders?sittingId=xmas-early',
    );
    const status = within(row).getByRole('combobox', { name: 'Status of Edith Crawley, XMAS-7KQ2' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Confirmed', 'Cancelled']);
  });

  it.each([
    ['card-by-phone', 7500, 'Deposit £75.00 by card on the phone'],
    ['cash', 7500, 'Deposit £75.00 in cash'],
    ['waived', 0, 'Deposit waived'],
    [null, 0, 'No deposit recorded'],
  ] as const)(
    'shows how a phone booking’s deposit was taken (%s)',
    async (depositMethod, depositPaidPence, text) => {
      openChristmasAdmin({
        booking: { ...booking, source: 'phone', email: '', depositMethod, depositPaidPence, madeBy: 'Sam' },
      });
      const row = await screen.findByRole('row', { name: /Edith Crawley/ });
      expect(row).toHaveTextContent('XMAS-7KQ2 · Phone');
      expect(row).toHaveTextContent(text);
      expect(linkIn(row, '07700 900321')).toHaveAttribute('href', 'tel:07700900321');
    },
  );

  it('offers an e-mail-only booking’s address where the phone number would be', async () => {
    openChristmasAdmin({ booking: { ...booking, source: 'phone', phone: '', depositMethod: 'cash' } });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(linkIn(row, 'edith@example.com')).toHaveAttribute('href', 'mailto:edith@example.com');
  });

  it('offers staff the bookings, the print sheets and phone bookings, but not a manager’s changes', async () => {
    openChristmasAdmin({ role: 'staff' });
    const seats = await early();
    expect(within(seats).queryByRole('button', { name: 'Close sitting' })).not.toBeInTheDocument();
    const downloads = screen.getByRole('navigation', { name: 'Downloads' });
    expect(within(downloads).queryByRole('link', { name: 'Orders CSV' })).not.toBeInTheDocument();
    expect(within(downloads).getByRole('link', { name: /^Print prep sheet/ })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Confirmed');
    expect(within(row).getByRole('link', { name: /^Print booking XMAS-7KQ2/ })).toBeInTheDocument();
  });

  it('filters by sitting: the address, the list and the download links follow', async () => {
    const user = userEvent.setup();
    const { server, location } = openChristmasAdmin();
    await screen.findByRole('row', { name: /Edith Crawley/ });
    await user.selectOptions(
      screen.getByLabelText('Sitting', { selector: 'select#christmas-sitting-filter' }),
      'xmas-late',
    );
    expect(location().search).toBe('?sitting=xmas-late');
    expect(await screen.findByText('No bookings for this sitting yet.')).toBeInTheDocument();
    expect(server.sent.at(-1)?.url).toBe('/api/christmas/admin/bookings?sittingId=xmas-late');
    expect(screen.getByRole('link', { name: /^Print orders/ })).toHaveAttribute(
      'href',
      '/api/christmas/print/orders?sittingId=xmas-late',
    );
  });

  it('cancels an online booking with its deposit refunded, asked first; the bar gives the seats back', async () => {
    const user = userEvent.setup();
    const server = stubServer();
    const { row } = await chooseCancelled(user);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this Christmas booking?' });
    expect(dialog).toHaveTextContent('Deposit paid £75.00.');
    expect(dialog).toHaveTextContent('edith@example.com is e-mailed that the booking is cancelled');
    expect(server.sent.filter((call) => call.method === 'PATCH')).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'Refund the deposit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(server.sent).toContainEqual({
      method: 'PATCH',
      url: '/api/christmas/admin/bookings/b1',
      body: { status: 'CANCELLED', deposit: 'refund' },
    });
    expect(await within(row).findByText('Deposit of £75.00 refunded')).toBeInTheDocument();
    await waitFor(async () => expect(await early()).toHaveTextContent('0 booked'));
  });

  it('cancels a phone booking whose deposit staff took in cash: settled at the till, no refund asked', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      booking: { ...booking, source: 'phone', depositMethod: 'cash', depositPaidPence: 7500, madeBy: 'Sam' },
    });
    const { row } = await chooseCancelled(user);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this Christmas booking?' });
    expect(dialog).toHaveTextContent('Deposit £75.00 in cash.');
    expect(dialog).toHaveTextContent(paidToStaffNotRefundedOnline(7500));
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('is e-mailed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(server.sent.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'CANCELLED',
      deposit: null,
    });
    expect(await within(row).findByText('Deposit of £75.00 to settle at the till')).toBeInTheDocument();
    expect(within(row).queryByText(/refund|deposit kept/i)).not.toBeInTheDocument();
    expect(within(row).getByRole('group', { name: TILL_SETTLEMENT_MESSAGES.question })).toBeInTheDocument();
  });

  it('asks whether a cancelled deposit staff took was given back at the till or kept, and records it in one tap', async () => {
    const user = userEvent.setup();
    const { server } = openChristmasAdmin({ booking: cancelledCashBooking });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(within(row).getByText('Deposit of £75.00 to settle at the till')).toBeInTheDocument();
    const question = within(row).getByRole('group', { name: TILL_SETTLEMENT_MESSAGES.question });
    expect(within(question).getByRole('button', { name: 'Kept for Edith Crawley, XMAS-7KQ2' })).toHaveClass(
      'min-h-11',
    );

    await user.click(
      within(question).getByRole('button', { name: 'Given back for Edith Crawley, XMAS-7KQ2' }),
    );
    expect(server.sent).toContainEqual({
      method: 'POST',
      url: '/api/christmas/admin/bookings/b1/till-settlement',
      body: { outcome: 'given-back' },
    });
    expect(await within(row).findByText(tillSettledText(7500, 7500))).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^(Given back|Kept) for/ })).not.toBeInTheDocument();
    expect(within(row).queryByText('Deposit of £75.00 to settle at the till')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(TILL_SETTLEMENT_MESSAGES.settled('XMAS-7KQ2'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a confirmed booking whose deposit staff took', { ...cancelledCashBooking, status: 'CONFIRMED' }, null],
    [
      'a cancelled booking whose deposit was paid online',
      { ...booking, status: 'CANCELLED' },
      'Deposit kept',
    ],
    [
      'a cancelled booking whose deposit staff waived',
      { ...cancelledCashBooking, depositMethod: 'waived', depositPaidPence: 0 },
      null,
    ],
    [
      'a deposit staff took recorded as kept',
      { ...cancelledCashBooking, tillRefundPence: 0 },
      tillSettledText(7500, 0),
    ],
    [
      'a deposit staff took recorded as given back',
      { ...cancelledCashBooking, tillRefundPence: 7500 },
      tillSettledText(7500, 7500),
    ],
  ] as const)('asks nothing of the till for %s', async (_, shown: StoredChristmasBooking, says) => {
    openChristmasAdmin({ booking: shown });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(
      within(row).queryByRole('group', { name: TILL_SETTLEMENT_MESSAGES.question }),
    ).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^(Given back|Kept) for/ })).not.toBeInTheDocument();
    expect(within(row).queryByText(/to settle at the till/)).not.toBeInTheDocument();
    if (says) expect(within(row).getByText(says)).toBeInTheDocument();
  });

  it('alerts the server’s refusal of a till settlement, and leaves the question asked', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    openChristmasAdmin({
      booking: cancelledCashBooking,
      fail: /^POST .*\/till-settlement$/,
      failWith: TILL_SETTLEMENT_MESSAGES.alreadySettled,
    });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    await user.click(within(row).getByRole('button', { name: 'Kept for Edith Crawley, XMAS-7KQ2' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(TILL_SETTLEMENT_MESSAGES.alreadySettled));
    expect(
      within(row).getByRole('button', { name: 'Kept for Edith Crawley, XMAS-7KQ2' }),
    ).toBeInTheDocument();
    expect(within(row).getByText('Deposit of £75.00 to settle at the till')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the deposit when staff choose so, and changes nothing when they don’t cancel', async () => {
    const user = userEvent.setup();
    const server = stubServer();
    const { row, status } = await chooseCancelled(user);
    await user.click(screen.getByRole('button', { name: 'Don’t cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(status).toHaveValue('CONFIRMED');
    expect(server.sent.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.selectOptions(status, 'CANCELLED');
    await user.click(screen.getByRole('radio', { name: 'Keep the deposit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(server.sent.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'CANCELLED',
      deposit: 'keep',
    });
    expect(await within(row).findByText('Deposit kept')).toBeInTheDocument();
  });

  it('shows a refund left pending and the guest’s own cancellation; Retry refund makes it', async () => {
    const user = userEvent.setup();
    const { server } = openChristmasAdmin({
      booking: {
        ...booking,
        status: 'CANCELLED',
        cancelledBy: 'guest',
        refund: { pence: 7500, state: 'pending' },
      },
    });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(row).toHaveTextContent('Cancelled by the guest');
    expect(row).toHaveTextContent('Refund of £75.00 pending');
    await user.click(within(row).getByRole('button', { name: 'Retry refund for Edith Crawley, XMAS-7KQ2' }));
    expect(server.sent).toContainEqual({
      method: 'POST',
      url: '/api/christmas/admin/bookings/b1/refund',
      body: undefined,
    });
    expect(await within(row).findByText('Deposit of £75.00 refunded')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Retry refund/ })).not.toBeInTheDocument();
  });

  it('offers no Retry refund for an old refund left owed on a deposit staff took: it is settled at the till', async () => {
    openChristmasAdmin({
      booking: {
        ...booking,
        source: 'phone',
        depositMethod: 'cash',
        status: 'CANCELLED',
        cancelledBy: 'staff',
        refund: { pence: 7500, state: 'pending' },
      },
    });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(within(row).getByText('Deposit of £75.00 to settle at the till')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('Refund of £75.00 pending');
    expect(within(row).queryByRole('button', { name: /^Retry refund/ })).not.toBeInTheDocument();
  });

  it('changes a booking’s party and dishes by phone: checked as typed, priced, sent, and said', async () => {
    const user = userEvent.setup();
    const { server } = openChristmasAdmin();
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    await user.click(within(row).getByRole('button', { name: 'Change Edith Crawley’s booking, XMAS-7KQ2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Edith Crawley’s booking' });
    const inDialog = within(dialog);
    expect(inDialog.getByLabelText('Adults')).toHaveValue(2);
    expect(inDialog.getByLabelText('Children')).toHaveValue(1);
    expect(inDialog.getByLabelText('Roast Norfolk turkey')).toHaveValue(3);
    expect(inDialog.getByLabelText(/^Allergies/)).toHaveValue('Coeliac (the child)');
    expect(dialog).toHaveTextContent('3 guests · total £240.00 · £75.00 paid · £165.00 to pay on the day');
    expect(dialog).toHaveTextContent('edith@example.com is e-mailed the booking as it stands');

    await user.clear(inDialog.getByLabelText('Adults'));
    await user.type(inDialog.getByLabelText('Adults'), '3');
    await user.click(inDialog.getByRole('button', { name: 'Save changes' }));
    const mains = inDialog.getByRole('group', { name: 'Mains' });
    await waitFor(() => expect(within(mains).getAllByRole('spinbutton')[0]).toHaveFocus());
    expect(mains).toHaveAccessibleDescription(/Please select exactly 4 mains \(1 per guest\)\./);
    expect(server.sent.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(inDialog.getByRole('button', { name: 'One more Roast Norfolk turkey' }));
    await user.click(inDialog.getByRole('button', { name: 'One more British cheese board' }));
    expect(dialog).toHaveTextContent('4 guests · total £345.00 · £75.00 paid · £270.00 to pay on the day');
    await user.click(inDialog.getByRole('button', { name: 'Save changes' }));

    expect(server.sent).toContainEqual({
      method: 'PUT',
      url: '/api/christmas/admin/bookings/b1/order',
      body: {
        partyAdults: 3,
        partyChildren: 1,
        selections: {
          starters: [{ item: 'parsnip-soup', count: 3 }],
          mains: [{ item: 'roast-turkey', count: 4 }],
          desserts: [
            { item: 'christmas-pudding', count: 3 },
            { item: 'cheese-board', count: 1 },
          ],
        },
        allergies: 'Coeliac (the child)',
        occasionNotes: '',
        specialNotes: 'Window table if we can',
      },
    });
    expect(await screen.findByText(/^Changed XMAS-7KQ2/)).toHaveTextContent(
      'Changed XMAS-7KQ2: Edith Crawley, 4 guests, £270.00 to pay on the day. ' +
        'A new confirmation is on its way to edith@example.com.',
    );
    expect(screen.getByText(/^Changed XMAS-7KQ2/)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Mains: 4 × Roast Norfolk turkey'));
    expect(server.urlsFrom('/api/christmas/admin/bookings').at(-1)).toBe('/api/christmas/admin/bookings');
  });

  it('shows the server’s refusal on the field it names, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const seats = 'Only 1 seats left in this sitting.';
    openChristmasAdmin({ fail: /^PUT /, failWith: seats, issues: [{ path: 'partyAdults', message: seats }] });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    await user.click(within(row).getByRole('button', { name: /^Change Edith Crawley/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Edith Crawley’s booking' });
    const adults = within(dialog).getByLabelText('Adults');
    await user.clear(adults);
    await user.type(adults, '4');
    for (const _ of [1, 2]) {
      await user.click(within(dialog).getByRole('button', { name: 'One more Roast Norfolk turkey' }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(adults).toHaveFocus());
    expect(adults).toHaveAccessibleDescription(seats);
    expect(dialog).toBeInTheDocument();
  });

  it('offers Change to staff on a confirmed booking only', async () => {
    const first = openChristmasAdmin({ role: 'staff' });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(within(row).getByRole('button', { name: /^Change Edith Crawley/ })).toHaveClass('min-h-11');
    first.unmount();

    openChristmasAdmin({ booking: { ...booking, status: 'CANCELLED', cancelledBy: 'guest' } });
    const cancelled = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(within(cancelled).queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();
  });

  it('ticks a booking whose guest answered the reminder’s “Yes, we’re coming”', async () => {
    openChristmasAdmin({ booking: { ...booking, comingConfirmedAt: '2026-12-23T10:00:00.000Z' } });
    const row = await screen.findByRole('row', { name: /Edith Crawley/ });
    expect(within(row).getByText(COMING_MESSAGES.staffTickLabel)).toBeInTheDocument();
  });

  it('alerts ‘Update failed’ and puts the old status back when the change fails', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubServer({ fail: /^PATCH / });
    const { status } = await chooseCancelled(user);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose whether to refund or keep the deposit.');
    await user.click(screen.getByRole('radio', { name: 'Keep the deposit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Update failed'));
    expect(status).toHaveValue('CONFIRMED');
  });

  it('closes a sitting with a reason in a dialog, then reopens it', async () => {
    const user = userEvent.setup();
    const { server } = openChristmasAdmin();
    const seats = await early();
    await user.click(within(seats).getByRole('button', { name: 'Close sitting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the 12pm–2pm sitting?' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Fully booked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Close sitting' }));
    expect(server.sent).toContainEqual({
      method: 'POST',
      url: '/api/christmas/admin/closures',
      body: { sittingId: 'xmas-early', reason: 'Fully booked by phone' },
    });
    const reopen = await within(seats).findByRole('button', { name: 'Reopen sitting' });
    expect(seats).toHaveTextContent('Closed online');
    expect(seats).toHaveTextContent('Closed by staff: Fully booked by phone');

    await user.click(reopen);
    expect(await within(seats).findByRole('button', { name: 'Close sitting' })).toBeInTheDocument();
    expect(server.sent).toContainEqual(
      expect.objectContaining({ method: 'DELETE', url: '/api/christmas/admin/closures/c1' }),
    );
  });

  it('alerts ‘Close failed’, or the server’s own error', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    openChristmasAdmin({ fail: /^POST \/api\/christmas\/admin\/closures$/ });
    await user.click(within(await early()).getByRole('button', { name: 'Close sitting' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close sitting' }),
    );
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Close failed'));
  });

  it('alerts ‘Reopen failed’, or the server’s own error', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    openChristmasAdmin({ fail: /^DELETE /, failWith: 'Closure not found' });
    await user.click(within(await early()).getByRole('button', { name: 'Close sitting' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close sitting' }),
    );
    await user.click(await within(await early()).findByRole('button', { name: 'Reopen sitting' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Closure not found'));
  });

  it('says ‘Load failed’, or the server’s own error, when the bookings cannot be loaded', async () => {
    const first = openChristmasAdmin({ fail: /^GET \/api\/christmas\/admin\/bookings$/ });
    expect(await screen.findByRole('alert')).toHaveTextContent('Load failed');
    first.unmount();

    openChristmasAdmin({
      fail: /^GET \/api\/christmas\/admin\/availability$/,
      failWith: 'Database is restarting',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is restarting');
  });
});
