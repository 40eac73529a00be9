import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMenuOccasions } from '#shared/christmas/occasion.ts';
import type { OccasionPage } from '#shared/occasions/api.ts';
import { occasionDates } from '#shared/occasions/rules.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { fakeApi } from './fake-api.ts';

const [partyNights, supperClub] = setMenuOccasions(seedContent.occasions.occasions) as [
  OccasionPage['occasion'],
  OccasionPage['occasion'],
];

/** The page's answer: every date open with `remaining` seats, unless `change` says otherwise. */
function pageOf(
  occasion: OccasionPage['occasion'],
  remaining = 40,
  adjust: (date: OccasionPage['dates'][number]) => void = () => {},
): OccasionPage {
  return {
    occasion,
    dates: occasionDates(occasion).map((date) => {
      const day = {
        date,
        preOrderDeadline: `${date}T00:00:00.000Z`,
        refundCutoff: `${date}T00:00:00.000Z`,
        bookable: true,
        sittings: occasion.sittings.map((sitting) => ({
          sittingId: sitting.id,
          seats: sitting.seats,
          remaining,
          closed: false,
        })),
      };
      adjust(day);
      return day;
    }),
  };
}

type Day = OccasionPage['dates'][number];

/** One sitting of a day, changed. */
function change(day: Day, sittingId: string, seats: Partial<Day['sittings'][number]>) {
  day.sittings = day.sittings.map((sitting) =>
    sitting.sittingId === sittingId ? { ...sitting, ...seats } : sitting,
  );
}

function serve(page: OccasionPage | null, booking?: () => Response) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const sent = fakeApi(({ method, url }) => {
    if (method === 'GET' && url === `/api/occasions/${page?.occasion.slug ?? 'gone'}`) {
      return page
        ? Response.json(page)
        : Response.json({ error: 'We could not find that occasion.' }, { status: 404 });
    }
    if (method === 'POST' && url === `/api/occasions/${page?.occasion.slug}/bookings`) {
      return (
        booking?.() ?? Response.json({ url: 'https://checkout.stripe.test/c/pay/cs_9' }, { status: 201 })
      );
    }
    return undefined;
  });
  return { sent, assign };
}

afterEach(() => vi.unstubAllGlobals());

async function openPartyNights(page = pageOf(partyNights), query = '') {
  const server = serve(page);
  renderRoute(`/occasions/christmas-party-nights${query}`);
  const form = await screen.findByRole('form', { name: 'Book a table: Christmas party nights' });
  return { ...server, form };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.selectOptions(within(form).getByLabelText(/^Date/), '2026-12-11');
  await user.selectOptions(within(form).getByLabelText(/^Sitting/), 'dinner');
  await user.clear(within(form).getByLabelText(/^Adults/));
  await user.type(within(form).getByLabelText(/^Adults/), '12');
  await user.type(within(form).getByLabelText(/^Name/), 'Mary Crawley');
  await user.type(within(form).getByLabelText(/^Email/), 'mary@example.com');
  await user.type(within(form).getByLabelText(/^Phone/), '07700 900123');
}

