import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { addDays, formatLongDate, formatTime, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const today = londonToday();
/** The next date on that weekday at least a week ahead (0 = Sunday). */
function next(weekday: number): string {
  const start = addDays(today, 7);
  return addDays(start, (weekday - weekdayOf(start) + 7) % 7);
}
const TUESDAY = next(2);
const WEDNESDAY = next(3);
const MONDAY = next(1);

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

interface Sent {
  url: string;
  body?: Record<string, unknown>;
  headers: Headers;
}

function stubServer(bookingAnswer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init?.headers),
      });
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
      const ownPage = /^\/api\/bookings\/manage\/(\w+)$/.exec(url);
      if (ownPage) {
        // The guest's own page shows the booking just made, as the server stored it.
        const made = sent.findLast((request) => request.url === '/api/bookings')?.body ?? {};
        return Response.json({ booking: storedBooking(made), started: false });
      }
      if (url === '/api/events/carols') {
        return Response.json({
          _id: 'e1',
          title: 'Carols by the Fire',
          slug: 'carols',
          date: TUESDAY,
          time: '18:00',
          tags: [],
          cover: '',
          badges: [],
          summary: '',
          isMajor: false,
          cta: { label: 'View Details' },
          takesBookings: false,
          bookingCovers: 30,
          howToCome: 'Just turn up.',
        });
      }
      if (url === '/api/events/burns-night') {
        return Response.json({
          _id: 'e2',
          title: 'Burns Night Supper',
          slug: 'burns-night',
          date: MONDAY,
          time: '19:30',
          tags: [],
          cover: '',
          badges: [],
          summary: '',
          isMajor: false,
          cta: { label: 'View Details' },
          takesBookings: true,
          bookingCovers: 20,
          howToCome: '',
        });
      }
      return Response.json([]);
    }),
  );
  return sent;
}

async function openForm(path = '/bookings') {
  sessionStorage.setItem('christmas-promo-dismissed', '1');
  renderRoute(path);
  return screen.findByRole('form', { name: 'Book a table' });
}

function field(form: HTMLElement, label: string | RegExp) {
  return within(form).getByLabelText(label) as HTMLInputElement;
}

async function chooseDateAndTime(form: HTMLElement, date: string, time: string) {
  fireEvent.change(field(form, /^Date/), { target: { value: date } });
  const timeSelect = field(form, /^Time/) as unknown as HTMLSelectElement;
  await waitFor(() => expect(timeSelect).toBeEnabled());
  await userEvent.selectOptions(timeSelect, time);
}

async function fillContact(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(field(form, /^Name/), '  Ada Lovelace ');
  await user.type(field(form, /^Phone/), '07700 900123');
  await user.type(field(form, /^Email/), 'ada@example.com');
}

