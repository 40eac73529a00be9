import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailabilitySlot, StoredBooking } from '#shared/booking/schemas.ts';
import { addDays, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi } from '#tests/helpers/staff-screen.ts';

/** The new-booking page's tests: the day they book, a signed-in admin's fake server and the steps staff take. */

const start = addDays(londonToday(), 7);
export const TUESDAY = addDays(start, (2 - weekdayOf(start) + 7) % 7);

/** The day's slots as the API gives them for a party: 6pm has room for eight, not for more. */
function slotsFor(party: number): AvailabilitySlot[] {
  return [
    { service: 'lunch', time: '12:00', closed: false, remaining: 24 },
    { service: 'dinner', time: '18:00', closed: false, remaining: party > 8 ? 10 : 24 },
    { service: 'dinner', time: '19:00', closed: false, remaining: 20 },
    { service: 'dinner', time: '19:30', closed: true, remaining: 24 },
  ];
}

/** The booking as the server stores it from what the form sent. */
function stored(body: Record<string, unknown>): StoredBooking {
  const { notifyGuest: _notify, overCapacity: _over, deposit: _deposit, ...fields } = body;
  const booking = fields as unknown as StoredBooking;
  return {
    ...booking,
    _id: 'b-new',
    reference: 'RC-7KQ2XM',
    service: booking.timeSlot < '17:00' ? 'lunch' : 'dinner',
    partySize: booking.partyAdults + booking.partyChildren,
    status: 'CONFIRMED',
    createdAt: '2026-05-20T13:05:00.000Z',
    updatedAt: '2026-05-20T13:05:00.000Z',
  };
}

/** A signed-in admin's server; `answers` say how POST /api/admin/bookings answers, one call after another. */
export function stubServer(answers: ((body: Record<string, unknown>) => Response)[] = []) {
  const api = stubStaffApi(({ method, path, query, body = {} }) => {
    if (path === '/api/admin/deposits/day') return Response.json({ payments: [] });
    if (path === '/api/admin/availability') return Response.json(slotsFor(Number(query.get('party') ?? 1)));
    if (path === '/api/bookings' || path === '/api/closures') return Response.json([]);
    if (path === '/api/admin/bookings' && method === 'POST') {
      const answer = answers.shift();
      return answer ? answer(body) : Response.json(stored(body), { status: 201 });
    }
    return undefined;
  });
  return {
    posted: () => api.bodiesOf('POST'),
    availabilityAsked: () => api.urlsFrom('/api/admin/availability'),
  };
}

type User = ReturnType<typeof userEvent.setup>;

export const timeSelect = () => screen.getByRole('combobox', { name: /^Time/ });

/** The form open on Tuesday on `stubServer(answers)`, its times loaded, and a user to fill it in. */
export async function openForm(answers?: Parameters<typeof stubServer>[0]) {
  const user = userEvent.setup();
  const server = stubServer(answers);
  renderRoute(`/admin/bookings/new?date=${TUESDAY}`);
  await screen.findByRole('form', { name: 'New booking' });
  await within(timeSelect()).findByRole('option', { name: '7pm — 20 covers left' });
  return { user, server };
}

export async function setParty(user: User, adults: number) {
  await user.clear(screen.getByLabelText('Adults'));
  await user.type(screen.getByLabelText('Adults'), String(adults));
}

export async function fillGuest(user: User, { email = '' } = {}) {
  await user.type(screen.getByLabelText(/^Name/), 'The Hendersons');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '07700 900456');
  if (email) await user.type(screen.getByLabelText('Email'), email);
}
