import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChristmasSeatsOverview, StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { seedSeason } from '#tests/helpers/seed-content.ts';
import { undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { PhoneBookingForm } from './phone-booking-form.tsx';

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
    sittingLabel: '12pm–2pm',
    partySize: 4,
    status: 'CONFIRMED',
    source: 'phone',
    totalPence: 33_500,
    depositPaidPence: body.depositMethod === 'waived' ? 0 : 10_000,
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

/** After a send, `field` is the one to fix: focused, marked invalid, and described by its problem. */
async function expectToFix(field: HTMLElement, problem: string | RegExp) {
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(problem);
}

function depositGroup() {
  return screen.getByRole('group', { name: /^Deposit/ });
}

async function fillContactAndParty(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Arthur Pennington');
  await user.type(screen.getByLabelText(/^Phone/), '0118 496 0555');
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
  undoStubsAfterEach();

  it('shows the seats of each sitting in the sitting select', () => {
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    const sitting = screen.getByLabelText(/^Sitting/);
    expect(within(sitting).getByRole('option', { name: '12pm–2pm — 16 left' })).toBeInTheDocument();
    expect(
      within(sitting).getByRole('option', { name: '2:30pm–4:30pm — full, closed online' }),
    ).toBeInTheDocument();
  });

  it('counts the mains still to allocate, and starters and desserts up to one each', async () => {
    const user = userEvent.setup();
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    for (const course of ['Starters', 'Mains', 'Desserts']) {
      expect(courseStatus(course)).toHaveTextContent('Add the party first');
    }
    expect(screen.getByRole('button', { name: 'One more Roast Norfolk turkey' })).toBeDisabled();

    await user.type(screen.getByLabelText('Adults'), '3');
    await user.type(screen.getByLabelText('Children'), '1');
    expect(screen.getByText('4 guests')).toBeInTheDocument();
    expect(courseStatus('Mains')).toHaveTextContent('4 still to allocate');
    expect(courseStatus('Starters')).toHaveTextContent('0 of up to 4 allocated');
    expect(courseStatus('Desserts')).toHaveTextContent('0 of up to 4 allocated');

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
    await allocate(user, 'Classic prawn cocktail', 1);
    await user.clear(screen.getByLabelText('Children'));
    expect(courseStatus('Mains')).toHaveTextContent('1 too many');
    expect(courseStatus('Starters')).toHaveTextContent('1 of up to 3 allocated');

    await allocate(user, 'British cheese board', 2);
    expect(screen.getByText(/· £305\.00 to pay on the day \(with 2 cheese boards\)/)).toBeInTheDocument();
  });

  it('asks for the deposit of the party, and takes what was paid off the day’s bill', async () => {
    const user = userEvent.setup();
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    expect(depositGroup()).toHaveAccessibleName('Deposit');
    await user.type(screen.getByLabelText('Adults'), '2');
    expect(depositGroup()).toHaveAccessibleName('Deposit of £50.00');
    const radios = within(depositGroup()).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Card by phone',
      'Cash',
      'Waived',
    ]);
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByText(/· £190\.00 to pay on the day/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    expect(screen.getByText(/· £140\.00 to pay on the day/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Waived' }));
    expect(screen.getByText(/· £190\.00 to pay on the day/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Card by phone' }));
    expect(screen.getByText(/· £140\.00 to pay on the day/)).toBeInTheDocument();
  });

  it('shows each problem under its own field, first the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const sent = stubCreate(() => Response.json({}, { status: 201 }));
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={() => {}} />);
    const add = screen.getByRole('button', { name: 'Add booking' });

    await user.click(add);
    const name = screen.getByLabelText(/^Name/);
    await expectToFix(name, 'Please enter the guest’s name.');

    await user.type(name, 'Arthur Pennington');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(add);
    await expectToFix(screen.getByLabelText(/^Phone/), 'Please enter a phone number or an e-mail address.');
    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText(/^Email/), 'arthur');
    await user.click(add);
    const email = screen.getByLabelText(/^Email/);
    await expectToFix(email, /^Please enter a valid email\./);

    await user.type(email, '@example.com');
    await user.click(add);
    const sitting = screen.getByLabelText(/^Sitting/);
    await expectToFix(sitting, 'Please choose a valid sitting.');

    await user.selectOptions(sitting, 'xmas-early');
    expect(sitting).not.toHaveAttribute('aria-invalid');
    await user.click(add);
    await expectToFix(screen.getByLabelText('Adults'), 'Party size must be at least 1.');

    await user.type(screen.getByLabelText('Adults'), '2');
    await allocate(user, 'Roast Norfolk turkey', 1);
    await user.click(add);
    const mains = screen.getByRole('group', { name: 'Mains' });
    await waitFor(() => expect(within(mains).getAllByRole('spinbutton')[0]).toHaveFocus());
    expect(mains).toHaveAccessibleDescription(
      expect.stringContaining('Please select exactly 2 mains (1 per guest).'),
    );

    await allocate(user, 'Roast Norfolk turkey', 1);
    expect(mains).not.toHaveAccessibleDescription(expect.stringContaining('Please select'));
    await user.click(add);
    await waitFor(() =>
      expect(within(depositGroup()).getByRole('radio', { name: 'Card by phone' })).toHaveFocus(),
    );
    expect(depositGroup()).toHaveAccessibleDescription('Please choose how the deposit was taken.');
    expect(sent).toEqual([]);
  });

  it('sends a complete booking with how the deposit was taken, says so, resets and reports it', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    const sent = stubCreate((body) => Response.json(storedBooking(body), { status: 201 }));
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={onCreated} />);
    await fillContactAndParty(user);
    await user.type(screen.getByLabelText(/^Email/), 'arthur@example.com');
    await allocate(user, 'Classic prawn cocktail', 4);
    await allocate(user, 'Roast Norfolk turkey', 3);
    await allocate(user, 'Chestnut & cranberry wellington', 1);
    await allocate(user, 'Christmas pudding', 3);
    await allocate(user, 'British cheese board', 1);
    await user.type(screen.getByLabelText('Allergies'), '  Nut allergy (child) ');
    await user.click(screen.getByRole('radio', { name: 'Card by phone' }));
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
        depositMethod: 'card-by-phone',
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Booked XMAS-7KQ2: Arthur Pennington, 4 guests, 12pm–2pm. A confirmation is on its way to arthur@example.com.',
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText('Roast Norfolk turkey')).toHaveValue(0);
    expect(screen.getByRole('radio', { name: 'Card by phone' })).not.toBeChecked();
    expect(courseStatus('Mains')).toHaveTextContent('Add the party first');
  });

  it('books a guest with a phone number alone, mains only, and says nothing was e-mailed', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    const sent = stubCreate((body) => Response.json(storedBooking(body), { status: 201 }));
    render(<PhoneBookingForm season={seedSeason} seats={seats} onCreated={onCreated} />);
    await fillContactAndParty(user);
    await allocate(user, 'Roast Norfolk turkey', 4);
    await user.click(screen.getByRole('radio', { name: 'Waived' }));
    await user.click(screen.getByRole('button', { name: 'Add booking' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(sent).toMatchObject([
      {
        phone: '0118 496 0555',
        email: '',
        selections: { starters: [], mains: [{ item: 'roast-turkey', count: 4 }], desserts: [] },
        depositMethod: 'waived',
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Booked XMAS-7KQ2: Arthur Pennington, 4 guests, 12pm–2pm. No confirmation was e-mailed: the booking has no e-mail address.',
    );
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
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    const add = screen.getByRole('button', { name: 'Add booking' });

    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 seats left in this sitting.');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Arthur Pennington');

    answer = () => new Response('Bad gateway', { status: 502 });
    await user.click(add);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Create failed'));
  });
});
