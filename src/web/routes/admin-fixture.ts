import { screen } from '@testing-library/react';
import type { AvailabilitySlot, ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { addDays, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { signedInAs } from '#tests/helpers/signed-in-staff.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { fakeApi } from './fake-api.ts';

/** The staff admin's tests: its day, its fake server and the event it holds. */

const start = addDays(londonToday(), 7);
export const TUESDAY = addDays(start, (2 - weekdayOf(start) + 7) % 7);
export const EMAIL = 'landlord@pub.example';

const slots: AvailabilitySlot[] = ['18:00', '18:30', '19:00'].map((time) => ({
  service: 'dinner',
  time,
  closed: false,
  remaining: time === '19:00' ? 22 : 24,
}));

export const event: PublicEvent = {
  _id: 'e1',
  title: 'Thursday Quiz Night',
  slug: 'thursday-quiz-night',
  date: TUESDAY,
  time: '19:30',
  tags: ['quiz'],
  cover: '',
  badges: ['Weekly'],
  summary: 'Eight rounds.',
  isMajor: false,
  cta: { label: 'View Details' },
  takesBookings: false,
  bookingCovers: 30,
  howToCome: '',
};

/** A fake server holding one admin, one booking and whatever the test changes. */
export function stubServer(
  options: { signedIn?: boolean; events?: PublicEvent[]; fail?: RegExp; role?: StaffRole } = {},
) {
  const me = signedInAs(options.role ?? 'owner');
  let signedIn = options.signedIn ?? true;
  let closures: ServiceClosure[] = [];
  const events = [...(options.events ?? [])];
  let booking = storedBookingFixture({
    reference: 'RC-TEST01',
    date: TUESDAY,
    partyChildren: 2,
    partySize: 4,
    allergies: 'Peanuts',
    createdAt: '2026-05-20T13:05:00.000Z',
    updatedAt: '2026-05-20T13:05:00.000Z',
  });
  const unauthorized = () => Response.json({ error: 'Unauthorized' }, { status: 401 });

  const sent = fakeApi(({ method, url, body = {} }) => {
    const path = url.split('?')[0] as string;
    if (options.fail?.test(`${method} ${path}`)) return Response.json({ error: 'Boom' }, { status: 500 });
    if (path === '/api/auth/me') return signedIn ? Response.json(me) : unauthorized();
    if (path === '/api/auth/login') {
      if (body.password !== 'right password') {
        return Response.json({ error: 'Invalid credentials' }, { status: 401 });
      }
      signedIn = true;
      return Response.json(me);
    }
    if (path === '/api/auth/logout') {
      signedIn = false;
      return new Response(null, { status: 204 });
    }
    if (path === '/api/availability') return Response.json(slots);
    if (!signedIn) return unauthorized();
    if (path === '/api/bookings') return Response.json([booking]);
    if (path === '/api/admin/occasions/day') return Response.json({ date: TUESDAY, occasions: [] });
    if (path.startsWith('/api/bookings/') && method === 'PATCH') {
      booking = {
        ...booking,
        status: body.status as StoredBooking['status'],
        updatedAt: '2026-05-21T09:00:00.000Z',
      };
      return Response.json(booking);
    }
    if (path === '/api/closures' && method === 'GET') return Response.json(closures);
    if (path === '/api/closures' && method === 'POST') {
      const { date, service, reason } = body as Omit<ServiceClosure, '_id'>;
      const closure = { _id: 'c1', date, service, reason };
      closures = [closure];
      return Response.json({ closure, cancelledBookings: [], guestsEmailed: 0 }, { status: 201 });
    }
    if (path.startsWith('/api/closures/') && method === 'DELETE') {
      closures = [];
      return new Response(null, { status: 204 });
    }
    if (path === '/api/events' && method === 'GET') return Response.json(events);
    if (path === '/api/events' && method === 'POST') {
      return Response.json({ _id: 'e-new', ...body, cta: { label: 'View Details' } }, { status: 201 });
    }
    if (path.startsWith('/api/events/') && method === 'PUT') return Response.json({ ...event, ...body });
    if (path.startsWith('/api/events/') && method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  return {
    sent,
    expireSession: () => {
      signedIn = false;
    },
  };
}

export async function openDinner() {
  return screen.findByRole('region', { name: 'Dinner' });
}
