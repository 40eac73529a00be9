import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { StaffPayment } from '#shared/deposits/payment-schemas.ts';
import type { OccasionDay } from '#shared/occasions/admin-api.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { SIGNED_IN_OWNER } from '#tests/helpers/signed-in-staff.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const TUESDAY = '2026-12-08';
const LONG_NAME = 'Bartholomew Fotheringham-Smythe-Worthington';

const DAY = [
  storedBookingFixture({ _id: 'b1', name: 'Tom Adeyemi', timeSlot: '18:00' }),
  storedBookingFixture({
    _id: 'b2',
    name: LONG_NAME,
    timeSlot: '19:00',
    partyAdults: 4,
    partyChildren: 2,
    partySize: 6,
    allergies: 'Peanuts',
    occasion: 'Birthday',
  }),
];

/** Whether a class list hides the element below the md breakpoint, where the day view lays out as cards. */
function hiddenOnPhone(element: Element): boolean {
  return element.classList.contains('hidden') || element.classList.contains('max-md:sr-only');
}

/** A £40.00 deposit paid for Tom's table. */
const TOMS_DEPOSIT: StaffPayment = {
  bookingId: 'b1',
  state: 'paid',
  terms: {
    ruleId: 'december',
    ruleName: 'December evenings',
    kind: 'deposit',
    perPersonPence: 2000,
    guests: 2,
    amountPence: 4000,
    cancelHours: 48,
    freeUntil: '2026-12-06T19:00:00.000Z',
  },
  paidPence: 4000,
  refund: null,
  kept: null,
  released: false,
  fee: null,
  waived: null,
};

/** What GET /api/bookings answers for the day. */
let bookings: StoredBooking[];
/** What GET /api/admin/deposits/day answers for the day. */
let dayPayments: () => Response;
/** What GET /api/admin/occasions/day answers for the day. */
let occasionDay: () => Response;

beforeEach(() => {
  bookings = DAY;
  dayPayments = () => Response.json({ payments: [] });
  occasionDay = () => Response.json({ date: TUESDAY, occasions: [] } satisfies OccasionDay);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0];
      if (path === '/api/auth/me') return Response.json(SIGNED_IN_OWNER);
      if (path === '/api/bookings') return Response.json(bookings);
      if (path === '/api/admin/deposits/day') return dayPayments();
      if (path === '/api/admin/occasions/day') return occasionDay();
      return Response.json([]);
    }),
  );
});

/** The texts of a row's flags. */
function flagsOf(row: HTMLElement): (string | null)[] {
  return within(row)
    .queryAllByRole('listitem')
    .map((flag) => flag.textContent);
}

afterEach(() => vi.unstubAllGlobals());

describe('the day view on a phone', () => {
  it('lays each booking out as a card with its status and flags in view beside a long name', async () => {
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const dinner = await screen.findByRole('region', { name: 'Dinner' });
    const card = within(dinner).getByRole('row', { name: new RegExp(LONG_NAME) });
    expect(card).toHaveClass('grid', 'md:table-row');

    const status = within(card).getByRole('combobox', { name: `Status of ${LONG_NAME}, 7pm` });
    expect(status).toHaveClass('min-h-11');
    const flags = within(card).getByRole('list');
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((flag) => flag.textContent),
    ).toEqual(['Allergies', 'Birthday']);
    expect(card).toHaveTextContent('6 guests');
    for (const cell of [status, flags, within(card).getByText('6 guests')].map((shown) =>
      shown.closest('td'),
    )) {
      expect(cell && hiddenOnPhone(cell)).toBe(false);
    }
    // The column headings stay for screen readers while the cards show no header row.
    const headings = within(dinner).getAllByRole('columnheader');
    expect(headings[0]?.closest('thead')).toHaveClass('sr-only', 'md:not-sr-only');
  });

  it('keeps a card without flags in step with the column headings', async () => {
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const dinner = await screen.findByRole('region', { name: 'Dinner' });
    const card = within(dinner).getByRole('row', { name: /Tom Adeyemi/ });
    const cells = within(card).getAllByRole('cell');
    const flagsColumn = within(dinner)
      .getAllByRole('columnheader')
      .findIndex((heading) => heading.textContent === 'Flags');
    expect(cells[flagsColumn]).toHaveTextContent('—');
    expect(cells[flagsColumn]).toHaveClass('max-md:sr-only');
    expect(cells[flagsColumn]).not.toHaveClass('hidden');
  });
});

