import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { addDays, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { fakeApi } from './fake-api.ts';

/** The booking page's tests: its dates, its fake API and the steps a guest takes on its form. */

export const today = londonToday();
/** The next date on that weekday at least a week ahead (0 = Sunday). */
function next(weekday: number): string {
  const start = addDays(today, 7);
  return addDays(start, (weekday - weekdayOf(start) + 7) % 7);
}
export const TUESDAY = next(2);
export const WEDNESDAY = next(3);
export const MONDAY = next(1);

const tuesdaySlots: AvailabilitySlot[] = [
  { service: 'lunch', time: '12:00', closed: false, remaining: 7 },
  { service: 'lunch', time: '12:30', closed: false, remaining: 0 },
  { service: 'dinner', time: '19:00', closed: false, remaining: 3 },
  { service: 'dinner', time: '19:30', closed: true, remaining: 7 },
  { service: 'dinner', time: '20:00', closed: false, remaining: 9 },
];

/** A booking as the server answers it on the guest's own page, from what the form sent. */
function storedBooking(sent: Record<string, unknown>) {
  const [partyAdults, partyChildren] = [Number(sent.partyAdults), Number(sent.partyChildren)];
  return storedBookingFixture({
    reference: 'RC-CAL234',
    date: String(sent.date),
    timeSlot: String(sent.timeSlot),
    name: String(sent.name),
    email: String(sent.email),
    phone: String(sent.phone),
    partyAdults,
    partyChildren,
    partySize: partyAdults + partyChildren,
  });
}

const EVENTS = {
  carols: {
    _id: 'e1',
    title: 'Carols by the Fire',
    slug: 'carols',
    date: TUESDAY,
    time: '18:00',
    takesBookings: false,
    bookingCovers: 30,
    howToCome: 'Just turn up.',
  },
  'burns-night': {
    _id: 'e2',
    title: 'Burns Night Supper',
    slug: 'burns-night',
    date: MONDAY,
    time: '19:30',
    takesBookings: true,
    bookingCovers: 20,
    howToCome: '',
  },
};

/**
 * The API as the booking page meets it: Tuesday's slots (and Burns Night's own time on its Monday), none on
 * other days, two events, the guest's own page for the booking just made, and `bookingAnswer` to a booking.
 */
export function stubServer(bookingAnswer: () => Response | Promise<Response>) {
  const sent = fakeApi(({ url }) => {
    if (url.startsWith('/api/availability')) {
      const query = new URL(url, 'http://x').searchParams;
      if (query.get('date') === MONDAY && query.get('event') === 'burns-night') {
        return Response.json([
          { service: 'dinner', time: '19:30', closed: false, remaining: 20, event: 'burns-night' },
        ]);
      }
      return Response.json(query.get('date') === TUESDAY ? tuesdaySlots : []);
    }
    if (url === '/api/bookings') return bookingAnswer();
    if (/^\/api\/bookings\/manage\/\w+$/.test(url)) {
      // The guest's own page shows the booking just made, as the server stored it.
      const made = sent.findLast((request) => request.url === '/api/bookings')?.body ?? {};
      return Response.json({ booking: storedBooking(made), started: false });
    }
    const event = Object.entries(EVENTS).find(([slug]) => url === `/api/events/${slug}`)?.[1];
    if (event) {
      return Response.json({
        ...event,
        tags: [],
        cover: '',
        badges: [],
        summary: '',
        isMajor: false,
        cta: { label: 'View Details' },
      });
    }
    return undefined;
  });
  return sent;
}

export async function openForm(path = '/bookings') {
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
  renderRoute(path);
  return screen.findByRole('form', { name: 'Book a table' });
}

export function field(form: HTMLElement, label: string | RegExp) {
  return within(form).getByLabelText(label) as HTMLInputElement;
}

export async function chooseDateAndTime(form: HTMLElement, date: string, time: string) {
  fireEvent.change(field(form, /^Date/), { target: { value: date } });
  const timeSelect = field(form, /^Time/) as unknown as HTMLSelectElement;
  await waitFor(() => expect(timeSelect).toBeEnabled());
  await userEvent.selectOptions(timeSelect, time);
}

export async function fillContact(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(field(form, /^Name/), '  Ada Lovelace ');
  await user.type(field(form, /^Phone/), '07700 900123');
  await user.type(field(form, /^Email/), 'ada@example.com');
}
