import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { TILL_SETTLEMENT_MESSAGES, tillSettledText } from '#shared/money/till-settlement.ts';
import type { PrepSheet, StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Diner } from '#shared/occasions/api.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import type { OccasionClosure } from './staff-occasions-api.ts';

/** The seeded party nights (content/occasions.json): Fridays and Saturdays from 4 December 2026. */
const SLUG = 'christmas-party-nights';
const FIRST_FRIDAY = '2026-12-04';
const API = `/api/admin/occasions/${SLUG}`;

function diner(name: string, overrides: Partial<Diner> = {}): Diner {
  return {
    id: `d-${name.toLowerCase()}`,
    name,
    choices: { starter: 'winter-soup', main: 'roast-turkey', dessert: 'christmas-pudding' },
    allergies: '',
    chosenBy: 'diner',
    defaultedCourses: [],
    ...overrides,
  };
}

/** Hannah's office party: 12 at dinner, £120 deposit paid, 9 diners have chosen, one with a nut allergy. */
const office: StaffOccasionBooking = {
  id: 'b-office',
  reference: 'OCC-7KQ2',
  date: FIRST_FRIDAY,
  sittingId: 'dinner',
  sittingLabel: 'Dinner',
  name: 'Hannah Wells',
  email: 'hannah@example.com',
  phone: '07700 900321',
  adults: 12,
  children: 0,
  partySize: 12,
  status: 'CONFIRMED',
  source: 'online',
  totalPence: 45_600,
  paidPence: 12_000,
  paymentMethod: null,
  refundPence: null,
  tillRefundPence: null,
  supplementsPence: 350,
  notes: 'Near the fire please',
  allergies: 'Two guests are coeliac',
  occasionNotes: 'Office party',
  locked: false,
  comingConfirmed: true,
  diners: [
    diner('Priya', {
      allergies: 'Nuts',
      choices: { starter: 'smoked-salmon', main: 'sea-bass', dessert: 'lemon-posset' },
    }),
    ...['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal'].map((name) => diner(name)),
  ],
};

/** A family of 4 at lunch, booked by phone, the deposit waived. */
const family: StaffOccasionBooking = {
  ...office,
  id: 'b-family',
  reference: 'OCC-2XYZ',
  sittingId: 'lunch',
  sittingLabel: 'Lunch',
  name: 'Tom Adeyemi',
  email: '',
  adults: 4,
  partySize: 4,
  source: 'phone',
  totalPence: 15_200,
  paidPence: 0,
  paymentMethod: 'waived',
  notes: '',
  allergies: '',
  occasionNotes: '',
  comingConfirmed: false,
  diners: [],
};

/** Arthur's party of 12 at dinner, booked by phone and its £120.00 deposit taken by card, cancelled by staff. */
const cancelledByPhone: StaffOccasionBooking = {
  ...office,
  id: 'b-phone',
  reference: 'OCC-9PHN',
  name: 'Arthur Pennington',
  status: 'CANCELLED',
  source: 'phone',
  paymentMethod: 'card-by-phone',
  comingConfirmed: false,
  diners: [],
};

const prep: PrepSheet = {
  date: FIRST_FRIDAY,
  locked: false,
  sittings: [
    { sittingId: 'lunch', label: 'Lunch', covers: 4, notChosen: 4, courses: [], allergies: [] },
    {
      sittingId: 'dinner',
      label: 'Dinner',
      covers: 12,
      notChosen: 3,
      courses: [
        {
          courseId: 'starter',
          name: 'Starter',
          dishes: [
            { dishId: 'winter-soup', name: 'Roast winter vegetable soup', count: 8, defaulted: 0 },
            { dishId: 'smoked-salmon', name: 'Oak-smoked salmon', count: 1, defaulted: 0 },
          ],
        },
      ],
      allergies: [{ reference: 'OCC-7KQ2', diner: 'Priya', allergies: 'Nuts' }],
    },
  ],
};