describe('/occasions/:slug', () => {
  it('shows the menu by course, each dish with its description, allergens and supplement', async () => {
    await openPartyNights();
    const menu = screen.getByRole('region', { name: 'The menu' });
    for (const course of ['Starter', 'Main', 'Dessert']) {
      expect(within(menu).getByRole('heading', { name: course })).toBeInTheDocument();
    }
    const nutRoast = within(menu).getByText('Chestnut and cranberry roast').closest('li') as HTMLElement;
    expect(nutRoast).toHaveTextContent('Roast potatoes and vegetable gravy (v)');
    expect(nutRoast).toHaveTextContent('Contains: celery, gluten, tree nuts');
    const cheese = within(menu).getByText('Cheese plate').closest('li') as HTMLElement;
    expect(cheese).toHaveTextContent('+£3.50 supplement');
    expect(within(menu).getByText('Not chosen by the deadline: Roast Norfolk turkey.')).toBeInTheDocument();
  });

  it('says the prices, what is paid now and the terms before the booking form', async () => {
    const { form } = await openPartyNights();
    const terms = screen.getByRole('region', { name: 'Prices & terms' });
    expect(within(terms).getByText('An adult').nextSibling).toHaveTextContent('£38.00');
    expect(within(terms).getByText('A child').nextSibling).toHaveTextContent('£19.00');
    expect(within(terms).getByText('Paid when you book').nextSibling).toHaveTextContent('£10.00 a head');
    expect(terms).toHaveTextContent(
      'A deposit of £10.00 a head is paid when you book; the rest is paid on the day.',
    );
    expect(terms).toHaveTextContent(/Every diner.s choices are due ten days before your date/);
    expect(terms.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists the dates by month with each sitting’s seats, fully booked or closed', async () => {
    await openPartyNights(
      pageOf(partyNights, 40, (day) => {
        if (day.date === '2026-12-04') change(day, 'lunch', { remaining: 0 });
        if (day.date === '2026-12-05') change(day, 'dinner', { closed: true });
        if (day.date === '2026-12-11') change(day, 'dinner', { remaining: 12 });
      }),
    );
    const dates = screen.getByRole('region', { name: 'Dates' });
    const december = within(dates).getByRole('region', { name: 'December 2026' });
    const day = (text: string) => within(december).getByText(text).closest('li') as HTMLElement;
    expect(day('Friday 4 December 2026')).toHaveTextContent('Lunch 12:30pm–3pmFully booked');
    expect(day('Saturday 5 December 2026')).toHaveTextContent('Dinner 7pm–10:30pmClosed');
    expect(day('Friday 11 December 2026')).toHaveTextContent('Dinner 7pm–10:30pm12 seats left');
    expect(within(december).getAllByText(/^Friday|^Saturday/)).toHaveLength(6);
  });

  it('shows the total and the amount due now as the party changes', async () => {
    const user = userEvent.setup();
    const { form } = await openPartyNights();
    const summary = screen.getByRole('complementary', { name: 'Your booking' });
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('£228.00');
    expect(within(summary).getByText('To pay now').nextSibling).toHaveTextContent('£60.00');
    await user.clear(within(form).getByLabelText(/^Adults/));
    await user.type(within(form).getByLabelText(/^Adults/), '8');
    await user.clear(within(form).getByLabelText(/^Children/));
    await user.type(within(form).getByLabelText(/^Children/), '2');
    expect(within(summary).getByText('2 children × £19.00').nextSibling).toHaveTextContent('£38.00');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('£342.00');
    expect(within(summary).getByText('To pay now').nextSibling).toHaveTextContent('£100.00');
    expect(within(summary).getByText('To pay on the day').nextSibling).toHaveTextContent('£242.00');
    expect(within(form).getByRole('button', { name: 'Book for 10 · pay £100 now' })).toBeInTheDocument();
  });

  it('says before payment whether what is paid now is refundable for the chosen date, and until when', async () => {
    // 30 November 2026: 11 December is within its refund cut-off (the end of 27 November), 18 December is not.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
    try {
      const user = userEvent.setup();
      const { form } = await openPartyNights();
      const summary = screen.getByRole('complementary', { name: 'Your booking' });
      expect(summary).not.toHaveTextContent(/refund/);
      await user.selectOptions(within(form).getByLabelText(/^Date/), '2026-12-11');
      expect(summary).toHaveTextContent(
        'Please note: this date is already within our refund cut-off, so your payment is not refundable if you cancel.',
      );
      expect(summary).not.toHaveTextContent(/Cancel by/);
      await user.selectOptions(within(form).getByLabelText(/^Date/), '2026-12-18');
      expect(summary).toHaveTextContent('Cancel by 11:59pm on Friday 4 December 2026 for a full refund.');
      expect(summary).not.toHaveTextContent(/not refundable/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts each problem on its field and sends nothing', async () => {
    const user = userEvent.setup();
    const { form, sent } = await openPartyNights();
    await user.click(within(form).getByRole('button', { name: /^Book for 6/ }));
    const date = within(form).getByLabelText(/^Date/);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('Please choose one of the dates this occasion runs on.');
    expect(date).toHaveFocus();
    await user.selectOptions(date, '2026-12-11');
    await user.selectOptions(within(form).getByLabelText(/^Sitting/), 'dinner');
    await user.click(within(form).getByRole('button', { name: /^Book for 6/ }));
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription('Please enter your name.');
    await user.type(within(form).getByLabelText(/^Name/), 'Mary Crawley');
    await user.type(within(form).getByLabelText(/^Email/), 'mary@');
    await user.click(within(form).getByRole('button', { name: /^Book for 6/ }));
    expect(within(form).getByLabelText(/^Email/)).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid email.'),
    );
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('asks a party larger than the online limit to call, and a party too small to add guests', async () => {
    const user = userEvent.setup();
    const { form } = await openPartyNights();
    const adults = within(form).getByLabelText(/^Adults/);
    await user.clear(adults);
    await user.type(adults, '41');
    expect(
      within(form).getByText(
        'For parties of more than 40, please call us on 0118 496 0000 so we can seat you together.',
      ),
    ).toBeInTheDocument();
    await user.clear(adults);
    await user.type(adults, '3');
    expect(
      within(form).getByText('Online bookings for this occasion are for parties of 6 or more.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Call us on 0118 496 0000' })).toHaveAttribute(
      'href',
      'tel:+441184960000',
    );
  });

  it('sends the booking and goes to the address the server answers', async () => {
    const user = userEvent.setup();
    const { form, sent, assign } = await openPartyNights();
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Book for 12 · pay £120 now' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_9'));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      date: '2026-12-11',
      sittingId: 'dinner',
      adults: 12,
      children: 0,
      name: 'Mary Crawley',
      email: 'mary@example.com',
      phone: '07700 900123',
      allergies: '',
      occasionNotes: '',
      notes: '',
      utmSource: null,
    });
  });

  it('sends the party’s allergies, what it celebrates, and the link’s utm_source', async () => {
    const user = userEvent.setup();
    const { form, sent } = await openPartyNights(pageOf(partyNights), '?utm_source=modal');
    await fillValid(user, form);
    const allergies = within(form).getByLabelText('Allergies in the party');
    expect(allergies).toHaveAccessibleDescription(
      'Any allergies or intolerances in your party, and who has them. Each guest can also give their own with their dishes.',
    );
    await user.type(allergies, 'Two coeliacs, one nut allergy (Tom)');
    await user.type(within(form).getByLabelText('Occasion notes'), ' Mum’s 60th ');
    await user.click(within(form).getByRole('button', { name: 'Book for 12 · pay £120 now' }));
    await vi.waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      allergies: 'Two coeliacs, one nut allergy (Tom)',
      occasionNotes: 'Mum’s 60th',
      utmSource: 'modal',
    });
  });

  it('leaves out a utm_source that will not do', async () => {
    const user = userEvent.setup();
    const { form, sent } = await openPartyNights(pageOf(partyNights), '?utm_source=Not%20one');
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Book for 12 · pay £120 now' }));
    await vi.waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ utmSource: null });
  });

  it('shows the server’s refusal above the button', async () => {
    const user = userEvent.setup();
    serve(pageOf(partyNights), () =>
      Response.json({ error: 'Only 4 seats are left at that sitting.' }, { status: 409 }),
    );
    renderRoute('/occasions/christmas-party-nights');
    const form = await screen.findByRole('form', { name: 'Book a table: Christmas party nights' });
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Book for 12 · pay £120 now' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Only 4 seats are left at that sitting.',
    );
  });

  it('puts the server’s seat refusal under the sitting it names', async () => {
    const user = userEvent.setup();
    const message = 'Only 28 seats are left at that sitting.';
    serve(pageOf(partyNights), () =>
      Response.json({ error: message, issues: [{ path: 'sittingId', message }] }, { status: 409 }),
    );
    renderRoute('/occasions/christmas-party-nights');
    const form = await screen.findByRole('form', { name: 'Book a table: Christmas party nights' });
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Book for 12 · pay £120 now' }));
    const sitting = within(form).getByLabelText(/^Sitting/);
    await vi.waitFor(() => expect(sitting).toHaveAttribute('aria-invalid', 'true'));
    expect(sitting).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(sitting).toHaveFocus();
    expect(within(form).getAllByText(message)).toHaveLength(1);
  });

  it('speaks of tickets for a ticketed event, with no menu and no children', async () => {
    const user = userEvent.setup();
    serve(pageOf(supperClub, 24));
    renderRoute('/occasions/winter-supper-club');
    const form = await screen.findByRole('form', { name: 'Buy tickets: Winter supper club' });
    expect(screen.queryByRole('region', { name: 'The menu' })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Children/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy tickets' })).toBeInTheDocument();
    const tickets = within(form).getByLabelText(/^Tickets/);
    await user.clear(tickets);
    await user.type(tickets, '2');
    expect(within(form).getByRole('button', { name: 'Buy 2 tickets · £90' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Prices & terms' })).toHaveTextContent(
      'Tickets are paid for in full when you book.',
    );
    // The one date and the one sitting are chosen already.
    expect(within(form).getByLabelText(/^Date/)).toHaveValue('2027-01-22');
    expect(within(form).getByLabelText(/^Sitting/)).toHaveValue('supper');
  });

  it('says an unknown occasion is not found', async () => {
    serve(null);
    renderRoute('/occasions/gone');
    expect(await screen.findByRole('heading', { name: 'Occasion not found' })).toBeInTheDocument();
  });
});
