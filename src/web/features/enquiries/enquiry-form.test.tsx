import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/messages.ts';
import type { StoredEnquiry } from '#shared/enquiries/schemas.ts';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { addDays, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';

const start = addDays(londonToday(), 7);
/** A Tuesday at least a week ahead. */
const TUESDAY = addDays(start, (2 - weekdayOf(start) + 7) % 7);
const slots: AvailabilitySlot[] = [{ service: 'dinner', time: '19:00', closed: false, remaining: 24 }];

interface Sent {
  url: string;
  body?: Record<string, unknown>;
}

function stubServer(enquiryAnswer: (body: Record<string, unknown>) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, body });
      if (url.startsWith('/api/availability')) return Response.json(slots);
      if (url === '/api/enquiries') return enquiryAnswer(body);
      return Response.json([]);
    }),
  );
  return sent;
}

function storedFrom(body: Record<string, unknown>): StoredEnquiry {
  return {
    ...(body as Omit<StoredEnquiry, '_id' | 'reference' | 'status' | 'createdAt' | 'updatedAt'>),
    _id: 'e1',
    reference: 'EQ-7KQ2M9',
    status: 'NEW',
    createdAt: '2026-06-01T09:00:00.000Z',
    updatedAt: '2026-06-01T09:00:00.000Z',
  };
}

function field(form: HTMLElement, label: string | RegExp) {
  return within(form).getByLabelText(label) as HTMLInputElement;
}

/** The booking form as a guest of a party of 7 adults and 2 children leaves it. */
async function fillBookingForNine(user: ReturnType<typeof userEvent.setup>) {
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
  renderRoute('/bookings');
  const form = await screen.findByRole('form', { name: 'Book a table' });
  await user.type(field(form, /^Name/), 'Ruth Okafor');
  await user.type(field(form, /^Phone/), '07700 900321');
  await user.type(field(form, /^Email/), 'ruth@example.com');
  fireEvent.change(field(form, /^Date/), { target: { value: TUESDAY } });
  const time = field(form, /^Time/) as unknown as HTMLSelectElement;
  await waitFor(() => expect(time).toBeEnabled());
  await user.selectOptions(time, '19:00');
  await user.type(field(form, 'Allergies'), 'One coeliac');
  await user.clear(field(form, /^Adults/));
  await user.type(field(form, /^Adults/), '7');
  expect(within(form).queryByRole('button', { name: 'Send an enquiry' })).not.toBeInTheDocument();
  await user.clear(field(form, /^Children/));
  await user.type(field(form, /^Children/), '2');
  return form;
}

async function openEnquiry(user: ReturnType<typeof userEvent.setup>) {
  const bookingForm = await fillBookingForNine(user);
  await user.click(within(bookingForm).getByRole('button', { name: 'Send an enquiry' }));
  return screen.findByRole('form', { name: 'Send an enquiry' });
}

