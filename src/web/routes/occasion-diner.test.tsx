import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diner, DinerPage } from '#shared/occasions/api.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { NO_DISH, preOrderDeadline } from '#shared/occasions/rules.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { DINER_MESSAGES } from '../features/occasions/diner-words.ts';
import { fakeApi } from './fake-api.ts';

const TOKEN = 'd'.repeat(43);
const PATH = `/occasions/diners/${TOKEN}`;
const API = `/api/occasions/diners/${TOKEN}`;
const occasion = seedContent.occasions.occasions.find((each) => each.slug === 'christmas-party-nights');
if (!occasion) throw new Error('The seeded party nights are missing.');
const DATE = '2026-12-11';

const PAGE: DinerPage = {
  occasion,
  date: DATE,
  sittingId: 'dinner',
  organiserFirstName: 'Edith',
  preOrderDeadline: preOrderDeadline(occasion, DATE).toISOString(),
  locked: false,
  placesLeft: 3,
};

const CHOSEN: Diner = {
  id: '6f1c0a52-1111-4a6b-9d7e-000000000009',
  name: 'Ruth Okafor',
  choices: { starter: 'smoked-salmon', main: 'nut-roast', dessert: 'cheese-plate' },
  allergies: 'Tree nuts',
  chosenBy: 'diner',
  defaultedCourses: [],
};

afterEach(() => vi.unstubAllGlobals());

function serve(page: DinerPage | null, answer: () => Response | undefined = () => undefined) {
  return fakeApi(({ method }) => {
    if (method === 'GET') {
      return page
        ? Response.json(page)
        : Response.json({ error: PRE_ORDER_MESSAGES.linkNotFound }, { status: 404 });
    }
    return answer();
  });
}

async function fillIn(form: HTMLElement) {
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText(/^Your name/), 'Ruth Okafor');
  await user.type(within(form).getByLabelText(/^Email/), 'ruth@example.com');
  for (const dish of ['Oak-smoked salmon', 'Chestnut and cranberry roast', 'Cheese plate (+£3.50)']) {
    await user.click(within(form).getByRole('radio', { name: dish }));
  }
  await user.type(within(form).getByLabelText('Allergies'), 'Tree nuts');
  return user;
}

