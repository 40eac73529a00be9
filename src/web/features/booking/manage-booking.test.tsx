import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedBooking } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const TOKEN = 'k'.repeat(43);
const CONFIRMED_AT = '2026-12-07T09:30:00.000Z';

/** A guest's own booking, Edith Crawley's table for two, as their page has it. */
function managed(overrides: Partial<ManagedBooking['booking']> = {}, started = false): ManagedBooking {
  const booking = storedBookingFixture({
    reference: 'RC-TEST01',
    name: 'Edith Crawley',
    email: 'edith@example.com',
    phone: '07700 900321',
    ...overrides,
  });
  return { booking, started };
}

/** The guest's booking as the server holds it; "Yes, we're coming" notes it, or never arrives when asked to. */
function stubServer(initial: ManagedBooking, options: { comingFails?: boolean } = {}) {
  let current = initial;
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).split('?')[0] ?? '';
      const method = init?.method ?? 'GET';
      sent.push(`${method} ${url}`);
      if (url === `/api/bookings/manage/${TOKEN}` && method === 'GET') return Response.json(current);
      if (url === `/api/bookings/manage/${TOKEN}/coming` && method === 'POST') {
        if (options.comingFails) throw new TypeError('Failed to fetch');
        current = { ...current, booking: { ...current.booking, comingConfirmedAt: CONFIRMED_AT } };
        return Response.json(current);
      }
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return { sent };
}

const comingButton = () => screen.queryByRole('button', { name: COMING_MESSAGES.action });