describe('table booking form', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a date first and keeps Book Table disabled without a date and time', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    expect(within(form).getByRole('option', { name: 'Select date first' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Book Table' })).toBeDisabled();
  });

  it('says what is still to do while Book Table is disabled', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    const button = within(form).getByRole('button', { name: 'Book Table' });
    expect(button).toHaveAccessibleDescription('Still to do: choose a date and a time.');
    fireEvent.change(field(form, /^Date/), { target: { value: TUESDAY } });
    expect(button).toHaveAccessibleDescription('Still to do: choose a time.');
  });

  it('says why a past, too distant or Christmas date has no times, and where Christmas is booked', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    fireEvent.change(field(form, /^Date/), { target: { value: addDays(today, -1) } });
    expect(await within(form).findByText(BOOKING_MESSAGES.datePast)).toBeVisible();
    fireEvent.change(field(form, /^Date/), { target: { value: addDays(today, 400) } });
    expect(await within(form).findByText(BOOKING_MESSAGES.dateTooFar(180))).toBeVisible();
    const christmas = `${Number(today.slice(0, 4)) + (today.slice(5) > '12-25' ? 1 : 0)}-12-25`;
    fireEvent.change(field(form, /^Date/), { target: { value: christmas } });
    expect(await within(form).findByText(BOOKING_MESSAGES.christmasDay)).toBeVisible();
    expect(within(form).getByRole('link', { name: 'Book Christmas Day' })).toHaveAttribute(
      'href',
      '/christmas',
    );
  });

  // The seed closes New Year’s Day 2027; after it the date is past, and this reads the other message.
  it.skipIf(today >= '2027-01-01')('names the special date the pub has closed', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    // The seeded venue closes New Year’s Day.
    fireEvent.change(field(form, /^Date/), { target: { value: '2027-01-01' } });
    expect(await within(form).findByText(BOOKING_MESSAGES.dayClosed('New Year’s Day'))).toBeVisible();
  });

  // The seed gives Christmas Eve 2026 shorter hours; after it the date is past.
  it.skipIf(today >= '2026-12-24')('says a special date’s shorter hours leave fewer times', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    fireEvent.change(field(form, /^Date/), { target: { value: '2026-12-24' } });
    expect(
      await within(form).findByText(
        'We’re open 12pm–6pm on that day (Christmas Eve), so there are fewer times to book.',
      ),
    ).toBeVisible();
  });

  it('shows the Monday banner, the Monday placeholder and disables the button', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    fireEvent.change(field(form, /^Date/), { target: { value: MONDAY } });
    expect(
      await within(form).findByText('Kitchen closed on Mondays — please choose Tuesday to Sunday.'),
    ).toBeVisible();
    expect(within(form).getByRole('option', { name: 'Closed on Mondays' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Book Table' })).toBeDisabled();
  });

  it('groups the times by service, saying which are scarce, full or closed and nothing of the rest', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    fireEvent.change(field(form, /^Date/), { target: { value: TUESDAY } });
    const lunch = await within(form).findByRole('group', { name: 'Lunch' });
    expect(within(lunch).getByRole('option', { name: '12pm — Few tables left' })).toBeEnabled();
    expect(within(lunch).getByRole('option', { name: '12:30pm — Full' })).toBeDisabled();
    const dinner = within(form).getByRole('group', { name: 'Dinner' });
    expect(within(dinner).getByRole('option', { name: '7pm — Few tables left' })).toBeEnabled();
    expect(within(dinner).getByRole('option', { name: '7:30pm — Closed' })).toBeDisabled();
    expect(within(dinner).getByRole('option', { name: '8pm' })).toBeEnabled();
    expect(within(form).getByRole('option', { name: 'Choose a time' })).toBeInTheDocument();
  });

  it('says ‘No times’ for a day without slots and resets the time when the date changes', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm();
    await chooseDateAndTime(form, TUESDAY, '19:00');
    expect((field(form, /^Time/) as unknown as HTMLSelectElement).value).toBe('19:00');
    fireEvent.change(field(form, /^Date/), { target: { value: WEDNESDAY } });
    expect(await within(form).findByRole('option', { name: 'No times' })).toBeInTheDocument();
    expect((field(form, /^Time/) as unknown as HTMLSelectElement).value).toBe('');
  });

  it('totals the guests live, counting a blank as 0', async () => {
    const user = userEvent.setup();
    stubServer(() => Response.json({}));
    const form = await openForm();
    await user.clear(field(form, /^Adults/));
    await user.type(field(form, /^Adults/), '3');
    await user.clear(field(form, /^Children/));
    expect(within(form).getByText(/Total Guests:/)).toHaveTextContent('Total Guests: 3');
    await user.type(field(form, /^Children/), '2');
    expect(within(form).getByText(/Total Guests:/)).toHaveTextContent('Total Guests: 5');
  });

  it('checks the fields in the spec’s order, one message at a time', async () => {
    const user = userEvent.setup();
    const sent = stubServer(() => Response.json({}));
    const form = await openForm();
    await chooseDateAndTime(form, TUESDAY, '19:00');
    const submit = within(form).getByRole('button', { name: 'Book Table' });
    const alertText = () => within(form).getByRole('alert').textContent;

    await user.click(submit);
    expect(alertText()).toBe('Please enter your name.');
    expect(field(form, /^Name/)).toHaveFocus();
    expect(field(form, /^Name/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(field(form, /^Name/), 'Ada');
    await user.click(submit);
    expect(alertText()).toBe('Please enter your phone number.');

    await user.type(field(form, /^Phone/), '07700 900123');
    await user.type(field(form, /^Email/), 'not-an-email');
    await user.click(submit);
    expect(alertText()).toBe('Please enter a valid email.');

    await user.clear(field(form, /^Email/));
    await user.type(field(form, /^Email/), 'ada@example.com');
    await user.clear(field(form, /^Adults/));
    await user.clear(field(form, /^Children/));
    await user.click(submit);
    expect(alertText()).toBe('Please enter adults or children (at least 1).');

    await user.type(field(form, /^Adults/), '7');
    await user.type(field(form, /^Children/), '2');
    await user.click(submit);
    expect(alertText()).toBe('For groups of 9 or more, please call us so we can seat you comfortably.');
    expect(sent.some((request) => request.url === '/api/bookings')).toBe(false);
  });

  it('refuses children without an adult, on the Adults field, and sends nothing', async () => {
    const user = userEvent.setup();
    const sent = stubServer(() => Response.json({}));
    const form = await openForm();
    await fillContact(user, form);
    await chooseDateAndTime(form, TUESDAY, '19:00');
    await user.clear(field(form, /^Adults/));
    await user.clear(field(form, /^Children/));
    await user.type(field(form, /^Children/), '2');
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    const message = 'Please include at least 1 adult: children must be accompanied by an adult.';
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
    const adults = field(form, /^Adults/);
    expect(adults).toHaveFocus();
    expect(adults).toHaveAttribute('aria-invalid', 'true');
    expect(adults).toHaveAccessibleDescription(message);
    expect(sent.some((request) => request.url === '/api/bookings')).toBe(false);
  });

  it('refuses a filled spam field', async () => {
    const user = userEvent.setup();
    stubServer(() => Response.json({}));
    const form = await openForm();
    await fillContact(user, form);
    await chooseDateAndTime(form, TUESDAY, '19:00');
    fireEvent.change(field(form, 'Leave this field empty'), { target: { value: 'http://spam.example' } });
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Spam detected.');
  });

  it('sends the booking, shows the success text and reference, and resets the form', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const sent = stubServer(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(Response.json({ reference: 'RC-ABC234' }, { status: 201 }));
        }),
    );
    const form = await openForm();
    await fillContact(user, form);
    await chooseDateAndTime(form, TUESDAY, '19:00');
    await user.click(within(form).getByLabelText('Someone in our party has accessibility needs'));
    await user.type(field(form, 'Accessibility notes'), 'Step-free, please');
    await user.click(within(form).getByLabelText('Someone in our party has accessibility needs'));
    await user.selectOptions(field(form, 'Occasion') as unknown as HTMLSelectElement, 'Birthday');
    await user.type(field(form, 'Allergies'), 'Peanuts');
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));

    expect(within(form).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    expect(
      await within(form).findByText('Thanks! Your booking has been received and confirmed by email.'),
    ).toBeVisible();
    expect(within(form).getByText('RC-ABC234')).toBeInTheDocument();
    const booked = within(form).getByRole('status');
    expect(booked).toHaveTextContent(formatLongDate(TUESDAY));
    expect(booked).toHaveTextContent(formatTime('19:00'));
    expect(booked).toHaveTextContent('2 adults');
    expect(booked).toHaveTextContent('Ada Lovelace');

    const request = sent.find((candidate) => candidate.url === '/api/bookings');
    expect(request?.body).toEqual({
      eventSlug: null,
      name: 'Ada Lovelace',
      phone: '07700 900123',
      email: 'ada@example.com',
      date: TUESDAY,
      timeSlot: '19:00',
      partyAdults: 2,
      partyChildren: 0,
      hasAccessibilityNeeds: false,
      accessibilityNotes: '',
      occasion: 'Birthday',
      occasionNotes: '',
      allergies: 'Peanuts',
      specialNotes: '',
      website: '',
      marketingConsent: false,
    });
    expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The confirmation stands alone: no emptied form below it until the guest asks for one.
    expect(within(form).queryByLabelText(/^Name/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Book another table' }));
    expect(within(form).queryByRole('status')).toBeNull();
    expect(field(form, /^Name/).value).toBe('');
    expect(field(form, /^Date/).value).toBe('');
    await waitFor(() => expect(field(form, /^Name/)).toHaveFocus());
  });

  it('offers news of events and offers as an optional box, unticked, and sends it when ticked', async () => {
    const user = userEvent.setup();
    const sent = stubServer(() => Response.json({ reference: 'RC-ABC234' }, { status: 201 }));
    const form = await openForm();
    const news = within(form).getByRole('checkbox', { name: /Send me news of events and offers/ });
    expect(news).not.toBeChecked();
    expect(news).not.toBeRequired();
    expect(within(form).getByRole('link', { name: 'How we use your details' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await fillContact(user, form);
    await chooseDateAndTime(form, TUESDAY, '19:00');
    await user.click(news);
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    await within(form).findByText('RC-ABC234');
    const request = sent.find((candidate) => candidate.url === '/api/bookings');
    expect(request?.body).toMatchObject({ marketingConsent: true });
  });

  it('confirms the booking on the guest’s own page, which says where the e-mail went and keeps its calendar file', async () => {
    const user = userEvent.setup();
    const token = 'T'.repeat(43);
    let answer = () =>
      Response.json(
        { reference: 'RC-CAL234', manageUrl: `https://pub.test/bookings/manage/${token}` },
        { status: 201 },
      );
    stubServer(() => answer());
    const { location, navigate } = renderRoute('/bookings');
    let form = await screen.findByRole('form', { name: 'Book a table' });
    await fillContact(user, form);
    await chooseDateAndTime(form, TUESDAY, '19:00');
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));

    await waitFor(() => expect(location().pathname).toBe(`/bookings/manage/${token}`));
    expect(location().search).toBe('?booked');
    await screen.findByText(BOOKING_MESSAGES.success);
    const booked = screen.getByRole('status');
    expect(booked).toHaveTextContent(BOOKING_MESSAGES.success);
    expect(booked).toHaveTextContent('A confirmation is on its way to ada@example.com.');
    expect(booked).toHaveTextContent('This page is your booking’s own link');
    const page = screen.getByRole('region', { name: 'Your booking' });
    expect(page).toHaveTextContent('RC-CAL234');
    expect(page).toHaveTextContent(formatLongDate(TUESDAY));
    const link = within(page).getByRole('link', { name: MANAGE_MESSAGES.addToCalendar });
    expect(link).toHaveAttribute('href', `/api/bookings/manage/${token}/calendar.ics`);

    // A replayed answer has no link: the guest has it in their e-mail, and the form confirms it in place.
    await user.click(within(booked).getByRole('link', { name: 'Book another table' }));
    expect(location().pathname).toBe('/bookings');
    answer = () => Response.json({ reference: 'RC-CAL235' }, { status: 201 });
    await navigate('/bookings');
    form = await screen.findByRole('form', { name: 'Book a table' });
    await fillContact(user, form);
    await chooseDateAndTime(form, TUESDAY, '19:00');
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    expect(await within(form).findByText('RC-CAL235')).toBeInTheDocument();
    expect(location().pathname).toBe('/bookings');
  });

  it('shows the server’s error in the red banner, the generic text when it answers nothing useful, and that nothing was booked when it cannot be reached', async () => {
    const user = userEvent.setup();
    let answer: () => Response = () =>
      Response.json({ error: 'Sorry, that time is fully booked. Please choose another.' }, { status: 409 });
    stubServer(() => answer());
    const form = await openForm();
    await fillContact(user, form);
    await chooseDateAndTime(form, TUESDAY, '19:00');
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Sorry, that time is fully booked. Please choose another.',
    );

    answer = () => new Response('Bad gateway', { status: 502 });
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Failed to send booking. Please try another time.',
      ),
    );

    answer = () => {
      throw new TypeError('offline');
    };
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'We couldn’t reach the pub, so nothing has been booked yet. Please check your connection and try again.',
      ),
    );
  });

  it('preselects an event from the Events page with its date', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm('/bookings?event=carols');
    const eventField = field(form, 'Event');
    expect(eventField).toBeDisabled();
    expect(eventField.value).toContain('Carols by the Fire');
    expect(
      within(form).getByText(
        'Preselected from the Events page. Carols by the Fire takes no table bookings: Just turn up.',
      ),
    ).toBeInTheDocument();
    expect(field(form, /^Date/).value).toBe(TUESDAY);
    expect(await within(form).findByRole('group', { name: 'Lunch' })).toBeInTheDocument();
  });

  it('books an event that takes bookings at its own time, even on a day without services', async () => {
    const user = userEvent.setup();
    const sent = stubServer(() => Response.json({ reference: 'RC-BURNS1' }, { status: 201 }));
    const form = await openForm('/bookings?event=burns-night');
    expect(field(form, 'Event').value).toBe(
      `Booking for Burns Night Supper — ${formatLongDate(MONDAY)}, ${formatTime('19:30')}`,
    );
    const supper = await within(form).findByRole('group', { name: 'Burns Night Supper' });
    expect(within(supper).getByRole('option', { name: formatTime('19:30') })).toBeEnabled();
    expect(field(form, /^Time/).value).toBe('19:30');
    expect(within(form).queryByText(BOOKING_MESSAGES.mondayBanner)).toBeNull();
    await fillContact(user, form);
    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    expect(await within(form).findByText('RC-BURNS1')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/api/bookings')?.body).toMatchObject({
      eventSlug: 'burns-night',
      date: MONDAY,
      timeSlot: '19:30',
    });
    expect(
      sent.some((call) => call.url.includes(`date=${MONDAY}`) && call.url.includes('event=burns-night')),
    ).toBe(true);
  });
});
