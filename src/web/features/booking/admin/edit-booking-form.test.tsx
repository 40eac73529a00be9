import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot, StoredBooking } from '#shared/booking/schemas.ts';
import { STAFF_BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { addDays, formatLongDate, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const start = addDays(londonToday(), 7);
const TUESDAY = addDays(start, (2 - weekdayOf(start) + 7) % 7);
const WEDNESDAY = addDays(TUESDAY, 1);

const tom = storedBookingFixture({
  date: TUESDAY,
  partyChildren: 2,
  partySize: 4,
  allergies: 'Peanuts',
});

/** Staff's slots of any day: 8pm has room for six, not for more; 9:30pm is closed. */
function staffSlots(party: number): AvailabilitySlot[] {
  return [
    { service: 'dinner', time: '18:00', closed: false, remaining: 24 },
    { service: 'dinner', time: '19:00', closed: false, remaining: 24 },
    { service: 'dinner', time: '20:00', closed: false, remaining: party > 6 ? 6 : 24 },
    { service: 'dinner', time: '21:30', closed: true, remaining: 24 },
  ];
}

/**
 * A signed-in admin's server holding one booking; `answers` say how the PATCHes answer, one after another
 * (by default the change is applied and the booking returned).
 */
function stubServer(booking: StoredBooking, answers: (() => Response | Promise<Response>)[] = []) {
  let stored = booking;
  const api = stubStaffApi(({ method, path, query, body }) => {
    if (path === '/api/availability') return Response.json(staffSlots(1));
    if (path === '/api/admin/availability') return Response.json(staffSlots(Number(query.get('party') ?? 1)));
    if (path === '/api/closures') return Response.json([]);
    if (path === '/api/bookings') return Response.json(stored.date === query.get('date') ? [stored] : []);
    if (path === `/api/bookings/${booking._id}` && method === 'PATCH') {
      const answer = answers.shift();
      if (answer) return answer();
      const { notifyGuest: _notify, overCapacity: _over, ...change } = body ?? {};
      stored = { ...stored, ...change, updatedAt: '2026-05-21T09:00:00.000Z' };
      stored.partySize = stored.partyAdults + stored.partyChildren;
      stored.service = stored.timeSlot < '17:00' ? 'lunch' : 'dinner';
      return Response.json(stored);
    }
    return undefined;
  });
  return {
    patches: () => api.bodiesOf('PATCH'),
    availabilityAsked: () => api.urlsFrom('/api/admin/availability'),
  };
}

type User = ReturnType<typeof userEvent.setup>;

async function openForm(user: User) {
  renderRoute(`/admin/bookings?date=${TUESDAY}`);
  const dinner = await screen.findByRole('region', { name: 'Dinner' });
  await user.click(await within(dinner).findByRole('button', { name: 'Tom Adeyemi' }));
  const drawer = await screen.findByRole('dialog', { name: 'Tom Adeyemi' });
  await user.click(within(drawer).getByRole('button', { name: 'Change booking' }));
  const form = within(drawer).getByRole('form', { name: 'Change booking' });
  await within(within(form).getByLabelText(/^Time/)).findByRole('option', { name: '8pm — 24 covers left' });
  return { drawer, form, dinner };
}

async function retype(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('staff change a booking from the day view', () => {
  undoStubsAfterEach();
  beforeEach(() => {
    // Every frame comes at once, before React commits, as on a busy machine: focus must not wait for one.
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(performance.now());
      return 0;
    });
  });

  it('moves it to 8pm for six, e-mails the guest the new details and shows them in the day', async () => {
    const user = userEvent.setup();
    const server = stubServer(tom);
    const { drawer, form, dinner } = await openForm(user);
    expect(within(form).getByRole('heading', { name: 'Change booking' })).toHaveFocus();
    expect(within(form).getByLabelText(/^Date/)).toHaveValue(TUESDAY);
    expect(within(form).getByLabelText(/^Time/)).toHaveValue('19:00');
    expect(within(form).getByLabelText('Adults')).toHaveValue(2);
    expect(within(form).getByLabelText('Allergies')).toHaveValue('Peanuts');
    expect(server.availabilityAsked()).toContain(
      `/api/admin/availability?date=${TUESDAY}&party=4&excluding=b1`,
    );
    const notify = within(form).getByRole('checkbox', { name: 'E-mail the guest the new details' });
    expect(notify).toBeChecked();
    expect(notify).toHaveAccessibleDescription(
      'Sent to tom@example.com when the date, time or party changes.',
    );

    await retype(user, within(form).getByLabelText('Adults'), '4');
    await user.selectOptions(within(form).getByLabelText(/^Time/), '20:00');
    await user.type(within(form).getByLabelText('Special notes'), 'Window table');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const saved = await within(drawer).findByRole('status');
    expect(saved).toHaveTextContent(
      `Changes saved: ${formatLongDate(TUESDAY)}, 8pm, 6 guests. The new details are on their way to tom@example.com.`,
    );
    await waitFor(() => expect(saved.parentElement).toHaveFocus());
    expect(server.patches()).toEqual([
      {
        date: TUESDAY,
        timeSlot: '20:00',
        partyAdults: 4,
        partyChildren: 2,
        allergies: 'Peanuts',
        specialNotes: 'Window table',
        notifyGuest: true,
        overCapacity: false,
      },
    ]);
    expect(within(drawer).queryByRole('form')).not.toBeInTheDocument();
    expect(drawer).toHaveTextContent('Time8pm');
    expect(drawer).toHaveTextContent('Total6');
    expect(drawer).toHaveTextContent('Special notesWindow table');
    expect(within(dinner).getByRole('combobox', { name: 'Status of Tom Adeyemi, 8pm' })).toBeInTheDocument();
  });

  it('moves it to another day: it leaves this day’s list, and the message says where it went', async () => {
    const user = userEvent.setup();
    const server = stubServer(tom);
    const { drawer, form, dinner } = await openForm(user);
    await user.clear(within(form).getByLabelText(/^Date/));
    await user.type(within(form).getByLabelText(/^Date/), WEDNESDAY);
    await waitFor(() =>
      expect(server.availabilityAsked()).toContain(
        `/api/admin/availability?date=${WEDNESDAY}&party=4&excluding=b1`,
      ),
    );
    await within(within(form).getByLabelText(/^Time/)).findByRole('option', { name: '7pm — 24 covers left' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(drawer).findByRole('status')).toHaveTextContent(
      `Changes saved: ${formatLongDate(WEDNESDAY)}, 7pm, 4 guests. It has moved off the list for ${formatLongDate(TUESDAY)}.`,
    );
    expect(server.patches()).toEqual([expect.objectContaining({ date: WEDNESDAY, timeSlot: '19:00' })]);
    expect(within(dinner).getByText('No dinner bookings.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(dinner).queryByRole('button', { name: 'Tom Adeyemi' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal beside the time, offers “Book anyway”, then books past the covers', async () => {
    const user = userEvent.setup();
    const refusal = STAFF_BOOKING_MESSAGES.coversShort(3, '6pm');
    const server = stubServer(tom, [() => Response.json({ error: refusal }, { status: 409 })]);
    const { drawer, form } = await openForm(user);
    await user.selectOptions(within(form).getByLabelText(/^Time/), '18:00');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const bookAnyway = await within(form).findByRole('checkbox', { name: 'Book anyway' });
    await waitFor(() => expect(bookAnyway).toHaveFocus());
    expect(bookAnyway).toHaveAccessibleDescription(refusal);
    expect(within(form).getByLabelText(/^Time/)).toHaveAccessibleDescription(refusal);
    await user.click(bookAnyway);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent('Changes saved');
    expect(server.patches().map((body) => [body?.timeSlot, body?.overCapacity])).toEqual([
      ['18:00', false],
      ['18:00', true],
    ]);
  });

  it('asks for “Book anyway” before sending a party too big for the slot', async () => {
    const user = userEvent.setup();
    const server = stubServer(tom);
    const { form } = await openForm(user);
    await retype(user, within(form).getByLabelText('Adults'), '8');
    await within(within(form).getByLabelText(/^Time/)).findByRole('option', {
      name: '8pm — 6 covers left (too few)',
    });
    await user.selectOptions(within(form).getByLabelText(/^Time/), '20:00');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const warning = STAFF_BOOKING_MESSAGES.coversShort(6, '8pm');
    expect(within(form).getByRole('alert')).toHaveTextContent(warning);
    expect(within(form).getByRole('checkbox', { name: 'Book anyway' })).toHaveFocus();
    expect(server.patches()).toEqual([]);
  });

  it('keeps everything typed and says so when the change cannot be saved', async () => {
    const user = userEvent.setup();
    stubServer(tom, [() => Promise.reject(new TypeError('Failed to fetch'))]);
    const { form } = await openForm(user);
    await user.selectOptions(within(form).getByLabelText(/^Time/), '18:00');
    await user.type(within(form).getByLabelText('Special notes'), 'High chair');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Could not save the changes. Please try again.',
    );
    expect(within(form).getByLabelText(/^Time/)).toHaveValue('18:00');
    expect(within(form).getByLabelText('Special notes')).toHaveValue('High chair');
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('says the guest was not e-mailed when only the notes change', async () => {
    const user = userEvent.setup();
    const server = stubServer(tom);
    const { drawer, form } = await openForm(user);
    await retype(user, within(form).getByLabelText('Allergies'), 'Peanuts and sesame');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent(
      'Only the notes changed, so the guest was not e-mailed.',
    );
    expect(server.patches()).toEqual([
      expect.objectContaining({ timeSlot: '19:00', allergies: 'Peanuts and sesame', notifyGuest: true }),
    ]);
  });

  it('offers no e-mail for a booking without an address, and says why', async () => {
    const user = userEvent.setup();
    const server = stubServer({ ...tom, email: '' });
    const { drawer, form } = await openForm(user);
    const notify = within(form).getByRole('checkbox', { name: 'E-mail the guest the new details' });
    expect(notify).toBeDisabled();
    expect(notify).not.toBeChecked();
    expect(notify).toHaveAccessibleDescription(
      'This booking has no e-mail address: call the guest to tell them.',
    );
    await user.selectOptions(within(form).getByLabelText(/^Time/), '18:00');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent('The guest was not e-mailed.');
    expect(server.patches()).toEqual([expect.objectContaining({ notifyGuest: false })]);
  });

  it('goes back to the booking as it was, and sends nothing unchanged', async () => {
    const user = userEvent.setup();
    const server = stubServer(tom);
    const { drawer, form } = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Nothing has changed yet: change a detail, or choose “Keep as it was”.',
    );
    await user.selectOptions(within(form).getByLabelText(/^Time/), '18:00');
    await user.click(within(form).getByRole('button', { name: 'Keep as it was' }));

    const change = within(drawer).getByRole('button', { name: 'Change booking' });
    await waitFor(() => expect(change).toHaveFocus());
    expect(drawer).toHaveTextContent('Time7pm');
    expect(server.patches()).toEqual([]);
  });

  it('offers no change to a cancelled booking', async () => {
    const user = userEvent.setup();
    stubServer({ ...tom, status: 'CANCELLED' });
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const dinner = await screen.findByRole('region', { name: 'Dinner' });
    await user.click(await within(dinner).findByRole('button', { name: 'Tom Adeyemi' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tom Adeyemi' });
    expect(within(drawer).getByLabelText('Status')).toHaveValue('CANCELLED');
    expect(within(drawer).queryByRole('button', { name: 'Change booking' })).not.toBeInTheDocument();
  });
});
