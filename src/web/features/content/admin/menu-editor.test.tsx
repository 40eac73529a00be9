import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { changeList, openEditor, restoreStubsAroundEachTest, saveButton } from './editor-test-kit.ts';
import { stubContentApi } from './fake-content-api.ts';

const STARTERS = 'Main: Starters';
const seedStarters = seedContent.menu.sections[STARTERS] ?? [];
const terrineIndex = seedStarters.findIndex((dish) => dish.name === 'Ham Hock Terrine');
const terrine = seedStarters[terrineIndex];

async function openDish(section: string, dish: string) {
  const user = userEvent.setup();
  const region = await screen.findByRole('region', { name: section });
  await user.click(within(region).getByRole('button', { name: new RegExp(`^${dish}`) }));
  const card = within(region)
    .getByRole('button', { name: new RegExp(`^${dish}`) })
    .closest('li') as HTMLElement;
  return { user, region, card: within(card) };
}

describe('the menu editor', () => {
  restoreStubsAroundEachTest();

  it('takes a price in pounds and keeps it in pence, and allergens as ticked', async () => {
    expect(terrine?.pricePence).toBe(950);
    expect(terrine?.allergens).toEqual({ declared: true, contains: ['gluten', 'mustard', 'sulphites'] });
    const api = stubContentApi();
    renderRoute('/admin/content/menu');
    expect(await screen.findByRole('button', { name: 'Main' })).toHaveAttribute('aria-pressed', 'true');
    const { user, card } = await openDish('Starters', 'Ham Hock Terrine');

    const price = card.getByLabelText('Price (£)');
    expect(price).toHaveValue('9.50');
    await user.clear(price);
    await user.type(price, '7.50');
    await user.click(card.getByRole('checkbox', { name: 'Celery' }));
    expect(card.getByText('Guests read: Contains: celery, gluten, mustard, sulphites')).toBeVisible();

    expect(changeList()).toHaveTextContent('Main: Starters › Ham Hock Terrine › price: £9.50 → £7.50');
    expect(changeList()).toHaveTextContent(
      'Main: Starters › Ham Hock Terrine › allergens: gluten, mustard, sulphites → celery, gluten, mustard, sulphites',
    );
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('menu').sections[STARTERS]?.[terrineIndex]).toEqual({
      ...terrine,
      pricePence: 750,
      allergens: { declared: true, contains: ['celery', 'gluten', 'mustard', 'sulphites'] },
    });
  });

  it.each(['7.555', 'abc'])('refuses a price of “%s” beside the field', async (typed) => {
    const api = stubContentApi();
    renderRoute('/admin/content/menu');
    const { user, card } = await openDish('Starters', 'Ham Hock Terrine');
    const price = card.getByLabelText('Price (£)');
    await user.clear(price);
    await user.type(price, typed);
    expect(price).toHaveAccessibleDescription(/Must be an amount in pounds, e\.g\. 7\.50/);
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('leaves a dish with every allergen unticked not declared, and says “none” only when staff confirm it', async () => {
    const api = stubContentApi();
    renderRoute('/admin/content/menu');
    const { user, card } = await openDish('Starters', 'Ham Hock Terrine');
    for (const allergen of ['Cereals containing gluten', 'Mustard', 'Sulphur dioxide and sulphites']) {
      await user.click(card.getByRole('checkbox', { name: allergen }));
    }
    expect(card.getByText('Guests read: Allergens: please ask us')).toBeVisible();
    expect(card.getByRole('group', { name: 'Allergens' })).toHaveAccessibleDescription(
      /Tick this dish’s allergens, or confirm it contains none of the 14/,
    );
    await user.click(card.getByRole('checkbox', { name: 'Contains none of the 14 allergens' }));
    expect(card.getByText('Guests read: None of the 14 allergens')).toBeVisible();
    expect(changeList()).toHaveTextContent(
      'Main: Starters › Ham Hock Terrine › allergens: gluten, mustard, sulphites → none of the 14',
    );
    await user.clear(card.getByLabelText('Price (£)'));
    await user.click(card.getByRole('checkbox', { name: 'Off today (shown struck through)' }));

    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    const saved = api.savedDocument('menu').sections[STARTERS]?.[terrineIndex];
    expect(saved).toMatchObject({ allergens: { declared: true, contains: [] }, offToday: true });
    expect(saved).not.toHaveProperty('pricePence');
  });

  it('adds a dish not declared, and will not publish it until its allergens are ticked or confirmed none', async () => {
    const { api, user } = await openEditor('/admin/content/menu');
    const region = await screen.findByRole('region', { name: 'Starters' });
    await user.click(within(region).getByRole('button', { name: 'Add a dish to Starters' }));
    await user.type(within(region).getByRole('textbox', { name: 'Name' }), 'Potted Shrimps');
    const card = within(within(region).getByRole('textbox', { name: 'Name' }).closest('li') as HTMLElement);
    const allergens = card.getByRole('group', { name: 'Allergens' });
    expect(within(allergens).queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(card.getByText('Guests read: Allergens: please ask us')).toBeVisible();
    expect(allergens).toHaveAccessibleDescription(
      /Tick this dish’s allergens, or confirm it contains none of the 14/,
    );

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(screen.getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'Main: Starters › Potted Shrimps › allergens: tick this dish’s allergens, or confirm it contains none of the 14',
    );
    expect(api.saves()).toEqual([]);

    await user.click(card.getByRole('checkbox', { name: 'Crustaceans' }));
    await user.click(card.getByRole('checkbox', { name: 'Milk' }));
    expect(allergens).not.toHaveAccessibleDescription(/Tick this dish’s allergens/);
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('menu').sections[STARTERS]?.at(-1)).toEqual({
      name: 'Potted Shrimps',
      allergens: { declared: true, contains: ['crustaceans', 'milk'] },
    });
  });

  it('moves and removes dishes', async () => {
    const api = stubContentApi();
    renderRoute('/admin/content/menu');
    const { user, card } = await openDish('Starters', 'Ham Hock Terrine');
    await user.click(card.getByRole('button', { name: 'Move Ham Hock Terrine up' }));
    expect(changeList()).toHaveTextContent('Main: Starters: order changed');
    const region = screen.getByRole('region', { name: 'Starters' });
    await user.click(within(region).getByRole('button', { name: 'Remove Ham Hock Terrine' }));
    expect(changeList()).toHaveTextContent('Main: Starters › Ham Hock Terrine: removed');

    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('menu').sections[STARTERS]?.map((dish) => dish.name)).toEqual(
      seedStarters.filter((dish) => dish !== terrine).map((dish) => dish.name),
    );
  });

  it('adds a section to the tab shown, names it, and will not save it until its dish has a name', async () => {
    const { api, user } = await openEditor('/admin/content/menu');
    await user.click(await screen.findByRole('button', { name: 'Sunday Roast' }));
    await user.click(screen.getByRole('button', { name: 'Add a section to Sunday Roast' }));
    const added = screen.getByRole('region', { name: 'New section' });
    const heading = within(added).getByRole('textbox', { name: 'Section heading' });
    expect(heading).toHaveFocus();
    await user.clear(heading);
    await user.type(heading, 'Specials');
    const region = screen.getByRole('region', { name: 'Specials' });
    const name = within(region).getByLabelText('Name');
    expect(name).toHaveAccessibleDescription(/Needs a name/);
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(screen.getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'Sunday: Specials › dish 1 › name: needs a name',
    );

    await user.type(name, 'Pie of the Day');
    await user.click(within(region).getByRole('checkbox', { name: 'Contains none of the 14 allergens' }));
    expect(changeList()).toHaveTextContent('Sunday: Specials: added');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('menu').sections['Sunday: Specials']).toEqual([
      { name: 'Pie of the Day', allergens: { declared: true, contains: [] } },
    ]);
  });

  it('renames a section, and refuses a heading another section has', async () => {
    const { api, user } = await openEditor('/admin/content/menu');
    const region = await screen.findByRole('region', { name: 'Starters' });
    const heading = within(region).getByRole('textbox', { name: 'Section heading' });
    await user.clear(heading);
    await user.type(heading, 'Mains');
    expect(heading).toHaveAccessibleDescription(/Another section is already called Mains/);
    await user.clear(heading);
    await user.type(heading, 'To Begin');
    expect(heading).toHaveFocus();
    expect(changeList()).toHaveTextContent('Main: To Begin: renamed from Main: Starters');

    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    const titles = Object.keys(api.savedDocument('menu').sections);
    expect(titles).toContain('Main: To Begin');
    expect(titles).not.toContain(STARTERS);
    expect(titles.indexOf('Main: To Begin')).toBe(Object.keys(seedContent.menu.sections).indexOf(STARTERS));
  });

  it('edits the lunch deal on the Lunch tab', async () => {
    const { api, user } = await openEditor('/admin/content/menu');
    expect(await screen.findByRole('region', { name: 'Starters' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lunch deal' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lunch' }));
    const deal = screen.getByRole('region', { name: 'Lunch deal' });
    const price = within(deal).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '£13');
    expect(changeList()).toHaveTextContent(
      `Lunch deal › price: “${seedContent.menu.lunchDeal.price}” → “£13”`,
    );

    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('menu').lunchDeal).toEqual({ ...seedContent.menu.lunchDeal, price: '£13' });
    expect(api.savedDocument('menu').kidsDeal).toEqual(seedContent.menu.kidsDeal);
  });
});