describe('a large party’s enquiry from the booking form', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers an enquiry once the party reaches 9, keeping the spec’s call-us text', async () => {
    const user = userEvent.setup();
    stubServer(() => Response.json({}));
    const form = await fillBookingForNine(user);
    expect(within(form).getByText(ENQUIRY_MESSAGES.offerTitle(9))).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Send an enquiry' })).toBeEnabled();

    await user.click(within(form).getByRole('button', { name: 'Book Table' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.partyTooLarge);
  });

  it('opens the enquiry with what the guest typed, and sends it', async () => {
    const user = userEvent.setup();
    const sent = stubServer((body) => Response.json(storedFrom(body), { status: 201 }));
    const enquiry = await openEnquiry(user);
    expect(screen.getByRole('heading', { name: 'Send an enquiry' })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Book a table' })).not.toBeInTheDocument();
    expect(field(enquiry, /^Name/)).toHaveValue('Ruth Okafor');
    expect(field(enquiry, /^Phone/)).toHaveValue('07700 900321');
    expect(field(enquiry, /^Email/)).toHaveValue('ruth@example.com');
    expect(field(enquiry, /^Number of guests/)).toHaveValue(9);
    expect(field(enquiry, /^Preferred date/)).toHaveValue(TUESDAY);
    expect(field(enquiry, /^Preferred time/)).toHaveValue('19:00');
    expect(field(enquiry, /^Notes/)).toHaveValue('Allergies: One coeliac');

    await user.clear(field(enquiry, /^Number of guests/));
    await user.type(field(enquiry, /^Number of guests/), '12');
    await user.type(field(enquiry, /^Notes/), '\nA retirement do');
    await user.click(within(enquiry).getByRole('button', { name: 'Send enquiry' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(ENQUIRY_MESSAGES.received);
    expect(done).toHaveTextContent('EQ-7KQ2M9');
    expect(done).toHaveTextContent('12 guests');
    expect(done).toHaveTextContent(ENQUIRY_MESSAGES.nextSteps('ruth@example.com'));
    await waitFor(() => expect(done).toHaveFocus());
    expect(sent.find((request) => request.url === '/api/enquiries')?.body).toEqual({
      website: '',
      name: 'Ruth Okafor',
      phone: '07700 900321',
      email: 'ruth@example.com',
      preferredDate: TUESDAY,
      preferredTime: '19:00',
      partySize: 12,
      notes: 'Allergies: One coeliac\nA retirement do',
    });
  });

  it('checks each field before sending, marking and focusing the one to fix', async () => {
    const user = userEvent.setup();
    const sent = stubServer(() => Response.json({}));
    const enquiry = await openEnquiry(user);
    const submit = within(enquiry).getByRole('button', { name: 'Send enquiry' });

    await user.clear(field(enquiry, /^Email/));
    await user.type(field(enquiry, /^Email/), 'ruth@');
    await user.click(submit);
    expect(within(enquiry).getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.email);
    expect(field(enquiry, /^Email/)).toHaveFocus();
    expect(field(enquiry, /^Email/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(field(enquiry, /^Email/), 'example.com');
    await user.clear(field(enquiry, /^Number of guests/));
    await user.type(field(enquiry, /^Number of guests/), '8');
    await user.click(submit);
    expect(within(enquiry).getByRole('alert')).toHaveTextContent(ENQUIRY_MESSAGES.partyBookOnline);
    expect(field(enquiry, /^Number of guests/)).toHaveFocus();

    await user.type(field(enquiry, /^Number of guests/), '0');
    await user.click(submit);
    expect(within(enquiry).getByRole('alert')).toHaveTextContent(ENQUIRY_MESSAGES.party);

    await user.clear(field(enquiry, /^Number of guests/));
    await user.type(field(enquiry, /^Number of guests/), '20');
    fireEvent.change(field(enquiry, /^Preferred time/), { target: { value: '' } });
    await user.click(submit);
    expect(within(enquiry).getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.time);
    expect(field(enquiry, /^Preferred time/)).toHaveFocus();
    expect(sent.some((request) => request.url === '/api/enquiries')).toBe(false);
  });

  it('says why a send failed and keeps everything typed', async () => {
    const user = userEvent.setup();
    let answer = () =>
      Response.json({ error: 'Notes is too long (1000 characters at most).' }, { status: 400 });
    stubServer(() => answer());
    const enquiry = await openEnquiry(user);
    await user.type(field(enquiry, /^Notes/), '\nLong story');
    const submit = within(enquiry).getByRole('button', { name: 'Send enquiry' });
    await user.click(submit);
    const alert = await within(enquiry).findByRole('alert');
    expect(alert).toHaveTextContent('Notes is too long (1000 characters at most).');
    await waitFor(() => expect(alert).toHaveFocus(), { timeout: 3_000 });

    answer = () => new Response('Bad gateway', { status: 502 });
    await user.click(submit);
    await waitFor(() =>
      expect(within(enquiry).getByRole('alert')).toHaveTextContent(ENQUIRY_MESSAGES.failure),
    );
    expect(field(enquiry, /^Name/)).toHaveValue('Ruth Okafor');
    expect(field(enquiry, /^Notes/)).toHaveValue('Allergies: One coeliac\nLong story');
    expect(submit).toBeEnabled();
  });

  it('goes back to the booking form as the guest left it', async () => {
    const user = userEvent.setup();
    stubServer(() => Response.json({}));
    const enquiry = await openEnquiry(user);
    await user.click(within(enquiry).getByRole('button', { name: 'Back to the booking form' }));
    const form = screen.getByRole('form', { name: 'Book a table' });
    expect(field(form, /^Name/)).toHaveValue('Ruth Okafor');
    expect(field(form, /^Children/)).toHaveValue(2);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send an enquiry' })).toHaveFocus());
  });
});