describe('"Yes, we’re coming" on the guest’s booking page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the tap when opened from the reminder, then thanks the guest', async () => {
    const user = userEvent.setup();
    const server = stubServer(managed());
    renderRoute(`/bookings/manage/${TOKEN}?coming=yes`);
    const button = await screen.findByRole('button', { name: COMING_MESSAGES.action });
    expect(screen.getByText(COMING_MESSAGES.question)).toBeInTheDocument();
    // Opening the page confirmed nothing: only the tap does.
    expect(server.sent).toEqual([`GET /api/bookings/manage/${TOKEN}`]);

    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(COMING_MESSAGES.thanks);
    expect(server.sent).toContain(`POST /api/bookings/manage/${TOKEN}/coming`);
    expect(comingButton()).not.toBeInTheDocument();
    // The booking can still be changed or cancelled.
    expect(screen.getByRole('button', { name: 'Change booking' })).toBeInTheDocument();
  });

  it('says so when the guest has already told us', async () => {
    stubServer(managed({ comingConfirmedAt: CONFIRMED_AT }));
    renderRoute(`/bookings/manage/${TOKEN}?coming=yes`);
    expect(await screen.findByText(COMING_MESSAGES.alreadyConfirmed)).toBeInTheDocument();
    expect(comingButton()).not.toBeInTheDocument();
  });

  it('keeps the button and says so when the tap does not reach the pub', async () => {
    const user = userEvent.setup();
    stubServer(managed(), { comingFails: true });
    renderRoute(`/bookings/manage/${TOKEN}?coming=yes`);
    await user.click(await screen.findByRole('button', { name: COMING_MESSAGES.action }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/did not go through/);
    expect(comingButton()).toBeEnabled();
  });

  it('does not ask from the confirmation’s plain link, nor for a cancelled or started booking', async () => {
    stubServer(managed());
    const plain = renderRoute(`/bookings/manage/${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Change booking' })).toBeInTheDocument();
    expect(comingButton()).not.toBeInTheDocument();
    plain.unmount();

    stubServer(managed({ status: 'CANCELLED' }));
    const cancelled = renderRoute(`/bookings/manage/${TOKEN}?coming=yes`);
    expect(await screen.findByText(MANAGE_MESSAGES.alreadyCancelled)).toBeInTheDocument();
    expect(comingButton()).not.toBeInTheDocument();
    cancelled.unmount();

    stubServer(managed({}, true));
    renderRoute(`/bookings/manage/${TOKEN}?coming=yes`);
    const page = await screen.findByRole('region', { name: 'Your booking' });
    expect(within(page).getByText(MANAGE_MESSAGES.tooLateToChange)).toBeInTheDocument();
    expect(comingButton()).not.toBeInTheDocument();
  });
});

describe('the change form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says under the time that it is full for the larger party, and sends nothing', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://pub.test');
        sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname === `/api/bookings/manage/${TOKEN}/availability`) {
          const party = Number(url.searchParams.get('party') ?? 1);
          return Response.json([
            { service: 'dinner', time: '19:00', closed: false, remaining: party > 4 ? 4 : 20 },
          ]);
        }
        return Response.json(managed());
      }),
    );
    renderRoute(`/bookings/manage/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Change booking' }));
    const form = screen.getByRole('form', { name: 'Change booking' });
    await user.clear(within(form).getByLabelText(/Adults/));
    await user.type(within(form).getByLabelText(/Adults/), '6');
    expect(form).toHaveTextContent('Total: 6 guests');
    await within(within(form).getByLabelText(/^Time/)).findByRole('option', { name: /^7pm.*full/i });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const time = within(form).getByLabelText(/^Time/);
    await waitFor(() => expect(time).toHaveFocus());
    expect(time).toHaveAccessibleDescription(BOOKING_MESSAGES.slotFull);
    expect(sent.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });
});

describe('a change from a tab opened before another tab’s change', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('announces that the booking changed, and shows it as it stands in the form and the details', async () => {
    const user = userEvent.setup();
    const opened = managed({ allergies: 'Coeliac' });
    const latest = managed({
      timeSlot: '20:00',
      partyAdults: 4,
      partySize: 4,
      allergies: 'Coeliac; nuts',
      updatedAt: '2026-11-22T12:05:00.000Z',
    });
    const patches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input).split('?')[0] ?? '';
        const method = init?.method ?? 'GET';
        if (url === `/api/bookings/manage/${TOKEN}/availability`) {
          return Response.json(
            ['19:00', '19:30', '20:00'].map((time) => ({
              service: 'dinner',
              time,
              closed: false,
              remaining: 20,
            })),
          );
        }
        if (method === 'PATCH') {
          patches.push(JSON.parse(String(init?.body)));
          return Response.json({ error: MANAGE_MESSAGES.changedSinceOpened, latest }, { status: 409 });
        }
        return Response.json(opened);
      }),
    );
    renderRoute(`/bookings/manage/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Change booking' }));
    const form = screen.getByRole('form', { name: 'Change booking' });
    await user.clear(within(form).getByLabelText(/Adults/));
    await user.type(within(form).getByLabelText(/Adults/), '3');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MANAGE_MESSAGES.changedSinceOpened);
    expect(patches).toEqual([expect.objectContaining({ partyAdults: 3, version: opened.booking.updatedAt })]);
    const current = screen.getByRole('form', { name: 'Change booking' });
    expect(within(current).getByLabelText(/Adults/)).toHaveValue(4);
    expect(within(current).getByLabelText(/Allergies/)).toHaveValue('Coeliac; nuts');
    expect(within(current).getByRole('button', { name: 'Save changes' })).toBeEnabled();

    await user.click(within(current).getByRole('button', { name: 'Keep as it was' }));
    const page = screen.getByRole('region', { name: 'Your booking' });
    expect(within(page).getByText('4 adults')).toBeInTheDocument();
    expect(within(page).getByText('8pm (Dinner)')).toBeInTheDocument();
    expect(within(page).getByText('Coeliac; nuts')).toBeInTheDocument();
  });

  it('shows the booking cancelled, without the change form, when another tab cancelled it first', async () => {
    const user = userEvent.setup();
    const opened = managed();
    const cancelled = managed({ status: 'CANCELLED', updatedAt: '2026-11-22T12:05:00.000Z' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input).split('?')[0] ?? '';
        if (url === `/api/bookings/manage/${TOKEN}/availability`) {
          return Response.json([{ service: 'dinner', time: '19:00', closed: false, remaining: 20 }]);
        }
        if (init?.method === 'PATCH') {
          return Response.json(
            { error: MANAGE_MESSAGES.alreadyCancelled, latest: cancelled },
            { status: 409 },
          );
        }
        return Response.json(opened);
      }),
    );
    renderRoute(`/bookings/manage/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Change booking' }));
    const form = screen.getByRole('form', { name: 'Change booking' });
    await user.type(within(form).getByLabelText(/Allergies/), 'Nuts');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MANAGE_MESSAGES.alreadyCancelled);
    expect(screen.queryByRole('form', { name: 'Change booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });
});
