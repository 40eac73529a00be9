import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import {
  fillGuest,
  openForm,
  setParty,
  stubServer,
  TUESDAY,
  timeSelect,
} from './new-booking-page-fixture.ts';

describe('a booking staff take', () => {
  undoStubsAfterEach();

  it('opens from the day view on the day shown, taken by phone unless staff say otherwise', async () => {
    const user = userEvent.setup();
    stubServer();
    const { location } = renderRoute(`/admin/bookings?date=${TUESDAY}`);
    await user.click(await screen.findByRole('link', { name: 'New booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New booking' })).toBeInTheDocument();
    expect(`${location().pathname}${location().search}`).toBe(`/admin/bookings/new?date=${TUESDAY}`);
    expect(screen.getByLabelText(/^Date/)).toHaveValue(TUESDAY);
    const source = screen.getByRole('group', { name: 'How it came' });
    expect(
      within(source)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['phone', 'walk-in', 'email', 'enquiry']);
    expect(within(source).getByRole('radio', { name: 'Phone' })).toBeChecked();
    expect(screen.getByRole('link', { name: '← Back to the day' })).toHaveAttribute(
      'href',
      `/admin/bookings?date=${TUESDAY}`,
    );
  });

  it('lists every slot of the day with the covers left for the party, closed and short ones too', async () => {
    const { user, server } = await openForm();
    expect(within(timeSelect()).getByRole('option', { name: '6pm — 24 covers left' })).toBeEnabled();

    await setParty(user, 12);
    const short = await within(timeSelect()).findByRole('option', {
      name: '6pm — 10 covers left (too few)',
    });
    expect(short).toBeEnabled();
    expect(within(timeSelect()).getByRole('option', { name: '7:30pm — closed' })).toBeEnabled();
    expect(within(timeSelect()).getByRole('option', { name: '12pm — 24 covers left' })).toBeEnabled();
    expect(server.availabilityAsked()).toContain(`/api/admin/availability?date=${TUESDAY}&party=12`);
    expect(screen.getByText('12 guests')).toBeInTheDocument();
  });

  it('sends a phone booking for 12 as the API takes it and shows what was booked', async () => {
    const { user, server } = await openForm();
    await setParty(user, 12);
    await user.selectOptions(timeSelect(), '19:00');
    await fillGuest(user, { email: 'hendersons@example.com' });
    await user.type(screen.getByLabelText('Allergies'), 'One coeliac');
    await user.selectOptions(screen.getByLabelText('Occasion'), 'Birthday');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));

    expect(await screen.findByRole('heading', { name: 'Booked: reference RC-7KQ2XM' })).toHaveFocus();
    expect(server.posted()).toEqual([
      {
        source: 'phone',
        name: 'The Hendersons',
        phone: '07700 900456',
        email: 'hendersons@example.com',
        date: TUESDAY,
        timeSlot: '19:00',
        partyAdults: 12,
        partyChildren: 0,
        eventSlug: null,
        hasAccessibilityNeeds: false,
        accessibilityNotes: '',
        occasion: 'Birthday',
        occasionNotes: '',
        allergies: 'One coeliac',
        specialNotes: '',
        notifyGuest: true,
        overCapacity: false,
      },
    ]);
    const summary = screen.getByRole('status');
    expect(summary).toHaveTextContent('7pm (Dinner)');
    expect(summary).toHaveTextContent('12 guests (12 adults)');
    expect(summary).toHaveTextContent('The Hendersons');
    expect(summary).toHaveTextContent('A confirmation is on its way to hendersons@example.com.');
    expect(within(summary).getByRole('link', { name: 'Back to the day' })).toHaveAttribute(
      'href',
      `/admin/bookings?date=${TUESDAY}`,
    );

    await user.click(within(summary).getByRole('button', { name: 'Take another booking' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Date/)).toHaveValue(TUESDAY);
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked();
  });

  it('records a walk-in without an e-mail address, and sends no confirmation', async () => {
    const { user, server } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Walk-in' }));
    const notify = screen.getByRole('checkbox', { name: 'E-mail the guest a confirmation' });
    expect(notify).toBeDisabled();
    expect(notify).toHaveAccessibleDescription('Add the guest’s e-mail address to send one.');
    await user.selectOptions(timeSelect(), '19:00');
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No confirmation e-mail was sent.');
    expect(server.posted()).toEqual([
      expect.objectContaining({ source: 'walk-in', email: '', notifyGuest: false }),
    ]);
  });

  it('lets staff leave the guest unmailed', async () => {
    const { user, server } = await openForm();
    await user.selectOptions(timeSelect(), '19:00');
    await fillGuest(user, { email: 'quiet@example.com' });
    const notify = screen.getByRole('checkbox', { name: 'E-mail the guest a confirmation' });
    expect(notify).toBeChecked();
    await user.click(notify);
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('status');
    expect(server.posted()).toEqual([
      expect.objectContaining({ email: 'quiet@example.com', notifyGuest: false }),
    ]);
  });

  it('needs “Book anyway” ticked for a slot short of covers, then sends overCapacity', async () => {
    const { user, server } = await openForm();
    await fillGuest(user);
    await setParty(user, 12);
    await within(timeSelect()).findByRole('option', { name: '6pm — 10 covers left (too few)' });
    await user.selectOptions(timeSelect(), '18:00');
    const warning = STAFF_BOOKING_MESSAGES.coversShort(10, '6pm');
    const bookAnyway = screen.getByRole('checkbox', { name: 'Book anyway' });
    expect(bookAnyway).toHaveAccessibleDescription(warning);

    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(screen.getByRole('alert')).toHaveTextContent(warning);
    expect(bookAnyway).toHaveFocus();
    expect(server.posted()).toEqual([]);

    await user.click(bookAnyway);
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('status');
    expect(server.posted()).toEqual([expect.objectContaining({ timeSlot: '18:00', overCapacity: true })]);
  });

  it('asks for “Book anyway” for a closed slot, and forgets a tick when the time changes', async () => {
    const { user, server } = await openForm();
    await fillGuest(user);
    await user.selectOptions(timeSelect(), '19:30');
    const bookAnyway = screen.getByRole('checkbox', { name: 'Book anyway' });
    expect(bookAnyway).toHaveAccessibleDescription(
      '7:30pm is closed to online bookings. Tick “Book anyway” to book it all the same.',
    );
    await user.click(bookAnyway);
    await user.selectOptions(timeSelect(), '19:00');
    expect(screen.queryByRole('checkbox', { name: 'Book anyway' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('status');
    expect(server.posted()).toEqual([expect.objectContaining({ timeSlot: '19:00', overCapacity: false })]);
  });

  it('shows the server’s refusal beside the time when the covers went meanwhile, and books anyway', async () => {
    const refusal = STAFF_BOOKING_MESSAGES.coversShort(4, '7pm');
    const { user, server } = await openForm([() => Response.json({ error: refusal }, { status: 409 })]);
    await fillGuest(user);
    await setParty(user, 12);
    await user.selectOptions(timeSelect(), '19:00');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));

    const bookAnyway = await screen.findByRole('checkbox', { name: 'Book anyway' });
    await waitFor(() => expect(bookAnyway).toHaveFocus());
    expect(bookAnyway).toHaveAccessibleDescription(refusal);
    expect(timeSelect()).toHaveAccessibleDescription(refusal);
    await user.click(bookAnyway);
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(await screen.findByRole('heading', { name: 'Booked: reference RC-7KQ2XM' })).toBeInTheDocument();
    expect(server.posted().map((body) => body?.overCapacity)).toEqual([false, true]);
  });

  it('shows the server’s error when the booking fails otherwise', async () => {
    const { user } = await openForm([
      () => Response.json({ error: 'Phone: please enter a valid phone number.' }, { status: 400 }),
    ]);
    await fillGuest(user);
    await user.selectOptions(timeSelect(), '19:00');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone: please enter a valid phone number.');
    expect(screen.getByRole('form', { name: 'New booking' })).toBeInTheDocument();
  });

  it('puts a refusal that names a field under that field, and takes staff there', async () => {
    const problem = 'Please enter a valid phone number.';
    const { user } = await openForm([
      () =>
        Response.json(
          { error: `Phone: ${problem}`, issues: [{ path: 'phone', message: problem }] },
          { status: 400 },
        ),
    ]);
    await fillGuest(user);
    await user.selectOptions(timeSelect(), '19:00');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription(problem);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([problem]);
  });

  it('checks the booking before sending it and takes staff to what is missing', async () => {
    const { user, server } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name.');
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Name/), 'The Hendersons');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(screen.getByRole('alert')).toHaveTextContent(STAFF_BOOKING_MESSAGES.contact);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '07700 900456');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a time.');
    expect(timeSelect()).toHaveFocus();
    expect(server.posted()).toEqual([]);
  });
});
