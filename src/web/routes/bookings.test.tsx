import { fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { addDays, formatLongDate, formatTime } from '#shared/time/london-time.ts';
import {
  chooseDateAndTime,
  field,
  fillContact,
  MONDAY,
  openForm,
  stubServer,
  TUESDAY,
  today,
  WEDNESDAY,
} from './booking-page-fixture.ts';

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

  it('opens ready to use from the short booking link: 4 adults on its date, its times asked for 4', async () => {
    const sent = stubServer(() => Response.json({}));
    const form = await openForm(`/bookings?party=4&date=${TUESDAY}&utm_source=google`);
    expect(field(form, /^Adults/)).toHaveValue(4);
    expect(field(form, /^Children/)).toHaveValue(0);
    expect(field(form, /^Date/).value).toBe(TUESDAY);
    expect(await within(form).findByRole('group', { name: 'Lunch' })).toBeInTheDocument();
    expect(
      sent.some((call) => call.url.startsWith('/api/availability') && /[?&]party=4(&|$)/.test(call.url)),
    ).toBe(true);
  });

  it('opens as usual when the link’s party or date will not do', async () => {
    stubServer(() => Response.json({}));
    const form = await openForm(`/bookings?party=12&date=${addDays(today, -1)}`);
    expect(field(form, /^Adults/)).toHaveValue(2);
    expect(field(form, /^Date/).value).toBe('');
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