describe('the skip link', () => {
  it('is the first thing to focus in the page and takes the keyboard to the first booking', async () => {
    const user = userEvent.setup();
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const dinner = await screen.findByRole('region', { name: 'Dinner' });
    const main = screen.getByRole('main');
    const skip = screen.getByRole('link', { name: 'Skip to the bookings' });
    expect(main.querySelector('a[href], button, input, select')).toBe(skip);

    main.focus();
    await user.tab();
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(dinner).getByRole('button', { name: 'Tom Adeyemi' })).toHaveFocus());
  });

  it('is not offered on a day without bookings', async () => {
    bookings = [];
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    await screen.findByText('No dinner bookings.');
    expect(screen.queryByRole('link', { name: 'Skip to the bookings' })).not.toBeInTheDocument();
  });
});

describe('the day’s deposits and card guarantees', () => {
  it('flag each booking that has one, in a word, and ask again when the day is refreshed', async () => {
    const user = userEvent.setup();
    const awaiting: StaffPayment = { ...TOMS_DEPOSIT, bookingId: 'b2', state: 'awaiting', paidPence: 0 };
    dayPayments = () => Response.json({ payments: [TOMS_DEPOSIT, awaiting] });
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const dinner = await screen.findByRole('region', { name: 'Dinner' });
    const tom = within(dinner).getByRole('row', { name: /Tom Adeyemi/ });
    await waitFor(() => expect(flagsOf(tom)).toEqual(['Deposit £40.00 paid']));
    const long = within(dinner).getByRole('row', { name: new RegExp(LONG_NAME) });
    expect(flagsOf(long)).toEqual(['Allergies', 'Birthday', 'Awaiting payment']);
    // Tom's only flag is his deposit: his flags' cell is shown on a phone.
    expect(within(tom).getByText('Deposit £40.00 paid').closest('td')).not.toHaveClass('max-md:sr-only');

    dayPayments = () =>
      Response.json({ payments: [{ ...TOMS_DEPOSIT, kept: { reason: 'Late', by: 'Sam' } }] });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(flagsOf(tom)).toEqual(['Deposit £40.00 kept']));
    expect(flagsOf(long)).toEqual(['Allergies', 'Birthday']);
  });

  it('leave the day as it is, without them, when they cannot be had', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    dayPayments = () => Response.json({ error: 'Something went wrong' }, { status: 500 });
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const dinner = await screen.findByRole('region', { name: 'Dinner' });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Could not load the day’s payments', expect.anything()),
    );
    expect(within(dinner).getByRole('button', { name: 'Tom Adeyemi' })).toBeInTheDocument();
    expect(flagsOf(within(dinner).getByRole('row', { name: new RegExp(LONG_NAME) }))).toEqual([
      'Allergies',
      'Birthday',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('are not reported as a failure when staff signed out while they were on their way', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answered = false;
    dayPayments = () => {
      answered = true;
      return Response.json({ error: 'Unauthorized' }, { status: 401 });
    };
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    // The 401 sends staff to sign in, which may come before the day's bookings are shown.
    await waitFor(() => expect(answered).toBe(true));
    await act(async () => {});
    expect(logged).not.toHaveBeenCalledWith('Could not load the day’s payments', expect.anything());
    logged.mockRestore();
  });
});

