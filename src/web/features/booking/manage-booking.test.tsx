import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../tests/helpers/render-route.tsx';
import type { ManagedBooking } from '../../../shared/booking/schemas.ts';
import { COMING_MESSAGES } from '../../../shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '../../../shared/manage/messages.ts';

const TOKEN = 'k'.repeat(43);
const CONFIRMED_AT = '2026-12-07T09:30:00.000Z';

function managed(overrides: Partial<ManagedBooking['booking']> = {}, started = false): ManagedBooking {
  return {
    booking: {
      reference: 'RC-TEST01',
      date: '2026-12-08',
      service: 'dinner',
      timeSlot: '19:00',
      name: 'Edith Crawley',
      email: 'edith@example.com',
      phone: '07700 900321',
      partyAdults: 2,
      partyChildren: 0,
      partySize: 2,
      status: 'CONFIRMED',
      eventSlug: null,
      comingConfirmedAt: null,
      hasAccessibilityNeeds: false,
      accessibilityNotes: '',
      occasion: 'None',
      occasionNotes: '',
      allergies: '',
      specialNotes: '',
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
      ...overrides,
    },
    started,
  };
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
