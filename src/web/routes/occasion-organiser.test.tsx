import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { tillSettledGuestText } from '#shared/money/taken-by-staff.ts';
import type { Diner, OrganiserPage } from '#shared/occasions/api.ts';
import { OCCASION_ORGANISER_MESSAGES } from '#shared/occasions/messages.ts';
import { deadlineText, PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { preOrderDeadline, refundCutoff } from '#shared/occasions/rules.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { ORGANISER_MESSAGES } from '../features/occasions/diner-words.ts';
import { fakeApi } from './fake-api.ts';

const TOKEN = 'o'.repeat(43);
const PATH = `/occasions/organiser/${TOKEN}`;
const API = `/api/occasions/organiser/${TOKEN}`;
const occasion = seedContent.occasions.occasions.find((each) => each.slug === 'christmas-party-nights');
if (!occasion) throw new Error('The seeded party nights are missing.');
const DATE = '2026-12-11';

const RUTH: Diner = {
  id: '6f1c0a52-1111-4a6b-9d7e-000000000001',
  name: 'Ruth Okafor',
  choices: { starter: 'ham-hock-terrine', main: 'nut-roast', dessert: 'lemon-posset' },
  allergies: 'Tree nuts',
  chosenBy: 'diner',
  defaultedCourses: [],
};

const PAGE: OrganiserPage = {
  reference: 'PN-7K3P',
  occasion,
  date: DATE,
  sittingId: 'dinner',
  name: 'Edith Crawley',
  partySize: 12,
  allergies: 'Two guests are coeliac',
  occasionNotes: 'Sybil’s engagement',
  status: 'CONFIRMED',
  totalPence: 45_600,
  paidPence: 12_000,
  refundPence: null,
  refundMade: false,
  paidToStaff: false,
  tillRefundPence: null,
  preOrderDeadline: preOrderDeadline(occasion, DATE).toISOString(),
  refundCutoff: refundCutoff(occasion, DATE).toISOString(),
  locked: false,
  comingConfirmedAt: null,
  dinerUrl: `https://pub.example/occasions/diners/${'d'.repeat(43)}`,
  diners: [RUTH],
};

beforeEach(() => {
  // Before the refund cut-off (27 November) and the deadline (1 December).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The API as the organiser's page meets it: the page, then the answer to whatever it sends. */
function serve(
  page: OrganiserPage | null,
  answer: (method: string, url: string) => Response | undefined = () => undefined,
) {
  return fakeApi(({ method, url }) => {
    if (method === 'GET') {
      return page
        ? Response.json(page)
        : Response.json({ error: PRE_ORDER_MESSAGES.linkNotFound }, { status: 404 });
    }
    return answer(method, url);
  });
}

async function chooseDishes(form: HTMLElement, dishes: string[]) {
  const user = userEvent.setup();
  for (const dish of dishes) await user.click(within(form).getByRole('radio', { name: dish }));
}

describe('/occasions/organiser/:token', () => {
  it('shows the booking, the time left, the link to share and who has chosen', async () => {
    serve(PAGE);
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    for (const text of [
      'PN-7K3P',
      'Friday 11 December 2026',
      'Dinner, 7pm–10:30pm',
      '12 guests',
      'Two guests are coeliac',
      'Sybil’s engagement',
      '£120.00',
      '£456.00',
      '£336.00',
      '11:59pm on Tuesday 1 December 2026',
    ]) {
      expect(within(booking).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Your party booking' })).toBeInTheDocument();
    expect(within(booking).getByRole('timer', { name: ORGANISER_MESSAGES.countdown })).toBeInTheDocument();
    expect(within(booking).getByLabelText('Diners’ link')).toHaveValue(PAGE.dinerUrl);
    expect(booking).toHaveTextContent(
      `Choose your dishes for Christmas party nights on Friday 11 December 2026 by 11:59pm on Tuesday 1 December 2026: ${PAGE.dinerUrl}`,
    );

    const diners = within(booking).getByRole('list', { name: 'Diners' });
    expect(within(diners).getByRole('heading', { name: 'Ruth Okafor' })).toBeInTheDocument();
    expect(diners).toHaveTextContent('Ham hock terrine');
    expect(diners).toHaveTextContent('Chestnut and cranberry roast');
    expect(diners).toHaveTextContent('Tree nuts');
    expect(booking).toHaveTextContent('Not chosen yet: 11 places');
    expect(within(booking).queryByText('Supplements chosen')).not.toBeInTheDocument();
  });

  it('adds the supplements the diners chose to what is due on the day', async () => {
    const withCheese = {
      ...RUTH,
      id: `${RUTH.id.slice(0, -1)}2`,
      choices: { ...RUTH.choices, dessert: 'cheese-plate' },
    };
    serve({ ...PAGE, diners: [RUTH, withCheese] });
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    expect(within(booking).getByText('Supplements chosen')).toBeInTheDocument();
    expect(within(booking).getByText('£3.50')).toBeInTheDocument();
    // £456.00 and £3.50, less £120.00 paid.
    expect(within(booking).getByText('£339.50')).toBeInTheDocument();
  });

  it('copies the diners’ link and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve(PAGE);
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(PAGE.dinerUrl);
    expect(await screen.findByText(ORGANISER_MESSAGES.copied)).toBeInTheDocument();
  });

  it('chooses for someone: the right body is sent and the new diner joins the list', async () => {
    const user = userEvent.setup();
    const added: Diner = {
      id: '6f1c0a52-1111-4a6b-9d7e-000000000002',
      name: 'Grandad Joe',
      choices: { starter: 'winter-soup', main: 'roast-turkey', dessert: 'cheese-plate' },
      allergies: '',
      chosenBy: 'organiser',
      defaultedCourses: [],
    };
    // The server answers the page as it now stands.
    const sent = serve(PAGE, (method) =>
      method === 'POST' ? Response.json({ ...PAGE, diners: [RUTH, added] }) : undefined,
    );
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Choose for someone' }));
    const form = screen.getByRole('form', { name: 'Dishes for a new place' });
    await user.type(within(form).getByLabelText(/^Their name/), 'Grandad Joe');
    await chooseDishes(form, [
      'Roast winter vegetable soup',
      'Roast Norfolk turkey',
      'Cheese plate (+£3.50)',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Save their dishes' }));

    expect(await screen.findByText(ORGANISER_MESSAGES.saved('Grandad Joe'))).toHaveRole('status');
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'POST',
        url: `${API}/diners`,
        body: {
          name: 'Grandad Joe',
          email: '',
          choices: { starter: 'winter-soup', main: 'roast-turkey', dessert: 'cheese-plate' },
          allergies: '',
        },
      },
    ]);
    const diners = screen.getByRole('list', { name: 'Diners' });
    expect(within(diners).getByRole('heading', { name: 'Grandad Joe' })).toBeInTheDocument();
    expect(screen.getByText(/Not chosen yet: 10 places/)).toBeInTheDocument();
  });

  it('says under a course what is missing before anything is sent', async () => {
    const user = userEvent.setup();
    const sent = serve(PAGE);
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Choose for someone' }));
    const form = screen.getByRole('form', { name: 'Dishes for a new place' });
    await user.type(within(form).getByLabelText(/^Their name/), 'Grandad Joe');
    await chooseDishes(form, ['Roast winter vegetable soup']);
    await user.click(within(form).getByRole('button', { name: 'Save their dishes' }));

    const main = within(form).getByRole('group', { name: 'Main' });
    expect(within(main).getByRole('alert')).toHaveTextContent(PRE_ORDER_MESSAGES.courseMissing('Main'));
    expect(within(main).getByRole('radio', { name: 'Roast Norfolk turkey' })).toHaveFocus();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(within(main).getByRole('radio', { name: 'Slow-braised beef' }));
    expect(within(main).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('changes a diner’s dishes, showing the server’s refusal on the course it names', async () => {
    const user = userEvent.setup();
    const issue = { path: 'choices.dessert', message: PRE_ORDER_MESSAGES.notOfCourse('Dessert') };
    const sent = serve(PAGE, (method) =>
      method === 'PUT'
        ? Response.json({ error: issue.message, issues: [issue] }, { status: 400 })
        : undefined,
    );
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Edit Ruth Okafor’s dishes' }));
    const form = screen.getByRole('form', { name: 'Ruth Okafor’s dishes' });
    expect(within(form).getByLabelText(/^Their name/)).toHaveValue('Ruth Okafor');
    expect(within(form).getByRole('radio', { name: 'Chestnut and cranberry roast' })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'Chocolate torte' }));
    await user.click(within(form).getByRole('button', { name: 'Save their dishes' }));

    const dessert = within(form).getByRole('group', { name: 'Dessert' });
    expect(await within(dessert).findByRole('alert')).toHaveTextContent(issue.message);
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        url: `${API}/diners/${RUTH.id}`,
        body: {
          name: 'Ruth Okafor',
          email: '',
          choices: { starter: 'ham-hock-terrine', main: 'nut-roast', dessert: 'chocolate-torte' },
          allergies: 'Tree nuts',
        },
      },
    ]);
  });

  it('shows the changed dishes when the server answers the one diner saved', async () => {
    const user = userEvent.setup();
    const changed: Diner = {
      ...RUTH,
      choices: { ...RUTH.choices, dessert: 'chocolate-torte' },
      chosenBy: 'organiser',
    };
    serve(PAGE, (method) => (method === 'PUT' ? Response.json(changed) : undefined));
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Edit Ruth Okafor’s dishes' }));
    const form = screen.getByRole('form', { name: 'Ruth Okafor’s dishes' });
    await user.click(within(form).getByRole('radio', { name: 'Chocolate torte' }));
    await user.click(within(form).getByRole('button', { name: 'Save their dishes' }));

    expect(await screen.findByText(ORGANISER_MESSAGES.saved('Ruth Okafor'))).toHaveRole('status');
    const diners = screen.getByRole('list', { name: 'Diners' });
    expect(diners).toHaveTextContent('Chocolate torte');
    expect(diners).not.toHaveTextContent('Lemon posset');
    expect(screen.getByText(/Not chosen yet: 11 places/)).toBeInTheDocument();
  });

  it('shows a closed order locked, defaults marked, with nothing left to change', async () => {
    const defaulted: Diner = {
      id: '6f1c0a52-1111-4a6b-9d7e-000000000003',
      name: 'Guest 2',
      choices: { starter: 'winter-soup', main: 'roast-turkey', dessert: 'christmas-pudding' },
      allergies: '',
      chosenBy: 'default',
      defaultedCourses: ['starter', 'main', 'dessert'],
    };
    vi.setSystemTime(new Date('2026-12-02T10:00:00Z'));
    serve({ ...PAGE, locked: true, diners: [RUTH, defaulted] });
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    expect(booking).toHaveTextContent(
      `Choices closed on ${deadlineText(PAGE.preOrderDeadline)}; the kitchen has your order. Call us to change it on 0118 496 0000.`,
    );
    const diners = within(booking).getByRole('list', { name: 'Diners' });
    expect(within(diners).getAllByText('(default)')).toHaveLength(3);
    expect(within(booking).queryByRole('button', { name: 'Choose for someone' })).not.toBeInTheDocument();
    expect(within(booking).queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(within(booking).queryByLabelText('Diners’ link')).not.toBeInTheDocument();
    expect(within(booking).queryByRole('timer')).not.toBeInTheDocument();
  });

  it('says the refund terms, asks before cancelling, and says what the cancellation did', async () => {
    const user = userEvent.setup();
    const message = 'Your booking is cancelled. £120.00 is being refunded to your card.';
    let cancelled = false;
    const sent = fakeApi(({ method, url }) => {
      if (method === 'GET') {
        return Response.json(
          cancelled
            ? { ...PAGE, status: 'CANCELLED', locked: true, refundPence: 12_000, refundMade: true }
            : PAGE,
        );
      }
      if (method === 'POST' && url.endsWith('/cancel')) {
        cancelled = true;
        return Response.json({ status: 'CANCELLED', refundPence: 12_000, message });
      }
      return undefined;
    });
    renderRoute(PATH);
    expect(await screen.findByText(ORGANISER_MESSAGES.lead)).toBeInTheDocument();
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    expect(booking).toHaveTextContent(
      'What you paid (£120.00) is refunded in full if you cancel by 11:59pm on Friday 27 November 2026; after that it is kept.',
    );
    await user.click(within(booking).getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: ORGANISER_MESSAGES.cancelQuestion });
    expect(dialog).toHaveTextContent(ORGANISER_MESSAGES.refundNow('£120.00'));
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText(message)).toHaveRole('status');
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([{ method: 'POST', url: `${API}/cancel` }]);
    expect(screen.getByText(ORGANISER_MESSAGES.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose for someone' })).not.toBeInTheDocument();
    expect(within(booking).queryByRole('heading', { name: 'Who has chosen' })).not.toBeInTheDocument();
    // Cancelled: no balance and no choices are due, the refund shows as the server has it, and no offer leads.
    expect(within(booking).queryByText('Balance due on the day')).not.toBeInTheDocument();
    expect(within(booking).queryByText('Choices due by')).not.toBeInTheDocument();
    expect(
      await within(booking).findByText(OCCASION_ORGANISER_MESSAGES.refundMade(12_000)),
    ).toBeInTheDocument();
    expect(screen.queryByText(ORGANISER_MESSAGES.lead)).not.toBeInTheDocument();
    expect(screen.getByText(OCCASION_ORGANISER_MESSAGES.cancelledLead)).toBeInTheDocument();
  });

  it('opens a cancelled booking with what became of the money, and nothing due', async () => {
    const cancelled = { ...PAGE, status: 'CANCELLED' as const, locked: true };
    for (const [page, words] of [
      [
        { ...cancelled, refundPence: 12_000, refundMade: false },
        OCCASION_ORGANISER_MESSAGES.refundPending(12_000),
      ],
      [
        { ...cancelled, refundPence: 12_000, refundMade: true },
        OCCASION_ORGANISER_MESSAGES.refundMade(12_000),
      ],
      [cancelled, OCCASION_ORGANISER_MESSAGES.kept(12_000)],
      [{ ...cancelled, paidToStaff: true }, OCCASION_ORGANISER_MESSAGES.settledWithUs(12_000)],
      [{ ...cancelled, paidToStaff: true, tillRefundPence: 12_000 }, tillSettledGuestText(12_000, 12_000)],
      [{ ...cancelled, paidToStaff: true, tillRefundPence: 0 }, tillSettledGuestText(12_000, 0)],
      [{ ...cancelled, paidPence: 0 }, OCCASION_ORGANISER_MESSAGES.nothingPaid],
    ] as const) {
      serve(page);
      const { unmount } = renderRoute(PATH);
      const booking = await screen.findByRole('region', { name: 'Your booking' });
      expect(within(booking).getByText(OCCASION_ORGANISER_MESSAGES.refundRow).nextSibling).toHaveTextContent(
        words,
      );
      expect(within(booking).queryByText('Balance due on the day')).not.toBeInTheDocument();
      expect(within(booking).queryByText('Choices due by')).not.toBeInTheDocument();
      expect(within(booking).queryByText('£336.00')).not.toBeInTheDocument();
      expect(screen.getByText(OCCASION_ORGANISER_MESSAGES.cancelledLead)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows a cancelled set menu without who has chosen, the diners’ link or choosing', async () => {
    serve({ ...PAGE, status: 'CANCELLED', locked: true, refundPence: 12_000, refundMade: true });
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    expect(within(booking).getByText(ORGANISER_MESSAGES.cancelled)).toBeInTheDocument();
    expect(within(booking).getByText(OCCASION_ORGANISER_MESSAGES.refundMade(12_000))).toBeInTheDocument();
    expect(within(booking).queryByRole('heading', { name: 'Who has chosen' })).not.toBeInTheDocument();
    expect(within(booking).queryByRole('list', { name: 'Diners' })).not.toBeInTheDocument();
    expect(within(booking).queryByText(ORGANISER_MESSAGES.nobodyYet)).not.toBeInTheDocument();
    expect(within(booking).queryByLabelText('Diners’ link')).not.toBeInTheDocument();
    expect(within(booking).queryByRole('button', { name: 'Choose for someone' })).not.toBeInTheDocument();
    expect(within(booking).queryByRole('timer')).not.toBeInTheDocument();
  });

  it('says after the cut-off that what was paid is kept', async () => {
    const user = userEvent.setup();
    vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
    serve(PAGE);
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    // Never a deadline already gone.
    expect(booking).toHaveTextContent(ORGANISER_MESSAGES.keptNow('£120.00'));
    expect(booking).not.toHaveTextContent(/27 November/);
    await user.click(within(booking).getByRole('button', { name: 'Cancel booking' }));
    // The only dialog: no offer opens over the organiser's own page.
    expect(screen.getByRole('dialog')).toHaveTextContent(ORGANISER_MESSAGES.keptNow('£120.00'));
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/27 November/);
  });

  it('says money paid to staff is settled with us, not refunded online', async () => {
    const user = userEvent.setup();
    serve({ ...PAGE, paidToStaff: true });
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    expect(booking).toHaveTextContent(OCCASION_ORGANISER_MESSAGES.paidToStaffTerms('£120.00'));
    await user.click(within(booking).getByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      OCCASION_ORGANISER_MESSAGES.paidToStaffTerms('£120.00'),
    );
  });

  it('keeps the dialog open with the server’s reason when the cancellation is refused', async () => {
    const user = userEvent.setup();
    serve(PAGE, (method) =>
      method === 'POST'
        ? Response.json({ error: 'This booking is already cancelled.' }, { status: 409 })
        : undefined,
    );
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: ORGANISER_MESSAGES.cancelQuestion });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This booking is already cancelled.');
  });

  it('shows a ticketed event’s booking without dishes to choose', async () => {
    const supperClub = seedContent.occasions.occasions.find((each) => each.courses.length === 0);
    if (!supperClub) throw new Error('The seeded supper club is missing.');
    serve({
      ...PAGE,
      occasion: supperClub,
      date: '2027-01-22',
      sittingId: supperClub.sittings[0]?.id ?? '',
      partySize: 2,
      diners: [],
    });
    renderRoute(PATH);
    const booking = await screen.findByRole('region', { name: 'Your booking' });
    expect(
      screen.getByRole('heading', { level: 1, name: ORGANISER_MESSAGES.ticketedTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByText(ORGANISER_MESSAGES.title)).not.toBeInTheDocument();
    expect(within(booking).getByText('2 tickets')).toBeInTheDocument();
    expect(within(booking).queryByText('Choices due by')).not.toBeInTheDocument();
    expect(within(booking).queryByRole('heading', { name: 'Who has chosen' })).not.toBeInTheDocument();
    expect(within(booking).queryByLabelText('Diners’ link')).not.toBeInTheDocument();
    expect(within(booking).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    // No dishes and no diners' link to speak of: the lead is about the tickets and the door.
    expect(screen.getByText(OCCASION_ORGANISER_MESSAGES.ticketedLead)).toBeInTheDocument();
    expect(screen.queryByText(ORGANISER_MESSAGES.lead)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/dishes/);
  });

  it('asks "Yes, we’re coming" when the organiser came from the reminder, and sends it with one tap', async () => {
    const user = userEvent.setup();
    const sent = serve(PAGE, (method, url) =>
      method === 'POST' && url === `${API}/coming`
        ? Response.json({ ...PAGE, comingConfirmedAt: '2026-12-10T18:00:00.000Z' })
        : undefined,
    );
    renderRoute(`${PATH}?coming=yes`);
    expect(await screen.findByText(COMING_MESSAGES.question)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: COMING_MESSAGES.action }));
    expect(await screen.findByText(COMING_MESSAGES.thanks)).toHaveAttribute('role', 'status');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      `${API}/coming`,
    ]);
    expect(screen.queryByRole('button', { name: COMING_MESSAGES.action })).not.toBeInTheDocument();
  });

  it('says the organiser already told us, and asks nothing without the reminder’s link', async () => {
    serve({ ...PAGE, comingConfirmedAt: '2026-12-10T18:00:00.000Z' });
    const { unmount } = renderRoute(`${PATH}?coming=yes`);
    expect(await screen.findByText(COMING_MESSAGES.alreadyConfirmed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COMING_MESSAGES.action })).not.toBeInTheDocument();
    unmount();
    serve(PAGE);
    renderRoute(PATH);
    await screen.findByRole('region', { name: 'Your booking' });
    expect(screen.queryByText(COMING_MESSAGES.question)).not.toBeInTheDocument();
  });

  it('shows the server’s reason when "Yes, we’re coming" is refused', async () => {
    const user = userEvent.setup();
    serve(PAGE, (method) =>
      method === 'POST' ? Response.json({ error: COMING_MESSAGES.tooLate }, { status: 409 }) : undefined,
    );
    renderRoute(`${PATH}?coming=yes`);
    await user.click(await screen.findByRole('button', { name: COMING_MESSAGES.action }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMING_MESSAGES.tooLate);
    expect(screen.getByRole('button', { name: COMING_MESSAGES.action })).toBeInTheDocument();
  });

  it('says plainly when the link opens no booking', async () => {
    serve(null);
    renderRoute(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that booking' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call us on 0118 496 0000' })).toBeInTheDocument();
  });
});
