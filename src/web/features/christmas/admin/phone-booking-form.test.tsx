import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSeason } from '../../../../../tests/helpers/seed-content.ts';
import type { ChristmasSeatsOverview, StoredChristmasBooking } from '../../../../shared/christmas/schemas.ts';
import { PhoneBookingForm } from './phone-booking-form.tsx';

const ALERT = 'Please fill contact, party and allocate each course equal to total guests.';

const seats: ChristmasSeatsOverview = {
  'xmas-early': {
    capacity: 30,
    booked: 12,
    held: 2,
    remaining: 16,
    closed: false,
    pastCutoff: false,
    closure: null,
  },
  'xmas-late': {
    capacity: 32,
    booked: 32,
    held: 0,
    remaining: 0,
    closed: true,
    pastCutoff: false,
    closure: { _id: 'c1', sittingId: 'xmas-late', reason: '', createdAt: '2026-12-01T10:00:00.000Z' },
  },
};

function storedBooking(body: Record<string, unknown>): StoredChristmasBooking {
  return {
    ...(body as unknown as StoredChristmasBooking),
    _id: 'x1',
    reference: 'XMAS-7KQ2',
    sittingId: 'xmas-early',
    sittingLabel: '12:00 – 2:00 PM',
    partySize: 4,
    status: 'CONFIRMED',
    source: 'phone',
    totalPence: 33_500,
    depositPaidPence: 0,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
  };
}

