import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHRISTMAS_SHAPE_MESSAGES } from '#shared/christmas/occasion.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import {
  changeList,
  openEditor,
  restoreStubsAroundEachTest,
  saveButton,
} from '#web/features/content/admin/editor-test-kit.ts';
import { stubContentApi } from '#web/features/content/admin/fake-content-api.ts';

const seed = seedContent.occasions;
const PATH = '/admin/content/occasions';

type User = ReturnType<typeof userEvent.setup>;

/** Types a field's new value at once (pasted): the form is long, and every keystroke checks the whole document. */
async function retype(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.paste(text);
}

const section = (name: string) => screen.getByRole('region', { name });
const lastOf = (list: HTMLElement) => within(list).getAllByRole('listitem').at(-1) as HTMLElement;

async function saved(user: User) {
  await user.click(saveButton());
  expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
}

describe('the occasions editor', () => {
  restoreStubsAroundEachTest();

  it('creates an occasion from scratch: a weekly rule, two sittings, a course with a default, prices and a deposit', async () => {
    const { api, user } = await openEditor(PATH);
    const list = screen.getByRole('list', { name: 'Occasions' });
    expect(within(list).getByRole('button', { name: /^Christmas party nights/ })).toHaveTextContent(
      '6 dates, Fri 4 Dec 2026 to Sat 19 Dec 2026 · Published',
    );
    await user.click(screen.getByRole('button', { name: 'Add an occasion' }));

    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    await retype(user, name, 'Burns Night suppers');
    expect(screen.getByRole('heading', { level: 2, name: 'Burns Night suppers' })).toBeInTheDocument();
    expect(screen.getByLabelText('Page address')).toHaveValue('burns-night-suppers');
    await retype(user, screen.getByLabelText('Summary'), 'Haggis, neeps and a dram.');
    await retype(user, screen.getByLabelText('Description'), 'Piped in at eight.');
    await retype(user, screen.getByLabelText('Terms'), 'A £10.05 deposit a head.');
    await user.click(screen.getByRole('checkbox', { name: 'Published: on What’s On and its own page' }));

    const dates = section('Dates');
    await user.click(within(dates).getByRole('radio', { name: 'Every chosen weekday between two dates' }));
    await retype(user, within(dates).getByLabelText('From'), '2027-01-22');
    await retype(user, within(dates).getByLabelText('To'), '2027-01-30');
    await user.click(within(dates).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(dates).getByRole('checkbox', { name: 'Fri' }));
    expect(within(dates).getByRole('list', { name: 'Dates it runs on' })).toHaveTextContent(
      'Fri 22 Jan 2027Sat 23 Jan 2027Fri 29 Jan 2027Sat 30 Jan 2027',
    );

    const sittings = within(section('Sittings')).getByRole('list', { name: 'Sittings' });
    const early = lastOf(sittings);
    await retype(user, within(early).getByLabelText('Label'), 'Early');
    expect(within(early).getByLabelText('Id')).toHaveValue('early');
    await retype(user, within(early).getByLabelText('Starts'), '17:30');
    await retype(user, within(early).getByLabelText('Ends'), '19:30');
    await retype(user, within(early).getByLabelText('Seats'), '30');
    await user.click(screen.getByRole('button', { name: 'Add a sitting' }));
    const late = lastOf(sittings);
    expect(within(late).getByLabelText('Label')).toHaveFocus();
    await retype(user, within(late).getByLabelText('Label'), 'Late');
    await retype(user, within(late).getByLabelText('Starts'), '20:00');
    await retype(user, within(late).getByLabelText('Ends'), '22:30');
    expect(within(late).getByLabelText('Seats')).toHaveValue('30');

    const courses = section('Courses');
    expect(courses).toHaveTextContent('No courses: a ticketed event');
    await user.click(within(courses).getByRole('button', { name: 'Add a course' }));
    await retype(user, within(courses).getByLabelText('Course'), 'Main');
    const dishes = within(courses).getByRole('list', { name: 'Dishes of Main' });
    const haggis = lastOf(dishes);
    await retype(user, within(haggis).getByLabelText('Name'), 'Haggis, neeps and tatties');
    await retype(user, within(haggis).getByLabelText('Description'), 'Whisky sauce');
    await user.click(within(haggis).getByRole('checkbox', { name: 'Celery' }));
    await user.click(within(haggis).getByRole('checkbox', { name: 'Cereals containing gluten' }));
    await user.click(within(courses).getByRole('button', { name: 'Add a dish to Main' }));
    const veggie = lastOf(dishes);
    expect(within(veggie).getByLabelText('Name')).toHaveFocus();
    await retype(user, within(veggie).getByLabelText('Name'), 'Vegetarian haggis');
    await retype(user, within(veggie).getByLabelText('Supplement (£)'), '2.55');
    await user.click(within(veggie).getByRole('checkbox', { name: 'Contains none of the 14 allergens' }));
    const defaultDish = within(courses).getByLabelText('Default main');
    expect(defaultDish).toHaveDisplayValue('Haggis, neeps and tatties');
    await user.selectOptions(defaultDish, 'Vegetarian haggis');

    const prices = section('Prices and payment');
    await retype(user, within(prices).getByLabelText('Adult (£)'), '32.10');
    const noChildren = within(prices).getByRole('checkbox', {
      name: 'No children (a tasting, an adults’ night)',
    });
    expect(noChildren).toBeChecked();
    await user.click(noChildren);
    await retype(user, within(prices).getByLabelText('Child (£)'), '16.05');
    await user.click(within(prices).getByRole('radio', { name: 'A deposit per person' }));
    await retype(user, within(prices).getByLabelText('Deposit per person (£)'), '10.05');

    const rules = section('Parties and deadlines');
    await retype(user, within(rules).getByLabelText('Smallest party'), '2');
    await retype(user, within(rules).getByLabelText('Largest party'), '12');
    await retype(user, within(rules).getByLabelText('Choices due, days before'), '10');
    await retype(user, within(rules).getByLabelText('Refunds until, days before'), '14');
    expect(
      within(prices).getByText('A party of 12 adults pays £120.60 online when booking.'),
    ).toBeInTheDocument();
    expect(rules).toHaveTextContent(
      'For Fri 22 Jan 2027:choices are due by Tuesday 12 January 2027, 11:59pma guest who cancels by Friday 8 January 2027, 11:59pm gets their money back',
    );
    expect(changeList()).toHaveTextContent('Burns Night suppers: added');

    await saved(user);
    const added: Occasion = {
      slug: 'burns-night-suppers',
      name: 'Burns Night suppers',
      summary: 'Haggis, neeps and a dram.',
      description: 'Piped in at eight.',
      terms: 'A £10.05 deposit a head.',
      published: true,
      featured: false,
      dates: { kind: 'weekly', from: '2027-01-22', to: '2027-01-30', weekdays: [5, 6] },
      sittings: [
        { id: 'early', label: 'Early', start: '17:30', end: '19:30', seats: 30 },
        { id: 'late', label: 'Late', start: '20:00', end: '22:30', seats: 30 },
      ],
      courses: [
        {
          id: 'main',
          name: 'Main',
          optional: false,
          dishes: [
            {
              id: 'haggis-neeps-and-tatties',
              name: 'Haggis, neeps and tatties',
              description: 'Whisky sauce',
              allergens: { declared: true, contains: ['celery', 'gluten'] },
              supplementPence: 0,
            },
            {
              id: 'vegetarian-haggis',
              name: 'Vegetarian haggis',
              description: '',
              allergens: { declared: true, contains: [] },
              supplementPence: 255,
            },
          ],
          defaultDishId: 'vegetarian-haggis',
        },
      ],
      prices: { adultPence: 3210, childPence: 1605 },
      payment: { kind: 'deposit', perPersonPence: 1005 },
      party: { minOnline: 2, maxOnline: 12 },
      preOrderDaysBefore: 10,
      refundDaysBefore: 14,
    };
    expect(api.saves()).toHaveLength(1);
    expect(api.saves()[0]?.body).toEqual({
      baseVersion: 1,
      document: { occasions: [...seed.occasions, added] },
    });

    // Saved, its address and its sittings' ids no longer change: bookings point at them.
    expect(screen.queryByLabelText('Page address')).not.toBeInTheDocument();
    expect(screen.getByText('/occasions/burns-night-suppers')).toBeInTheDocument();
    expect(within(section('Sittings')).queryByLabelText('Id')).not.toBeInTheDocument();
  });

  it('features one occasion at a time: ticking one unticks the other', async () => {
    const { api, user } = await openEditor(PATH);
    await user.click(screen.getByRole('button', { name: /^Winter supper club/ }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Featured: first on What’s On and in the pop-up' }),
    );
    await user.click(screen.getByRole('button', { name: '‹ All occasions' }));
    expect(screen.getByRole('button', { name: /^Winter supper club/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Winter supper club/ })).toHaveTextContent('Featured');

    await user.click(screen.getByRole('button', { name: /^Christmas party nights/ }));
    expect(
      screen.getByText('Only one occasion is featured: ticking this one unticks Winter supper club.'),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', { name: 'Featured: first on What’s On and in the pop-up' }),
    );
    await saved(user);
    const featured = api.savedDocument('occasions').occasions.filter((occasion) => occasion.featured);
    expect(featured.map((occasion) => occasion.slug)).toEqual(['christmas-party-nights']);
  });

  it('lets a course be one diners go without, ticked from the keyboard, and keeps "none" out of dish ids', async () => {
    const { api, user } = await openEditor(PATH);
    await user.click(screen.getByRole('button', { name: /^Christmas party nights/ }));
    const courses = section('Courses');
    const ticks = within(courses).getAllByRole('checkbox', { name: 'Diners may go without this course' });
    expect(ticks.map((tick) => (tick as HTMLInputElement).checked)).toEqual([false, false, false]);
    const dessert = ticks[2] as HTMLElement;
    dessert.focus();
    await user.keyboard(' ');
    expect(dessert).toBeChecked();
    expect(changeList()).toHaveTextContent('diners may go without it: no → yes');
    await user.click(within(courses).getByRole('button', { name: 'Add a dish to Dessert' }));
    const dishes = within(courses).getByRole('list', { name: 'Dishes of Dessert' });
    const none = lastOf(dishes);
    await retype(user, within(none).getByLabelText('Name'), 'None');
    await user.click(within(none).getByRole('checkbox', { name: 'Contains none of the 14 allergens' }));
    await saved(user);
    const [party] = api.savedDocument('occasions').occasions;
    expect(party?.courses.map((course) => course.optional)).toEqual([false, false, true]);
    expect(party?.courses[2]?.dishes.at(-1)).toMatchObject({ id: 'none-2', name: 'None' });
  });

  it('turns a weekly rule into its dates, one of which can then be taken out', async () => {
    const { api, user } = await openEditor(PATH);
    await user.click(screen.getByRole('button', { name: /^Christmas party nights/ }));
    const dates = section('Dates');
    await user.click(within(dates).getByRole('radio', { name: 'On one or more dates' }));
    expect(within(dates).getAllByLabelText(/^Date \d$/)).toHaveLength(6);
    await user.click(within(dates).getByRole('button', { name: 'Remove Sat 19 Dec 2026' }));
    expect(within(dates).getByText('Runs on 5 dates:')).toBeInTheDocument();
    await saved(user);
    expect(api.savedDocument('occasions').occasions[0]?.dates).toEqual({
      kind: 'dates',
      dates: ['2026-12-04', '2026-12-05', '2026-12-11', '2026-12-12', '2026-12-18'],
    });
  });

  it('removes an occasion once asked twice', async () => {
    const { api, user } = await openEditor(PATH);
    await user.click(screen.getByRole('button', { name: /^Winter supper club/ }));
    await user.click(screen.getByRole('button', { name: 'Remove this occasion' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Remove this occasion' }));
    await user.click(screen.getByRole('button', { name: 'Remove Winter supper club' }));
    expect(screen.getByRole('button', { name: 'Add an occasion' })).toHaveFocus();
    const kept = seed.occasions
      .map((occasion) => occasion.slug)
      .filter((slug) => slug !== 'winter-supper-club');
    expect(within(screen.getByRole('list', { name: 'Occasions' })).getAllByRole('listitem')).toHaveLength(
      kept.length,
    );
    expect(changeList()).toHaveTextContent('Winter supper club: removed');
    await saved(user);
    expect(api.savedDocument('occasions').occasions.map((occasion) => occasion.slug)).toEqual(kept);
  });

  it('keeps Christmas Day: says where it is sold and managed, offers no removal, and holds it to its shape', async () => {
    const { api, user } = await openEditor(PATH);
    await user.click(screen.getByRole('button', { name: /^Christmas Day/ }));
    expect(screen.getByRole('link', { name: '/christmas' })).toHaveAttribute('href', '/christmas');
    expect(screen.getByRole('link', { name: 'Christmas screen' })).toHaveAttribute(
      'href',
      '/admin/christmas',
    );
    expect(screen.queryByRole('button', { name: 'Remove this occasion' })).not.toBeInTheDocument();

    const due = within(section('Parties and deadlines')).getByLabelText('Choices due, days before');
    await retype(user, due, '0');
    expect(due).toHaveAccessibleDescription(new RegExp(CHRISTMAS_SHAPE_MESSAGES.cutoff));
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('has the Christmas screen ask for Christmas Day again once it is saved here', async () => {
    const api = stubContentApi();
    const user = userEvent.setup();
    const { navigate } = renderRoute('/admin/christmas');
    await screen.findByRole('heading', { level: 1, name: 'Christmas Day' });
    await navigate(PATH);
    await user.click(await screen.findByRole('button', { name: /^Christmas Day/ }));
    await screen.findByRole('region', { name: 'Previous versions' });
    await retype(user, within(section('Prices and payment')).getByLabelText('Adult (£)'), '99.50');
    await saved(user);
    const seasonAsked = () => api.sent.filter((request) => request.url === '/api/christmas/season');
    expect(seasonAsked()).toEqual([]);

    await navigate('/admin/christmas');
    await waitFor(() => expect(seasonAsked()).toHaveLength(1));
  });

  it('saves nothing while a new occasion lacks its price, and labels every field', async () => {
    const { api, user } = await openEditor(PATH);
    await user.click(screen.getByRole('button', { name: 'Add an occasion' }));
    await user.type(screen.getByLabelText('Name'), 'Gin tasting');
    await user.type(screen.getByLabelText('Summary'), 'Six gins.');
    await user.type(screen.getByLabelText('Date 1'), '2027-02-12');
    expect(screen.getByLabelText('Ticket (£)')).toHaveAccessibleDescription(/^Needs an amount in pounds/);
    await user.click(screen.getByRole('button', { name: 'Add a course' }));
    for (const field of document.querySelectorAll('form input, form select, form textarea')) {
      expect(field).toHaveAccessibleName();
    }

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('shows the server’s refusal on its field, on its occasion in the list, and its link opens it', async () => {
    stubContentApi({
      answerSave: () =>
        Response.json(
          {
            error: 'Please correct the highlighted fields.',
            issues: [{ path: 'occasions.0.sittings.1.seats', message: 'is more than the dining room seats' }],
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: /^Christmas party nights/ }));
    await screen.findByRole('region', { name: 'Previous versions' });
    const seats = () =>
      within(lastOf(within(section('Sittings')).getByRole('list', { name: 'Sittings' }))).getByLabelText(
        'Seats',
      );
    await retype(user, seats(), '90');
    expect(changeList()).toHaveTextContent(
      'Christmas party nights › sittings › Dinner, 7pm–10:30pm › seats: 40 → 90',
    );
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(seats()).toHaveAccessibleDescription(/Is more than the dining room seats/);
    const problem = within(screen.getByRole('list', { name: 'Problems' })).getByRole('link');
    expect(problem).toHaveTextContent('Christmas party nights › sittings › Dinner, 7pm–10:30pm › seats');

    await user.click(screen.getByRole('button', { name: '‹ All occasions' }));
    expect(screen.getByRole('button', { name: /^Christmas party nights/ })).toHaveTextContent('1 problem');
    await user.click(problem);
    await waitFor(() => expect(seats()).toHaveFocus());
  });
});