describe('the day’s occasion parties', () => {
  const PARTY_NIGHTS: OccasionDay = {
    date: TUESDAY,
    occasions: [
      {
        slug: 'christmas-party-nights',
        name: 'Christmas party nights',
        countsTickets: false,
        sittings: [
          {
            sittingId: 'dinner',
            label: 'Dinner',
            start: '19:00',
            end: '22:30',
            guests: 18,
            parties: [
              { id: 'o1', reference: 'OC-7K2P9Q', name: 'Hartley', partySize: 12 },
              { id: 'o2', reference: 'OC-3M8XJD', name: LONG_NAME, partySize: 6 },
            ],
          },
        ],
      },
    ],
  };

  it('lists each sitting with its parties, sizes and references, and links to the occasions screen', async () => {
    const user = userEvent.setup();
    occasionDay = () => Response.json(PARTY_NIGHTS);
    const { location } = renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const part = await screen.findByRole('region', { name: 'Occasions on this day' });
    const sitting = within(part).getByRole('article', {
      name: 'Christmas party nights · Dinner · 7pm–10:30pm',
    });
    expect(sitting).toHaveTextContent('2 parties · 18 guests');
    const parties = within(sitting).getByRole('list', { name: 'Christmas party nights, Dinner: parties' });
    expect(
      within(parties)
        .getAllByRole('listitem')
        .map((party) => party.textContent),
    ).toEqual(['Hartley12 guests · OC-7K2P9Q', `${LONG_NAME}6 guests · OC-3M8XJD`]);
    // The table bookings are untouched: the parties are not counted among them.
    expect(await screen.findByText('2 bookings · 8 guests')).toBeInTheDocument();

    await user.click(
      within(sitting).getByRole('link', {
        name: 'Open on the occasions screen: Christmas party nights, Dinner',
      }),
    );
    expect(`${location().pathname}${location().search}`).toBe(
      `/admin/occasions?occasion=christmas-party-nights&date=${TUESDAY}`,
    );
  });

  it('counts a ticketed event’s parties in tickets', async () => {
    occasionDay = () =>
      Response.json({
        date: TUESDAY,
        occasions: [
          {
            slug: 'winter-supper-club',
            name: 'Winter supper club',
            countsTickets: true,
            sittings: [
              {
                sittingId: 'supper',
                label: 'Supper',
                start: '19:30',
                end: '23:00',
                guests: 5,
                parties: [
                  { id: 'o3', reference: 'OC-9QW2RT', name: 'Iris', partySize: 2 },
                  { id: 'o4', reference: 'OC-4HN7ZC', name: 'Jon', partySize: 3 },
                ],
              },
            ],
          },
        ],
      } satisfies OccasionDay);
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const part = await screen.findByRole('region', { name: 'Occasions on this day' });
    const sitting = within(part).getByRole('article', { name: 'Winter supper club · Supper · 7:30pm–11pm' });
    expect(sitting).toHaveTextContent('2 parties · 5 tickets');
    expect(
      within(sitting)
        .getAllByRole('listitem')
        .map((party) => party.textContent),
    ).toEqual(['Iris2 tickets · OC-9QW2RT', 'Jon3 tickets · OC-4HN7ZC']);
  });

  it('shows nothing on a day without any, says so when they cannot be loaded, and asks again on Refresh', async () => {
    const user = userEvent.setup();
    const fetched = vi.mocked(fetch);
    const view = renderRoute(`/admin/bookings?date=${TUESDAY}`);
    await screen.findByRole('region', { name: 'Dinner' });
    await waitFor(() =>
      expect(fetched.mock.calls.map(([input]) => String(input))).toContain(
        `/api/admin/occasions/day?date=${TUESDAY}`,
      ),
    );
    await act(async () => {});
    expect(screen.queryByRole('region', { name: /^Occasions/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    view.unmount();

    occasionDay = () => Response.json({ error: 'Something went wrong' }, { status: 500 });
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the occasion parties of this day. Please refresh.',
    );
    expect(await screen.findByRole('region', { name: 'Dinner' })).toBeInTheDocument();

    occasionDay = () => Response.json(PARTY_NIGHTS);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('region', { name: 'Occasions on this day' })).toHaveTextContent('Hartley');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the rest of the day when the parties come back unreadable', async () => {
    occasionDay = () => Response.json([]);
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the occasion parties of this day. Please refresh.',
    );
    expect(screen.getByRole('region', { name: 'Dinner' })).toBeInTheDocument();
  });
});