function stubCreate(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

function courseStatus(name: string) {
  const group = screen.getByRole('group', { name });
  return within(group).getByText(/allocate|allocated|too many|party first/);
}

async function fillContactAndParty(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Arthur Pennington');
  await user.type(screen.getByLabelText(/^Phone/), '0118 496 0555');
  await user.type(screen.getByLabelText(/^Email/), 'arthur@example.com');
  await user.selectOptions(screen.getByLabelText(/^Sitting/), 'xmas-early');
  await user.type(screen.getByLabelText('Adults'), '3');
  await user.type(screen.getByLabelText('Children'), '1');
}

async function allocate(user: ReturnType<typeof userEvent.setup>, dish: string, times: number) {
  for (let time = 0; time < times; time++) {
    await user.click(screen.getByRole('button', { name: `One more ${dish}` }));
  }
}

describe('the phone booking form', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the seats of each sitting in the sitting select', () => {
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    const sitting = screen.getByLabelText(/^Sitting/);
    expect(within(sitting).getByRole('option', { name: '12:00 – 2:00 PM — 16 left' })).toBeInTheDocument();
    expect(
      within(sitting).getByRole('option', { name: '2:30 – 4:30 PM — full, closed online' }),
    ).toBeInTheDocument();
  });

  it('counts, course by course, how many dishes are still to allocate', async () => {
    const user = userEvent.setup();
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    for (const course of ['Starters', 'Mains', 'Desserts']) {
      expect(courseStatus(course)).toHaveTextContent('Add the party first');
    }
    expect(screen.getByRole('button', { name: 'One more Roast Norfolk turkey' })).toBeDisabled();

    await user.type(screen.getByLabelText('Adults'), '3');
    await user.type(screen.getByLabelText('Children'), '1');
    expect(screen.getByText('4 guests')).toBeInTheDocument();
    for (const course of ['Starters', 'Mains', 'Desserts']) {
      expect(courseStatus(course)).toHaveTextContent('4 still to allocate');
    }

    await allocate(user, 'Roast Norfolk turkey', 3);
    expect(courseStatus('Mains')).toHaveTextContent('1 still to allocate');
    expect(screen.getByLabelText('Roast Norfolk turkey')).toHaveValue(3);
    await allocate(user, 'Pan-roasted sea bass', 1);
    expect(courseStatus('Mains')).toHaveTextContent('✓ All 4 allocated');
    expect(screen.getByRole('button', { name: 'One more Slow-braised lamb shank' })).toBeDisabled();

    // A count can be typed as well; too many is said plainly.
    const seaBass = screen.getByLabelText('Pan-roasted sea bass');
    await user.clear(seaBass);
    await user.type(seaBass, '3');
    expect(courseStatus('Mains')).toHaveTextContent('2 too many');
    await user.click(screen.getByRole('button', { name: 'One fewer Pan-roasted sea bass' }));
    await user.click(screen.getByRole('button', { name: 'One fewer Pan-roasted sea bass' }));
    expect(courseStatus('Mains')).toHaveTextContent('All 4 allocated');

    // The party shrinking leaves the course over-allocated until staff fix it.
    await user.clear(screen.getByLabelText('Children'));
    expect(courseStatus('Mains')).toHaveTextContent('1 too many');
    expect(courseStatus('Starters')).toHaveTextContent('3 still to allocate');

    await allocate(user, 'British cheese board', 2);
    expect(screen.getByText(/· £305\.00 to pay on the day \(with 2 cheese boards\)/)).toBeInTheDocument();
  });

  it('alerts the spec’s text and sends nothing while contact, party or a course is incomplete', async () => {
    const user = userEvent.setup();
    const sent = stubCreate(() => Response.json({}, { status: 201 }));
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    const add = screen.getByRole('button', { name: 'Add booking' });

    await user.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT);

    await fillContactAndParty(user);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await allocate(user, 'Classic prawn cocktail', 4);
    await allocate(user, 'Roast Norfolk turkey', 4);
    await allocate(user, 'Christmas pudding', 3);
    await user.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT);
    expect(screen.getByRole('alert').textContent).toBe(ALERT);
    expect(sent).toEqual([]);
  });

  it('takes staff to the first field to put right, marked and pointed at the alert', async () => {
    const user = userEvent.setup();
    stubCreate(() => Response.json({}, { status: 201 }));
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    const add = screen.getByRole('button', { name: 'Add booking' });

    await user.click(add);
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(ALERT);

    await user.type(name, 'Arthur Pennington');
    await user.type(screen.getByLabelText(/^Phone/), '0118 496 0555');
    await user.type(screen.getByLabelText(/^Email/), 'arthur@example.com');
    await user.click(add);
    expect(screen.getByLabelText(/^Sitting/)).toHaveFocus();
    expect(screen.getByLabelText(/^Sitting/)).toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(screen.getByLabelText(/^Sitting/), 'xmas-early');
    await user.click(add);
    expect(screen.getByLabelText('Adults')).toHaveFocus();

    await user.type(screen.getByLabelText('Adults'), '2');
    await allocate(user, 'Classic prawn cocktail', 2);
    await allocate(user, 'Roast Norfolk turkey', 2);
    await user.click(add);
    expect(
      within(screen.getByRole('group', { name: 'Desserts' })).getAllByRole('spinbutton')[0],
    ).toHaveFocus();
  });

  it('sends a complete booking, says so, resets and reports it', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    const sent = stubCreate((body) => Response.json(storedBooking(body), { status: 201 }));
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={onCreated} />);
    await fillContactAndParty(user);
    await allocate(user, 'Classic prawn cocktail', 4);
    await allocate(user, 'Roast Norfolk turkey', 3);
    await allocate(user, 'Chestnut & cranberry wellington', 1);
    await allocate(user, 'Christmas pudding', 3);
    await allocate(user, 'British cheese board', 1);
    await user.type(screen.getByLabelText('Allergies'), '  Nut allergy (child) ');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        sittingId: 'xmas-early',
        name: 'Arthur Pennington',
        phone: '0118 496 0555',
        email: 'arthur@example.com',
        partyAdults: 3,
        partyChildren: 1,
        selections: {
          starters: [{ item: 'prawn-cocktail', count: 4 }],
          mains: [
            { item: 'roast-turkey', count: 3 },
            { item: 'chestnut-wellington', count: 1 },
          ],
          desserts: [
            { item: 'christmas-pudding', count: 3 },
            { item: 'cheese-board', count: 1 },
          ],
        },
        allergies: 'Nut allergy (child)',
        occasionNotes: '',
        specialNotes: '',
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Booked XMAS-7KQ2: Arthur Pennington, 4 guests, 12:00 – 2:00 PM. A confirmation is on its way to arthur@example.com.',
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText('Roast Norfolk turkey')).toHaveValue(0);
    expect(courseStatus('Mains')).toHaveTextContent('Add the party first');
  });

  it('shows the server’s error when it refuses, and ‘Create failed’ when it gives none', async () => {
    const user = userEvent.setup();
    let answer = () => Response.json({ error: 'Only 2 seats left in this sitting.' }, { status: 409 });
    stubCreate(() => answer());
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    await fillContactAndParty(user);
    await allocate(user, 'Oak-smoked salmon', 4);
    await allocate(user, 'Slow-braised lamb shank', 4);
    await allocate(user, 'Sticky toffee pudding', 4);
    const add = screen.getByRole('button', { name: 'Add booking' });

    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 seats left in this sitting.');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Arthur Pennington');

    answer = () => new Response('Bad gateway', { status: 502 });
    await user.click(add);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Create failed'));
  });
});