describe('/occasions/diners/:token', () => {
  it('says who booked what and by when, and shows each dish with its description and allergens', async () => {
    serve(PAGE);
    renderRoute(PATH);
    const form = await screen.findByRole('form', { name: 'Your dishes' });
    expect(
      screen.getByText(
        'Edith has booked Christmas party nights on Friday 11 December 2026 at 7pm: choose your dishes by 11:59pm on Tuesday 1 December 2026.',
      ),
    ).toBeInTheDocument();
    const starter = within(form).getByRole('group', { name: 'Starter' });
    expect(within(starter).getByRole('radio', { name: 'Ham hock terrine' })).toHaveAccessibleDescription(
      'Piccalilli and toasted bloomer. Contains: gluten, mustard, sulphites',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the diner’s choices and thanks them with what they chose', async () => {
    const sent = serve(PAGE, () => Response.json(CHOSEN, { status: 201 }));
    renderRoute(PATH);
    const form = await screen.findByRole('form', { name: 'Your dishes' });
    const user = await fillIn(form);
    await user.click(within(form).getByRole('button', { name: DINER_MESSAGES.send }));

    const thanks = await screen.findByRole('heading', { name: DINER_MESSAGES.thanks('Ruth Okafor') });
    expect(thanks).toHaveFocus();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'POST',
        url: API,
        body: {
          name: 'Ruth Okafor',
          email: 'ruth@example.com',
          choices: { starter: 'smoked-salmon', main: 'nut-roast', dessert: 'cheese-plate' },
          allergies: 'Tree nuts',
        },
      },
    ]);
    const booking = screen.getByRole('region', { name: 'Your booking' });
    for (const dish of ['Oak-smoked salmon', 'Chestnut and cranberry roast', 'Cheese plate', 'Tree nuts']) {
      expect(within(booking).getByText(dish)).toBeInTheDocument();
    }
    expect(booking).toHaveTextContent(DINER_MESSAGES.closePage);
    await user.click(within(booking).getByRole('button', { name: DINER_MESSAGES.chooseAnother }));
    expect(
      within(screen.getByRole('form', { name: 'Your dishes' })).getByLabelText(/^Your name/),
    ).toHaveValue('');
  });

  it('offers "No dessert, thank you" for a course diners may go without only, sends it, and shows "None"', async () => {
    const withOptionalDessert = {
      ...occasion,
      courses: occasion.courses.map((course) => ({ ...course, optional: course.id === 'dessert' })),
    };
    const sent = serve({ ...PAGE, occasion: withOptionalDessert }, () =>
      Response.json({ ...CHOSEN, choices: { ...CHOSEN.choices, dessert: NO_DISH } }, { status: 201 }),
    );
    renderRoute(PATH);
    const form = await screen.findByRole('form', { name: 'Your dishes' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Your name/), 'Ruth Okafor');
    for (const [course, dish] of [
      ['Starter', 'Oak-smoked salmon'],
      ['Main', 'Chestnut and cranberry roast'],
    ]) {
      const group = within(form).getByRole('group', { name: course });
      expect(within(group).queryByRole('radio', { name: /^No / })).not.toBeInTheDocument();
      await user.click(within(group).getByRole('radio', { name: dish }));
    }
    const dessert = within(form).getByRole('group', { name: 'Dessert' });
    expect(within(dessert).getAllByRole('radio').at(-1)).toHaveAccessibleName('No dessert, thank you');
    await user.click(within(dessert).getByRole('radio', { name: 'No dessert, thank you' }));
    await user.click(within(form).getByRole('button', { name: DINER_MESSAGES.send }));

    await screen.findByRole('heading', { name: DINER_MESSAGES.thanks('Ruth Okafor') });
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'POST',
        url: API,
        body: {
          name: 'Ruth Okafor',
          email: '',
          choices: { starter: 'smoked-salmon', main: 'nut-roast', dessert: NO_DISH },
          allergies: '',
        },
      },
    ]);
    const booking = screen.getByRole('region', { name: 'Your booking' });
    expect(within(booking).getByText('Dessert').nextElementSibling).toHaveTextContent(/^None$/);
  });

  it('checks the name and the e-mail before sending', async () => {
    const user = userEvent.setup();
    const sent = serve(PAGE);
    renderRoute(PATH);
    const form = await screen.findByRole('form', { name: 'Your dishes' });
    await user.click(within(form).getByRole('button', { name: DINER_MESSAGES.send }));
    const name = within(form).getByLabelText(/^Your name/);
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(PRE_ORDER_MESSAGES.nameNeeded);

    await user.type(name, 'Ruth');
    await user.type(within(form).getByLabelText(/^Email/), 'ruth@');
    await user.click(within(form).getByRole('button', { name: DINER_MESSAGES.send }));
    expect(within(form).getByLabelText(/^Email/)).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid email.'),
    );
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the server’s refusal above the button when it names no field (the table filled meanwhile)', async () => {
    const full = PRE_ORDER_MESSAGES.full(12);
    serve(PAGE, () => Response.json({ error: full }, { status: 409 }));
    renderRoute(PATH);
    const form = await screen.findByRole('form', { name: 'Your dishes' });
    const user = await fillIn(form);
    await user.click(within(form).getByRole('button', { name: DINER_MESSAGES.send }));
    const alert = await within(form).findByText(full);
    expect(alert).toHaveRole('alert');
    expect(alert).toHaveFocus();
  });

  it('says the choices have closed once the deadline has passed', async () => {
    serve({ ...PAGE, locked: true });
    renderRoute(PATH);
    expect(
      await screen.findByText(PRE_ORDER_MESSAGES.closed(PAGE.preOrderDeadline, 'Edith')),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says every place is taken when the table is full', async () => {
    serve({ ...PAGE, placesLeft: 0 });
    renderRoute(PATH);
    expect(await screen.findByText(DINER_MESSAGES.full('Edith'))).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says plainly when the link opens no booking', async () => {
    serve(null);
    renderRoute(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that booking' }),
    ).toBeInTheDocument();
  });
});
