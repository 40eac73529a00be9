import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import {
  chooseDateAndTime,
  field,
  fillContact,
  openForm,
  stubServer,
  TUESDAY,
} from './booking-page-fixture.ts';
import { expectOptionalNewsBox } from './guest-form-checks.ts';

/** Fills in the guest's details and Tuesday at 7pm, and sends the booking. */
async function sendBooking(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await fillContact(user, form);
  await chooseDateAndTime(form, TUESDAY, '19:00');
  await user.click(within(form).getByRole('button', { name: 'Book Table' }));
}

describe('table booking form, sent', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
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
    expect(request?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
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
    const news = expectOptionalNewsBox(form);
    await user.click(news);
    await sendBooking(user, form);
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
    await sendBooking(user, form);

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
    await sendBooking(user, form);
    expect(await within(form).findByText('RC-CAL235')).toBeInTheDocument();
    expect(location().pathname).toBe('/bookings');
  });

  it('shows the server’s error in the red banner, the generic text when it answers nothing useful, and that nothing was booked when it cannot be reached', async () => {
    const user = userEvent.setup();
    let answer: () => Response = () =>
      Response.json({ error: 'Sorry, that time is fully booked. Please choose another.' }, { status: 409 });
    stubServer(() => answer());
    const form = await openForm();
    await sendBooking(user, form);
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
});
