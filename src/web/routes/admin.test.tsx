import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot, ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import { EVENT_MESSAGES } from '#shared/events/form.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { addDays, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { signedInAs } from '#tests/helpers/signed-in-staff.ts';

const start = addDays(londonToday(), 7);
const TUESDAY = addDays(start, (2 - weekdayOf(start) + 7) % 7);
const EMAIL = 'landlord@pub.example';

function storedBooking(overrides: Partial<StoredBooking>): StoredBooking {
  return {
    _id: 'b1',
    reference: 'RC-TEST01',
    date: TUESDAY,
    service: 'dinner',
    timeSlot: '19:00',
    name: 'Tom Adeyemi',
    email: 'tom@example.com',
    phone: '07700 900456',
    partyAdults: 2,
    partyChildren: 2,
    partySize: 4,
    status: 'CONFIRMED',
    source: 'online',
    eventSlug: null,
    cancelledBy: null,
    comingConfirmedAt: null,
    madeBy: null,
    changedBy: null,
    hasAccessibilityNeeds: false,
    accessibilityNotes: '',
    occasion: 'None',
    occasionNotes: '',
    allergies: 'Peanuts',
    specialNotes: '',
    createdAt: '2026-05-20T13:05:00.000Z',
    updatedAt: '2026-05-20T13:05:00.000Z',
    ...overrides,
  };
}

const slots: AvailabilitySlot[] = ['18:00', '18:30', '19:00'].map((time) => ({
  service: 'dinner',
  time,
  closed: false,
  remaining: time === '19:00' ? 22 : 24,
}));

interface Sent {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/** A fake server holding one admin, one booking and whatever the test changes. */
function stubServer(
  options: { signedIn?: boolean; events?: PublicEvent[]; fail?: RegExp; role?: StaffRole } = {},
) {
  const me = signedInAs(options.role ?? 'owner');
  let signedIn = options.signedIn ?? true;
  let closures: ServiceClosure[] = [];
  const events = [...(options.events ?? [])];
  let booking = storedBooking({});
  const sent: Sent[] = [];
  const unauthorized = () => Response.json({ error: 'Unauthorized' }, { status: 401 });

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
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
      if (path.startsWith('/api/bookings/') && method === 'PATCH') {
        booking = { ...booking, status: body.status, updatedAt: '2026-05-21T09:00:00.000Z' };
        return Response.json(booking);
      }
      if (path === '/api/closures' && method === 'GET') return Response.json(closures);
      if (path === '/api/closures' && method === 'POST') {
        const closure = { _id: 'c1', date: body.date, service: body.service, reason: body.reason };
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
    }),
  );
  return {
    sent,
    expireSession: () => {
      signedIn = false;
    },
  };
}