/** A fake server for the date's bookings, prep counts and closures; `answer` goes first. */
function stubServer(options: { role?: StaffRole; answer?: Parameters<typeof stubStaffApi>[0] } = {}) {
  let closures: OccasionClosure[] = [];
  return stubStaffApi(
    (call) => {
      const answered = options.answer?.(call);
      if (answered) return answered;
      const { method, path, body } = call;
      if (method === 'GET' && path === `${API}/bookings`)
        return Response.json({ bookings: [office, family] });
      if (method === 'GET' && path === `${API}/prep`) return Response.json(prep);
      if (method === 'GET' && path.endsWith('/closures')) return Response.json({ closures });
      if (method === 'POST' && path === `${API}/closures`) {
        const closure = {
          id: 'c1',
          date: String(body?.date),
          sittingId: String(body?.sittingId),
          reason: String(body?.reason),
        };
        closures = [closure];
        return Response.json(closure, { status: 201 });
      }
      if (method === 'DELETE' && path === `${API}/closures/c1`) {
        closures = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
    { role: options.role },
  );
}

const sitting = (name: string) => screen.findByRole('region', { name: new RegExp(`^${name} ·`) });
const bookingOf = (name: string) => screen.findByRole('article', { name });

describe('the staff occasions screen', () => {
  undoStubsAfterEach();
  beforeEach(() => {
    // 20 November 2026: the party nights' first Friday is the next date, still before its refund cut-off.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on the next date, with each sitting’s covers, prep counts, allergies and bookings', async () => {
    const server = stubServer();
    renderRoute('/admin/occasions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Occasions' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Occasions' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Occasion')).toHaveValue(SLUG);
    // Christmas Day, one of the occasions, is booked and managed on its own screen.
    const offered = within(screen.getByLabelText('Occasion')).getAllByRole('option');
    expect(offered.map((option) => (option as HTMLOptionElement).value)).toEqual([
      'christmas-party-nights',
      'winter-supper-club',
    ]);
    expect(screen.getByLabelText('Date')).toHaveValue(FIRST_FRIDAY);
    expect(await screen.findByText('Diners choose until 11:59pm on Tuesday 24 November 2026.')).toBeVisible();

    const dinner = await sitting('Dinner');
    expect(dinner).toHaveTextContent('12 booked of 40 seats');
    expect(dinner).toHaveTextContent('3 diners still to choose');
    const allergies = within(dinner).getByRole('region', { name: '1 allergy' });
    expect(allergies).toHaveTextContent('Priya (OCC-7KQ2): Nuts');
    const counts = within(dinner).getByRole('region', { name: 'Prep counts' });
    expect(counts).toHaveTextContent('Roast winter vegetable soupdefault× 8');
    expect(counts).toHaveTextContent('Oak-smoked salmon× 1');

    expect(within(dinner).getByText('Open online')).toBeInTheDocument();
    const party = await bookingOf('Hannah Wells');
    // Both ways to reach the organiser, each a link.
    expect(within(party).getByRole('link', { name: '07700 900321' })).toHaveAttribute(
      'href',
      'tel:+447700900321',
    );
    expect(within(party).getByRole('link', { name: 'hannah@example.com' })).toHaveAttribute(
      'href',
      'mailto:hannah@example.com',
    );
    expect(party).toHaveTextContent('12 guests');
    expect(party).toHaveTextContent('Paid £120.00 of £456.00 · supplements £3.50 on the day');
    expect(party).toHaveTextContent('3 diners still to choose');
    expect(party).toHaveTextContent('Allergy: Nuts');
    expect(party).toHaveTextContent('Party allergies: Two guests are coeliac');
    expect(party).toHaveTextContent('Occasion notes: Office party');
    expect(within(party).getByText(COMING_MESSAGES.staffTickLabel)).toBeInTheDocument();
    expect(party).toHaveTextContent('Main: Pan-roasted sea bass');
    expect(within(party).getByRole('button', { name: 'Change dishes for Priya' })).toBeVisible();

    const lunch = await sitting('Lunch');
    expect(lunch).toHaveTextContent('4 booked of 40 seats');
    const tom = within(lunch).getByRole('article', { name: 'Tom Adeyemi' });
    expect(tom).toHaveTextContent('Paid £0.00 of £152.00 (waived)');
    expect(tom).not.toHaveTextContent('Party allergies');
    expect(within(tom).queryByText(COMING_MESSAGES.staffTickLabel)).not.toBeInTheDocument();

    const downloads = screen.getByRole('navigation', { name: 'Downloads' });
    expect(within(downloads).getByRole('link', { name: /^Print all sheets/ })).toHaveAttribute(
      'href',
      `${API}/sheets?date=${FIRST_FRIDAY}`,
    );
    expect(within(downloads).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${API}/bookings.csv?date=${FIRST_FRIDAY}`,
    );
    expect(within(dinner).getByRole('link', { name: /^Print Dinner sheets/ })).toHaveAttribute(
      'href',
      `${API}/sheets?date=${FIRST_FRIDAY}&sittingId=dinner`,
    );
    expect(server.urlsFrom(`${API}/prep`)).toEqual([`${API}/prep?date=${FIRST_FRIDAY}`]);
  });

  it('shows another date when staff choose it', async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderRoute('/admin/occasions');
    await sitting('Dinner');
    await user.selectOptions(screen.getByLabelText('Date'), '2026-12-11');
    await waitFor(() =>
      expect(server.urlsFrom(`${API}/bookings`)).toContain(`${API}/bookings?date=2026-12-11`),
    );
  });

  it('takes a phone booking: the right body, and the server’s refusal under its field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const server = stubServer({
      answer: ({ method, path, body }) => {
        if (method !== 'POST' || path !== `${API}/bookings`) return undefined;
        if (refuse) {
          const error = 'Only 3 seats are left at that sitting.';
          return Response.json({ error, issues: [{ path: 'sittingId', message: error }] }, { status: 409 });
        }
        return Response.json(
          {
            ...family,
            id: 'b-new',
            reference: 'OCC-NEW1',
            sittingId: 'dinner',
            sittingLabel: 'Dinner',
            name: String(body?.name),
            children: 1,
            partySize: 5,
          },
          { status: 201 },
        );
      },
    });
    renderRoute('/admin/occasions');
    await user.click(within(await sitting('Lunch')).getByRole('link', { name: 'Add a phone booking' }));
    const form = await screen.findByRole('form', { name: 'New phone booking' });
    expect(within(form).getByRole('radio', { name: /^Lunch/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Lunch/ })).toHaveAccessibleDescription('36 seats left');

    await user.click(within(form).getByRole('button', { name: 'Add booking' }));
    expect(
      await within(form).findByText(
        'Please include at least 1 adult: children must be accompanied by an adult.',
      ),
    ).toBeVisible();
    expect(server.bodiesOf('POST')).toEqual([]);

    await user.type(within(form).getByLabelText(/^Adults/), '4');
    await user.type(within(form).getByLabelText('Children'), '1');
    expect(form).toHaveTextContent('4 adults and 1 child · £171.00 · £50.00 due ahead');
    await user.type(within(form).getByLabelText(/^Name/), 'Sam Jones');
    await user.type(within(form).getByLabelText('Phone'), '07700 900123');
    await user.type(within(form).getByLabelText('Allergies in the party'), 'One guest is coeliac ');
    await user.type(within(form).getByLabelText('Occasion notes'), 'Golden wedding');
    await user.click(within(form).getByRole('button', { name: 'Add booking' }));
    const deposit = within(form).getByRole('group', { name: /^Deposit of £50\.00/ });
    expect(deposit).toHaveAccessibleDescription('Please choose how the deposit was taken.');
    expect(server.bodiesOf('POST')).toEqual([]);
    await user.click(within(deposit).getByRole('radio', { name: 'Cash' }));
    await user.click(within(form).getByRole('button', { name: 'Add booking' }));

    const sittingField = within(form).getByRole('group', { name: /^Sitting/ });
    await waitFor(() =>
      expect(sittingField).toHaveAccessibleDescription('Only 3 seats are left at that sitting.'),
    );
    expect(server.bodiesOf('POST')).toEqual([
      {
        date: FIRST_FRIDAY,
        sittingId: 'lunch',
        adults: 4,
        children: 1,
        name: 'Sam Jones',
        phone: '07700 900123',
        email: '',
        allergies: 'One guest is coeliac',
        occasionNotes: 'Golden wedding',
        notes: '',
        paymentMethod: 'cash',
      },
    ]);

    refuse = false;
    await user.click(within(form).getByRole('radio', { name: /^Dinner/ }));
    await user.click(within(form).getByRole('button', { name: 'Add booking' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Booked: Sam Jones, 4 adults and 1 child, Dinner on Friday 4 December 2026 (OCC-NEW1).',
    );
    expect(server.bodiesOf('POST')[1]).toMatchObject({ sittingId: 'dinner', paymentMethod: 'cash' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('');
  });

  it('asks before cancelling, saying what the terms refund, and sends nothing when staff keep it', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      answer: ({ method, path }) =>
        method === 'POST' && path === '/api/admin/occasions/bookings/b-office/cancel'
          ? Response.json({
              status: 'CANCELLED',
              refundPence: 12_000,
              message: 'The booking is cancelled. £120.00 is being refunded to the card.',
            })
          : undefined,
    });
    renderRoute('/admin/occasions');
    const party = await bookingOf('Hannah Wells');

    await user.click(within(party).getByRole('button', { name: 'Cancel booking for Hannah Wells' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('radio', { name: 'Refund £120.00, as the terms say' })).toBeChecked();
    expect(dialog).toHaveTextContent('the refund cut-off is the end of Friday 20 November 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.bodiesOf('POST')).toEqual([]);

    await user.click(within(party).getByRole('button', { name: 'Cancel booking for Hannah Wells' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The booking is cancelled. £120.00 is being refunded to the card.',
    );
    expect(server.sent).toContainEqual({
      method: 'POST',
      url: '/api/admin/occasions/bookings/b-office/cancel',
      body: { refund: 'terms' },
    });
  });

  it('says money taken by staff is settled at the till, offering no online refund', async () => {
    const user = userEvent.setup();
    const byPhone: StaffOccasionBooking = {
      ...office,
      id: 'b-phone',
      name: 'Arthur Pennington',
      source: 'phone',
      paymentMethod: 'card-by-phone',
    };
    stubServer({
      answer: ({ method, path }) =>
        method === 'GET' && path === `${API}/bookings`
          ? Response.json({ bookings: [byPhone, family] })
          : undefined,
    });
    renderRoute('/admin/occasions');
    const party = await bookingOf('Arthur Pennington');
    await user.click(within(party).getByRole('button', { name: 'Cancel booking for Arthur Pennington' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent(
      'The £120.00 paid to staff is not refunded online: settle it at the till.',
    );
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/refunded in full/);
  });

  it('asks whether a cancelled booking’s money staff took was given back at the till or kept, and records it', async () => {
    const user = userEvent.setup();
    let phoned: StaffOccasionBooking = { ...cancelledByPhone };
    const server = stubServer({
      answer: ({ method, path, body }) => {
        if (method === 'GET' && path === `${API}/bookings`)
          return Response.json({ bookings: [office, phoned] });
        if (method === 'POST' && path === '/api/admin/occasions/bookings/b-phone/till-settlement') {
          phoned = { ...phoned, tillRefundPence: body?.outcome === 'given-back' ? phoned.paidPence : 0 };
          return Response.json(phoned);
        }
        return undefined;
      },
    });
    renderRoute('/admin/occasions');
    const party = await bookingOf('Arthur Pennington');
    expect(party).toHaveTextContent(
      'The £120.00 paid to staff is not refunded online: settle it at the till.',
    );
    const question = within(party).getByRole('group', { name: TILL_SETTLEMENT_MESSAGES.question });
    expect(
      within(question).getByRole('button', { name: 'Kept for Arthur Pennington, OCC-9PHN' }),
    ).toHaveClass('min-h-11');
    expect(
      within(await bookingOf('Hannah Wells')).queryByRole('button', { name: /^(Given back|Kept) for/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(question).getByRole('button', { name: 'Given back for Arthur Pennington, OCC-9PHN' }),
    );
    expect(server.sent).toContainEqual({
      method: 'POST',
      url: '/api/admin/occasions/bookings/b-phone/till-settlement',
      body: { outcome: 'given-back' },
    });
    expect(await within(party).findByText(tillSettledText(12_000, 12_000))).toBeInTheDocument();
    expect(within(party).queryByRole('button', { name: /^(Given back|Kept) for/ })).not.toBeInTheDocument();
    expect(party).not.toHaveTextContent('settle it at the till');
    expect(screen.getByRole('status')).toHaveTextContent(TILL_SETTLEMENT_MESSAGES.settled('OCC-9PHN'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks nothing of the till for money paid online, nothing paid, or a settlement already recorded', async () => {
    stubServer({
      answer: ({ method, path }) =>
        method === 'GET' && path === `${API}/bookings`
          ? Response.json({
              bookings: [
                { ...office, status: 'CANCELLED' },
                { ...family, status: 'CANCELLED' },
                { ...cancelledByPhone, tillRefundPence: 0 },
              ],
            })
          : undefined,
    });
    renderRoute('/admin/occasions');
    const arthur = await bookingOf('Arthur Pennington');
    expect(arthur).toHaveTextContent(tillSettledText(12_000, 0));
    for (const party of [arthur, await bookingOf('Hannah Wells'), await bookingOf('Tom Adeyemi')]) {
      expect(within(party).queryByRole('button', { name: /^(Given back|Kept) for/ })).not.toBeInTheDocument();
      expect(party).not.toHaveTextContent('settle it at the till');
    }
  });

  it('shows the server’s refusal of a till settlement and leaves the question asked', async () => {
    const user = userEvent.setup();
    stubServer({
      answer: ({ method, path }) => {
        if (method === 'GET' && path === `${API}/bookings`)
          return Response.json({ bookings: [office, cancelledByPhone] });
        if (method === 'POST' && path.endsWith('/till-settlement'))
          return Response.json({ error: TILL_SETTLEMENT_MESSAGES.notCancelled }, { status: 409 });
        return undefined;
      },
    });
    renderRoute('/admin/occasions');
    const party = await bookingOf('Arthur Pennington');
    await user.click(within(party).getByRole('button', { name: 'Kept for Arthur Pennington, OCC-9PHN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TILL_SETTLEMENT_MESSAGES.notCancelled);
    expect(
      within(party).getByRole('button', { name: 'Kept for Arthur Pennington, OCC-9PHN' }),
    ).toBeInTheDocument();
    expect(party).toHaveTextContent('settle it at the till');
  });

  it('says a sitting past its online deadline no longer sells online', async () => {
    // 25 November: the first Friday's pre-order deadline (the end of 24 November) has passed.
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    stubServer();
    renderRoute(`/admin/occasions?occasion=${SLUG}&date=${FIRST_FRIDAY}`);
    const dinner = await sitting('Dinner');
    expect(within(dinner).getByText('Past online deadline')).toBeInTheDocument();
    expect(within(dinner).queryByText('Open online')).not.toBeInTheDocument();
  });

  it('keeps the cancel dialog open with the server’s words when the cancel fails', async () => {
    const user = userEvent.setup();
    stubServer({
      answer: ({ method, path }) =>
        method === 'POST' && path.endsWith('/cancel')
          ? Response.json({ error: 'This booking is already cancelled.' }, { status: 409 })
          : undefined,
    });
    renderRoute('/admin/occasions');
    await user.click(
      within(await bookingOf('Hannah Wells')).getByRole('button', {
        name: 'Cancel booking for Hannah Wells',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Keep the £120.00 all the same' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This booking is already cancelled.');
  });

  it('closes a sitting with a reason, and reopens it', async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderRoute('/admin/occasions');
    const dinner = await sitting('Dinner');
    await user.click(within(dinner).getByRole('button', { name: 'Close Dinner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Dinner on Friday 4 December 2026?' });
    await user.type(within(dialog).getByRole('textbox'), 'Private hire');
    await user.click(within(dialog).getByRole('button', { name: 'Close sitting' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Closed Dinner online.');
    expect(server.bodiesOf('POST')).toEqual([
      { date: FIRST_FRIDAY, sittingId: 'dinner', reason: 'Private hire' },
    ]);
    await waitFor(() => expect(dinner).toHaveTextContent('Closed by staff: Private hire'));
    expect(dinner).toHaveTextContent('Closed online');

    await user.click(within(dinner).getByRole('button', { name: 'Reopen Dinner' }));
    await waitFor(() => expect(within(dinner).getByRole('button', { name: 'Close Dinner' })).toBeVisible());
    expect(server.sent).toContainEqual(
      expect.objectContaining({ method: 'DELETE', url: `${API}/closures/c1` }),
    );
  });

  it('changes a diner’s dishes by phone', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      answer: ({ method, path, body }) =>
        method === 'PUT' && path === '/api/admin/occasions/bookings/b-office/diners/d-priya'
          ? Response.json({ ...office.diners[0], ...body, chosenBy: 'staff', defaultedCourses: [] })
          : undefined,
    });
    renderRoute('/admin/occasions');
    await user.click(
      within(await bookingOf('Hannah Wells')).getByRole('button', { name: 'Change dishes for Priya' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Priya’s dishes' });
    expect(within(dialog).getByLabelText(/^Main/)).toHaveValue('sea-bass');
    expect(
      within(dialog).getByRole('option', { name: 'Roast Norfolk turkey (default)' }),
    ).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Main/), 'nut-roast');
    await user.click(within(dialog).getByRole('button', { name: 'Save dishes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved Priya’s dishes.');
    expect(server.bodiesOf('PUT')).toEqual([
      {
        name: 'Priya',
        email: '',
        allergies: 'Nuts',
        choices: { starter: 'smoked-salmon', main: 'nut-roast', dessert: 'lemon-posset' },
      },
    ]);
  });

  it('adds a diner to a party with places left, asking for a dish of every course', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      answer: ({ method, path, body }) =>
        method === 'POST' && path === '/api/admin/occasions/bookings/b-office/diners'
          ? Response.json({ ...diner('Zed'), ...body, chosenBy: 'staff' }, { status: 201 })
          : undefined,
    });
    renderRoute('/admin/occasions');
    await user.click(
      within(await bookingOf('Hannah Wells')).getByRole('button', {
        name: 'Add a diner to Hannah Wells’s party',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a diner' });
    // A diner has a dish of every course: nothing offers to leave one unchosen, and each says what to choose.
    for (const course of ['Starter', 'Main', 'Dessert']) {
      const dishes = within(dialog).getByRole('combobox', { name: new RegExp(`^${course}`) });
      expect(dishes).toBeRequired();
      const unchosen = within(dishes).getByRole('option', { name: `Choose a ${course.toLowerCase()}` });
      expect(unchosen).toBeDisabled();
      expect(unchosen).toHaveProperty('selected', true);
      expect(within(dishes).queryByRole('option', { name: 'Not chosen yet' })).not.toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText(/^Diner’s name/), 'Zed');
    await user.selectOptions(within(dialog).getByLabelText(/^Starter/), 'winter-soup');
    await user.selectOptions(within(dialog).getByLabelText(/^Main/), 'roast-turkey');
    await user.click(within(dialog).getByRole('button', { name: 'Save dishes' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Dessert/)).toHaveAccessibleDescription(
        'Please choose a dessert.',
      ),
    );
    expect(server.bodiesOf('POST')).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText(/^Dessert/), 'cheese-plate');
    await user.type(within(dialog).getByLabelText('Allergies'), 'Shellfish');
    await user.click(within(dialog).getByRole('button', { name: 'Save dishes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved Zed’s dishes.');
    expect(server.bodiesOf('POST')).toEqual([
      {
        name: 'Zed',
        email: '',
        allergies: 'Shellfish',
        choices: { starter: 'winter-soup', main: 'roast-turkey', dessert: 'cheese-plate' },
      },
    ]);
  });

  it('changes a party’s numbers by phone, showing what is left to pay, and refuses fewer guests than diners', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      answer: ({ method, path, body }) =>
        method === 'POST' && path === '/api/admin/occasions/bookings/b-office/party'
          ? Response.json({ ...office, ...body, partySize: 14, totalPence: 49_400 })
          : undefined,
    });
    renderRoute('/admin/occasions');
    await user.click(
      within(await bookingOf('Hannah Wells')).getByRole('button', {
        name: 'Change party for Hannah Wells',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Hannah Wells’s party' });
    const adults = within(dialog).getByLabelText(/^Adults/);
    expect(adults).toHaveValue(12);
    await user.clear(adults);
    await user.type(adults, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save party' }));
    await waitFor(() =>
      expect(adults).toHaveAccessibleDescription(
        '9 diners have chosen already: remove 1 diner before making the party 8.',
      ),
    );
    expect(server.bodiesOf('POST')).toEqual([]);

    await user.clear(adults);
    await user.type(adults, '12');
    await user.type(within(dialog).getByLabelText(/^Children/), '{Backspace}2');
    expect(within(dialog).getByText(/left to pay on the day/)).toHaveTextContent(
      '12 adults and 2 children · £494.00 · £120.00 paid · £377.50 left to pay on the day',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save party' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Hannah Wells now has 12 adults and 2 children.',
    );
    expect(server.bodiesOf('POST')).toEqual([{ adults: 12, children: 2 }]);
  });

  it('takes a diner off a party after asking', async () => {
    const user = userEvent.setup();
    let removed = false;
    const server = stubServer({
      answer: ({ method, path }) => {
        if (method === 'DELETE' && path === '/api/admin/occasions/bookings/b-office/diners/d-priya') {
          removed = true;
          return new Response(null, { status: 204 });
        }
        if (removed && method === 'GET' && path === `${API}/bookings`) {
          const diners = office.diners.filter((diner) => diner.id !== 'd-priya');
          return Response.json({ bookings: [{ ...office, diners }, family] });
        }
        return undefined;
      },
    });
    renderRoute('/admin/occasions');
    await user.click(within(await bookingOf('Hannah Wells')).getByRole('button', { name: 'Take off Priya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Priya off the party?' });
    expect(dialog).toHaveTextContent(
      'The party stays at 12 adults: change the party’s numbers too if they are not coming.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Take off' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Priya is removed from the party.');
    // Her row and its button are gone: the notice takes the focus rather than the page.
    await waitFor(() => expect(notice.parentElement).toHaveFocus());
    expect(server.sent.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/admin/occasions/bookings/b-office/diners/d-priya',
    ]);
  });

  it('offers staff below manager no cancel, no closing and no CSV', async () => {
    stubServer({ role: 'staff' });
    renderRoute('/admin/occasions');
    const dinner = await sitting('Dinner');
    await bookingOf('Hannah Wells');
    expect(within(dinner).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(within(dinner).queryByRole('button', { name: 'Close Dinner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(within(dinner).getByRole('link', { name: 'Add a phone booking' })).toBeVisible();
  });

  it('shows a ticketed event as the list at the door, without prep counts', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      answer: ({ method, path }) =>
        method === 'GET' && path === '/api/admin/occasions/winter-supper-club/bookings'
          ? Response.json({
              bookings: [
                {
                  ...family,
                  date: '2027-01-22',
                  sittingId: 'supper',
                  sittingLabel: 'Supper',
                  name: 'Rosa Lind',
                  adults: 2,
                  partySize: 2,
                  totalPence: 9000,
                  paidPence: 9000,
                },
              ],
            })
          : undefined,
    });
    renderRoute('/admin/occasions');
    await sitting('Dinner');
    await user.selectOptions(screen.getByLabelText('Occasion'), 'winter-supper-club');
    const supper = await sitting('Supper');
    expect(await within(supper).findByText('Tickets at the door')).toBeVisible();
    expect(supper).toHaveTextContent('2 tickets sold of 24 seats');
    expect(screen.getByText('1 booking · 2 tickets')).toBeVisible();
    expect(supper).toHaveTextContent('Rosa Lind × 2');
    expect(supper).toHaveTextContent('Paid £90.00 of £90.00');
    expect(server.urlsFrom('/api/admin/occasions/winter-supper-club/prep')).toEqual([]);

    // Tickets are counted as tickets: fewer than were paid for is refused before anything is sent.
    await user.click(within(supper).getByRole('button', { name: 'Change tickets for Rosa Lind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Rosa Lind’s tickets' });
    const tickets = within(dialog).getByLabelText(/^Tickets/);
    expect(within(dialog).queryByLabelText(/^Children/)).not.toBeInTheDocument();
    await user.clear(tickets);
    await user.type(tickets, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save tickets' }));
    await waitFor(() =>
      expect(tickets).toHaveAccessibleDescription(
        '£90.00 has been paid, more than £45.00 for 1 ticket. To give money back, cancel the booking and book again.',
      ),
    );
    await user.clear(tickets);
    await user.type(tickets, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save tickets' }));
    await waitFor(() =>
      expect(tickets).toHaveAccessibleDescription(
        'Keep at least 1 ticket: to give up every ticket, cancel the booking.',
      ),
    );
    expect(server.bodiesOf('POST')).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(within(supper).getByRole('button', { name: 'Cancel Rosa Lind’s booking' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(cancel).toHaveTextContent('Rosa Lind, OCC-');
    expect(cancel).toHaveTextContent(/, 2 tickets\./);
  });

  it('takes a ticketed event’s phone booking in tickets, and confirms it in tickets', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      answer: ({ method, path, body }) =>
        method === 'POST' && path === '/api/admin/occasions/winter-supper-club/bookings'
          ? Response.json(
              {
                ...family,
                id: 'b-tickets',
                reference: 'OCC-TIX1',
                date: '2027-01-22',
                sittingId: 'supper',
                sittingLabel: 'Supper',
                name: String(body?.name),
                adults: Number(body?.adults),
                partySize: Number(body?.adults),
              },
              { status: 201 },
            )
          : undefined,
    });
    renderRoute('/admin/occasions?occasion=winter-supper-club&date=2027-01-22&task=book&sitting=supper');
    const form = await screen.findByRole('form', { name: 'New phone booking' });

    const book = async (name: string, tickets: string, price: string) => {
      await user.type(within(form).getByLabelText(/^Tickets/), tickets);
      expect(form).toHaveTextContent(price);
      await user.type(within(form).getByLabelText(/^Name/), name);
      await user.type(within(form).getByLabelText('Phone'), '07700 900456');
      await user.click(within(form).getByRole('radio', { name: 'Cash' }));
      await user.click(within(form).getByRole('button', { name: 'Add booking' }));
      return within(form).findByRole('status');
    };
    expect(await book('Rosa Lind', '2', '2 tickets · £90.00 · £90.00 due ahead')).toHaveTextContent(
      'Booked: Rosa Lind, 2 tickets, Supper on Friday 22 January 2027 (OCC-TIX1).',
    );
    expect(await book('Ivo Marsh', '1', '1 ticket · £45.00 · £45.00 due ahead')).toHaveTextContent(
      'Booked: Ivo Marsh, 1 ticket, Supper on Friday 22 January 2027 (OCC-TIX1).',
    );
    expect(server.bodiesOf('POST')).toMatchObject([{ adults: 2 }, { adults: 1 }]);
  });
});