const event: PublicEvent = {
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

async function openDinner() {
  return screen.findByRole('region', { name: 'Dinner' });
}

describe('staff admin', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('sign-in', () => {
    it('sends a signed-out visitor of a sub-route to /admin and back there after signing in', async () => {
      const user = userEvent.setup();
      stubServer({ signedIn: false });
      const { location } = renderRoute(`/admin/bookings?date=${TUESDAY}`);
      // The first render of the file loads the admin's lazy chunk: slow on a busy machine.
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(location().pathname).toBe('/admin');
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();

      await user.type(screen.getByLabelText('Email'), EMAIL);
      await user.type(screen.getByLabelText('Password'), 'wrong password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');

      await user.clear(screen.getByLabelText('Password'));
      await user.type(screen.getByLabelText('Password'), 'right password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
      expect(`${location().pathname}${location().search}`).toBe(`/admin/bookings?date=${TUESDAY}`);
      expect(screen.getByRole('navigation', { name: 'Admin' })).toHaveTextContent('BookingsChristmasEvents');
    });

    it('offers staff only their screens, and says so on a manager’s screen reached by its address', async () => {
      stubServer({ role: 'staff' });
      renderRoute('/admin/events');
      expect(
        await screen.findByRole('heading', { level: 1, name: "You don't have access to that." }),
      ).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Admin' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Bookings', 'Christmas']);
    });

    it('logs out: the server ends the session and staff are back at /admin', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      const { location } = renderRoute('/admin/events');
      await user.click(await screen.findByRole('button', { name: 'Logout' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(location().pathname).toBe('/admin');
      expect(server.sent).toContainEqual(
        expect.objectContaining({ method: 'POST', url: '/api/auth/logout' }),
      );
    });

    it('returns to the sign-in page when the session runs out mid-task', async () => {
      const user = userEvent.setup();
      vi.spyOn(window, 'alert').mockImplementation(() => {});
      const server = stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      server.expireSession();
      await user.selectOptions(
        within(dinner).getByRole('combobox', { name: /Status of Tom Adeyemi/ }),
        'PENDING',
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    });
  });

  describe('bookings day view', () => {
    it('offers staff the bookings but not a manager’s closures and exports', async () => {
      stubServer({ role: 'staff' });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      expect(within(dinner).getByRole('combobox', { name: /Status of Tom Adeyemi/ })).toBeInTheDocument();
      expect(within(dinner).getByText('Open')).toBeInTheDocument();
      expect(within(dinner).queryByRole('button', { name: 'Close dinner' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'New booking' })).toBeInTheDocument();
    });

    it('shows the day’s services, the covers used of each slot’s covers and the bookings', async () => {
      stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      expect(screen.getByRole('region', { name: 'Lunch' })).toBeInTheDocument();
      const bars = within(dinner).getByRole('list', { name: 'Dinner availability' });
      expect(bars).toHaveTextContent('7pm2 of 24 covers');
      expect(bars).toHaveTextContent('6pm0 of 24 covers');
      const row = within(dinner).getByRole('row', { name: /Tom Adeyemi/ });
      expect(row).toHaveTextContent('Allergies');
      expect(within(row).getByRole('link', { name: 'tom@example.com' })).toHaveAttribute(
        'href',
        'mailto:tom@example.com',
      );
    });

    it('shows dinner closed on a day the pub shuts early, and why, with lunch open', async () => {
      stubServer();
      // The seeded Christmas Eve: open 12pm–6pm.
      renderRoute('/admin/bookings?date=2026-12-24');
      const dinner = await openDinner();
      expect(within(dinner).getByText('Closed')).toBeInTheDocument();
      expect(within(dinner).getByText('Closed: Christmas Eve, open 12pm–6pm')).toBeInTheDocument();
      const lunch = screen.getByRole('region', { name: 'Lunch' });
      expect(within(lunch).getByText('Open')).toBeInTheDocument();
      expect(within(lunch).queryByText(/Christmas Eve/)).not.toBeInTheDocument();
    });

    it('changes a status, then reloads the availability', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      const status = within(dinner).getByRole('combobox', { name: 'Status of Tom Adeyemi, 7pm' });
      const availabilityCalls = () =>
        server.sent.filter((call) => call.url.startsWith('/api/availability')).length;
      const before = availabilityCalls();
      await user.selectOptions(status, 'CANCELLED');
      const question = screen.getByRole('dialog', { name: 'Cancel this booking?' });
      await user.click(within(question).getByRole('button', { name: 'Cancel booking' }));
      expect(server.sent).toContainEqual({
        method: 'PATCH',
        url: '/api/bookings/b1',
        body: { status: 'CANCELLED', notifyGuest: true },
      });
      await waitFor(() => expect(availabilityCalls()).toBe(before + 1));
      expect(status).toHaveValue('CANCELLED');
    });

    it('alerts ‘Failed to update status’ and puts the old status back when the change fails', async () => {
      const user = userEvent.setup();
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      stubServer({ fail: /^PATCH / });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      const status = within(dinner).getByRole('combobox', { name: /Status of Tom Adeyemi/ });
      await user.selectOptions(status, 'PENDING');
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update status'));
      expect(status).toHaveValue('CONFIRMED');
    });

    it('closes dinner with a reason, then reopens it', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      await user.click(within(dinner).getByRole('button', { name: 'Close dinner' }));
      const dialog = await screen.findByRole('dialog', { name: /Close dinner on/ });
      await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Chef off sick');
      await user.click(within(dialog).getByRole('button', { name: 'Close dinner' }));
      expect(server.sent).toContainEqual({
        method: 'POST',
        url: '/api/closures',
        body: { date: TUESDAY, service: 'dinner', reason: 'Chef off sick', cancelBookings: false },
      });
      const reopen = await within(dinner).findByRole('button', { name: 'Reopen dinner' });
      expect(dinner).toHaveTextContent('Closed: Chef off sick');

      await user.click(reopen);
      expect(await within(dinner).findByRole('button', { name: 'Close dinner' })).toBeInTheDocument();
      expect(server.sent).toContainEqual(
        expect.objectContaining({ method: 'DELETE', url: '/api/closures/c1' }),
      );
    });

    it('says why closing failed in the dialog, and closes nothing', async () => {
      const user = userEvent.setup();
      stubServer({ fail: /^POST \/api\/closures$/ });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      await user.click(within(dinner).getByRole('button', { name: 'Close dinner' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Close dinner' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Boom');
      expect(within(dinner).getByRole('button', { name: 'Close dinner' })).toBeInTheDocument();
    });

    it('says ‘Failed to load bookings’ when they cannot be loaded', async () => {
      stubServer({ fail: /^GET \/api\/bookings$/ });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load bookings');
    });

    it('opens the detail drawer with contact links and times, and moves between days', async () => {
      const user = userEvent.setup();
      stubServer();
      const { location } = renderRoute(`/admin/bookings?date=${TUESDAY}&scope=dinner`);
      const dinner = await openDinner();
      expect(screen.queryByRole('region', { name: 'Lunch' })).not.toBeInTheDocument();
      await user.click(within(dinner).getByRole('button', { name: 'Tom Adeyemi' }));
      const drawer = await screen.findByRole('dialog', { name: 'Tom Adeyemi' });
      expect(within(drawer).getByRole('link', { name: 'Email guest' })).toHaveAttribute(
        'href',
        'mailto:tom@example.com',
      );
      expect(within(drawer).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:07700900456');
      expect(drawer).toHaveTextContent('Created Wednesday 20 May 2026, 2:05pm');
      expect(drawer).toHaveTextContent('Peanuts');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Next day' }));
      expect(location().search).toBe(`?date=${addDays(TUESDAY, 1)}&scope=dinner`);
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        `/api/bookings.csv?date=${addDays(TUESDAY, 1)}&scope=dinner`,
      );
    });
  });

  describe('events', () => {
    it('says ‘No events yet.’ with none', async () => {
      stubServer();
      renderRoute('/admin/events');
      expect(await screen.findByText('No events yet.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Add Event' })).toHaveAttribute('href', '/admin/events/new');
    });

    it('asks ‘Delete this event?’ and deletes only when confirmed', async () => {
      const user = userEvent.setup();
      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      const server = stubServer({ events: [event] });
      renderRoute('/admin/events');
      const row = await screen.findByRole('row', { name: /Thursday Quiz Night/ });
      expect(row).toHaveTextContent('thursday-quiz-night');
      expect(row).toHaveTextContent('No');
      await user.click(within(row).getByRole('button', { name: 'Delete Thursday Quiz Night' }));
      expect(confirm).toHaveBeenCalledWith('Delete this event?');
      expect(server.sent.some((call) => call.method === 'DELETE')).toBe(false);
      await user.click(within(row).getByRole('button', { name: 'Delete Thursday Quiz Night' }));
      expect(await screen.findByText('No events yet.')).toBeInTheDocument();
      expect(server.sent).toContainEqual(
        expect.objectContaining({ method: 'DELETE', url: '/api/events/e1' }),
      );
    });

    it('says ‘Event not found’ for an unknown id', async () => {
      stubServer({ events: [event] });
      renderRoute('/admin/events/no-such-id');
      expect(await screen.findByRole('alert')).toHaveTextContent('Event not found');
    });

    it('fills the form of an existing event', async () => {
      stubServer({ events: [event] });
      renderRoute('/admin/events/e1');
      expect(await screen.findByLabelText(/^Title/)).toHaveValue('Thursday Quiz Night');
      expect(screen.getByLabelText(/^Tags/)).toHaveValue('quiz');
      expect(screen.getByLabelText(/^Button label/)).toHaveValue('');
    });

    it('checks the required fields, suggests a slug and sends the event', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      const { location } = renderRoute('/admin/events/new');
      const save = await screen.findByRole('button', { name: 'Save Event' });
      await user.click(save);
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a title.');
      expect(screen.getByLabelText(/^Title/)).toHaveFocus();

      await user.type(screen.getByLabelText(/^Title/), 'Quiz & Curry Night');
      expect(screen.getByLabelText(/^Slug/)).toHaveValue('quiz-curry-night');
      await user.click(save);
      expect(screen.getByRole('alert')).toHaveTextContent('Please choose a date.');

      await user.type(screen.getByLabelText(/^Date/), TUESDAY);
      await user.type(screen.getByLabelText(/^Time/), '19:30');
      await user.type(screen.getByLabelText(/^Tags/), 'quiz, food');
      await user.click(save);
      await waitFor(() => expect(location().pathname).toBe('/admin/events'));
      expect(server.sent).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          url: '/api/events',
          body: expect.objectContaining({
            title: 'Quiz & Curry Night',
            slug: 'quiz-curry-night',
            tags: 'quiz, food',
          }),
        }),
      );
      expect(await screen.findByRole('status')).toHaveTextContent('Saved “Quiz & Curry Night”.');
    });

    it('makes an event take bookings within its own covers, or says how to come', async () => {
      const user = userEvent.setup();
      const server = stubServer({ events: [event] });
      const { location } = renderRoute('/admin/events/e1');
      const howToCome = await screen.findByLabelText('How to come');
      expect(howToCome).toHaveAttribute('placeholder', 'Walk in: tickets £12 on the door');
      await user.click(screen.getByLabelText('Guests book a table for it'));
      expect(screen.queryByLabelText('How to come')).toBeNull();
      const covers = screen.getByLabelText(/^Covers/);
      await user.clear(covers);
      await user.type(covers, '0');
      const save = screen.getByRole('button', { name: 'Save Event' });
      await user.click(save);
      expect(screen.getByRole('alert')).toHaveTextContent(EVENT_MESSAGES.bookingCovers);
      expect(covers).toHaveFocus();
      await user.clear(covers);
      await user.type(covers, '40');
      await user.click(save);
      await waitFor(() => expect(location().pathname).toBe('/admin/events'));
      expect(server.sent).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          url: '/api/events/e1',
          body: expect.objectContaining({ takesBookings: true, bookingCovers: 40 }),
        }),
      );
    });
  });
});
