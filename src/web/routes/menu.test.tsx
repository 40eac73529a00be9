import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllergenDeclaration } from '#shared/content/allergens.ts';
import type { Menu } from '#shared/content/schemas.ts';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { MenuTabs } from '../features/content/menu/menu-tabs.tsx';

/** A dish declared free of the 14 allergens. */
const NONE: AllergenDeclaration = { declared: true, contains: [] };

/** Elements the router scrolled to, and whether they were showing at that moment (jsdom has no scrolling). */
let scrolledTo: { id: string; hidden: boolean }[] = [];

beforeEach(() => {
  // The Christmas promo would open over every page; these tests are about the menu.
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
  scrolledTo = [];
  Element.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolledTo.push({ id: this.id, hidden: this.hasAttribute('hidden') });
  };
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

/** Pages served by the server and hydrated, unmounted after each test. */
const hydrated: { root: Root; container: HTMLElement }[] = [];

afterEach(() => {
  for (const { root, container } of hydrated.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  vi.restoreAllMocks();
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
const panel = () => screen.getByRole('tabpanel');
const sectionHeadings = () =>
  within(panel())
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

async function openMenu(path = '/menu') {
  const view = renderRoute(path);
  await screen.findByRole('tablist', { name: 'Menus' });
  return view;
}

function renderTabs(sections: Menu['sections'], path = '/menu') {
  const deal = { title: 'Deal', price: '£1', description: 'A deal' };
  const menu: Menu = { sections, lunchDeal: deal, kidsDeal: deal };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MenuTabs menu={menu} />
    </MemoryRouter>,
  );
}

describe('Menu page tabs', () => {
  it('opens on the Main menu with its subtitle, and offers the Showtime Menu as a link', async () => {
    await openMenu();
    expect(tabNames()).toEqual(['Lunch', 'Main', 'Sunday Roast', 'Children']);
    expect(selectedTab()).toHaveTextContent('Main');
    expect(screen.getByRole('tab', { name: 'Main' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Lunch' })).toHaveAttribute('tabindex', '-1');
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Main Menu' })).toBeInTheDocument();
    expect(within(panel()).getByText('Tuesday–Saturday 6pm–10pm')).toBeInTheDocument();
    expect(panel()).toHaveAttribute('id', 'main-menu');
    expect(document.querySelectorAll('#main')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Showtime Menu' })).toHaveAttribute('href', '/menu/showtimeMenu');
  });

  it('shows only the tabs that have sections, defaulting to Main', () => {
    renderTabs({
      'Children: Mains': [{ name: 'Tomato Pasta', allergens: NONE }],
      'Main: Starters': [{ name: 'Soup', allergens: NONE }],
    });
    expect(tabNames()).toEqual(['Main', 'Children']);
    expect(selectedTab()).toHaveTextContent('Main');
    expect(within(panel()).getByText('Soup')).toBeInTheDocument();
    expect(document.getElementById('sunday')).toBeNull();
  });

  it('prints what each dish declares, and asks guests to ask about a dish whose allergens are not declared', () => {
    renderTabs({
      'Main: Starters': [
        { name: 'Soup', allergens: NONE },
        { name: 'Pie', allergens: { declared: true, contains: ['milk', 'gluten'] } },
        { name: 'Special', allergens: { declared: false } },
      ],
    });
    const allergensOf = (dish: string) => screen.getByText(dish).closest('li')?.lastElementChild?.textContent;
    expect(allergensOf('Soup')).toBe('None of the 14 allergens');
    expect(allergensOf('Pie')).toBe('Contains: gluten, milk');
    expect(allergensOf('Special')).toBe('Allergens: please ask us');
  });

  it('falls back to the first tab when there is no Main menu, and ignores a hash for a missing tab', () => {
    renderTabs(
      {
        'Sunday: Roasts': [{ name: 'Roast Beef', allergens: NONE }],
        'Lunch: Baguettes': [{ name: 'BLT', allergens: NONE }],
      },
      '/menu#main',
    );
    expect(tabNames()).toEqual(['Lunch', 'Sunday Roast']);
    expect(selectedTab()).toHaveTextContent('Lunch');
    expect(within(panel()).getByText('BLT')).toBeInTheDocument();
  });

  it('switches tab on click and writes the tab to the address bar', async () => {
    const user = userEvent.setup();
    await openMenu();
    await user.click(screen.getByRole('tab', { name: 'Sunday Roast' }));
    expect(selectedTab()).toHaveTextContent('Sunday Roast');
    expect(within(panel()).getByText('Sunday 12pm–5pm')).toBeInTheDocument();
    expect(within(panel()).getByText('Roast Sirloin of Beef')).toBeInTheDocument();
    expect(screen.getByText('Steak & Ale Pie')).not.toBeVisible();
    expect(window.location.hash).toBe('#sunday');

    await user.click(screen.getByRole('tab', { name: 'Children' }));
    expect(within(panel()).getByText('Available during all sessions')).toBeInTheDocument();
    expect(within(panel()).getByText('Mini Cheeseburger')).toBeInTheDocument();
    expect(window.location.hash).toBe('#children');
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    await openMenu();
    screen.getByRole('tab', { name: 'Main' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('Sunday Roast');
    expect(screen.getByRole('tab', { name: 'Sunday Roast' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Sunday Roast' })).toHaveAttribute('tabindex', '0');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selectedTab()).toHaveTextContent('Lunch');
    expect(within(panel()).getByText('Tuesday–Saturday 12pm–4pm')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Children' })).toHaveFocus();
    expect(selectedTab()).toHaveTextContent('Children');

    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('Lunch');

    await user.keyboard('{End}');
    expect(selectedTab()).toHaveTextContent('Children');
    await user.keyboard('{Home}');
    expect(selectedTab()).toHaveTextContent('Lunch');
  });

  it('opens Sunday Roast from /menu#sunday, on the element with that id', async () => {
    await openMenu('/menu#sunday');
    expect(selectedTab()).toHaveTextContent('Sunday Roast');
    expect(document.getElementById('sunday')).toBe(panel());
    expect(scrolledTo).toEqual([{ id: 'sunday', hidden: false }]);
    expect(sectionHeadings()).toEqual(['Starters', 'Roasts', 'Desserts']);
  });

  it('opens Lunch from /menu#lunch, on the element with that id', async () => {
    await openMenu('/menu#lunch');
    expect(selectedTab()).toHaveTextContent('Lunch');
    expect(document.getElementById('lunch')).toBe(panel());
    expect(scrolledTo).toEqual([{ id: 'lunch', hidden: false }]);
    expect(within(panel()).getByText('Sausage & Mash')).toBeInTheDocument();
  });

  it('follows the drawer’s Sunday Roasts link while already on the menu', async () => {
    const user = userEvent.setup();
    await openMenu();
    expect(selectedTab()).toHaveTextContent('Main');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('link', { name: 'Sunday Roasts' }));
    expect(selectedTab()).toHaveTextContent('Sunday Roast');
    expect(scrolledTo).toContainEqual({ id: 'sunday', hidden: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/**
 * Serves the menu as the server renders it (the server never sees the hash), then hydrates it in a browser
 * whose address is `path`, as a shared link or a reload does.
 */
async function hydrateMenuAt(path: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <StaticRouter location="/menu">
      <MenuTabs menu={seedContent.menu} />
    </StaticRouter>,
  );
  document.body.append(container);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    const root = hydrateRoot(
      container,
      <MemoryRouter initialEntries={[path]}>
        <MenuTabs menu={seedContent.menu} />
      </MemoryRouter>,
    );
    hydrated.push({ root, container });
  });
  return errors;
}

describe('Menu page opened fresh at a tab’s link', () => {
  it.each([
    ['/menu#sunday', 'Sunday Roast', 'sunday', 'Roast Sirloin of Beef'],
    ['/menu#lunch', 'Lunch', 'lunch', 'Sausage & Mash'],
    ['/menu#children', 'Children', 'children', 'Mini Cheeseburger'],
  ])(
    'shows the tab %s names once the server-rendered page is hydrated, and scrolls to it',
    async (path, tab, anchor, dish) => {
      const errors = await hydrateMenuAt(path);
      expect(selectedTab()).toHaveTextContent(tab);
      expect(panel()).toHaveAttribute('id', anchor);
      expect(within(panel()).getByText(dish)).toBeVisible();
      expect(scrolledTo).toEqual([{ id: anchor, hidden: false }]);
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it('stays on Main, untouched, when the address has no tab', async () => {
    const errors = await hydrateMenuAt('/menu');
    expect(selectedTab()).toHaveTextContent('Main');
    expect(scrolledTo).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('Menu page content', () => {
  it('lists the sections of each menu in the fixed order', async () => {
    const user = userEvent.setup();
    await openMenu();
    expect(sectionHeadings()).toEqual(['Grazing', 'Starters', 'Mains', 'Sides', 'Desserts', 'Served With']);
    await user.click(screen.getByRole('tab', { name: 'Lunch' }));
    expect(sectionHeadings()).toEqual(['Home Baked Baguettes', 'Other Plates', '£12 Lunch']);
    await user.click(screen.getByRole('tab', { name: 'Children' }));
    expect(sectionHeadings()).toEqual(['Mains', 'Puddings']);
  });

  it('shows each dish with its ingredients, badge and price', async () => {
    await openMenu();
    const pie = screen.getByText('Steak & Ale Pie').closest('li');
    expect(pie).not.toBeNull();
    const row = within(pie as HTMLElement);
    expect(row.getByText('Chef’s favourite')).toBeInTheDocument();
    expect(row.getByText('£18.50')).toBeInTheDocument();
    expect(row.getByText(/Slow-braised British beef/)).toBeInTheDocument();

    const tagine = within(screen.getByText('Spiced Squash & Chickpea Tagine').closest('li') as HTMLElement);
    expect(tagine.getByText('VG')).toBeInTheDocument();
    expect(tagine.getByText('(Vegan)')).toHaveClass('sr-only');

    const burger = within(screen.getByText('The Rose & Crown Burger').closest('li') as HTMLElement);
    expect(burger.queryByText('Chef’s favourite')).toBeNull();
  });

  it('writes every price on every tab, and the deals, by the one rule: no pence on whole pounds', async () => {
    const user = userEvent.setup();
    await openMenu();
    const prices: string[] = [];
    for (const tab of tabNames()) {
      await user.click(screen.getByRole('tab', { name: tab ?? '' }));
      prices.push(
        ...within(panel())
          .getAllByText(/^£[\d.,]+$/)
          .map((price) => price.textContent ?? ''),
      );
    }
    const deals = screen.getByRole('region', { name: 'Deals' });
    prices.push(
      ...within(deals)
        .getAllByText(/^£[\d.,]+$/)
        .map((price) => price.textContent ?? ''),
    );
    expect(prices.length).toBeGreaterThan(40);
    for (const price of prices) expect(price).toMatch(/^£\d+(\.(?!00)\d\d)?$/);

    await user.click(screen.getByRole('tab', { name: 'Lunch' }));
    const beef = within(within(panel()).getByText('Roast Beef & Horseradish').closest('li') as HTMLElement);
    expect(beef.getByText('£12')).toBeInTheDocument();
    expect(within(deals).getByText('£12')).toBeInTheDocument();
  });

  it('promotes the £12 lunch and the kids’ deal, linking to their menus', async () => {
    const user = userEvent.setup();
    await openMenu();
    const deals = screen.getByRole('region', { name: 'Deals' });
    expect(within(deals).getByRole('heading', { name: '£12 Lunch' })).toBeInTheDocument();
    expect(within(deals).getByRole('heading', { name: 'Kids’ Deal' })).toBeInTheDocument();
    expect(within(deals).getByText(/pudding and a fruit drink, all for £8/)).toBeInTheDocument();

    await user.click(within(deals).getByRole('link', { name: 'See the lunch menu' }));
    expect(selectedTab()).toHaveTextContent('Lunch');
    await user.click(within(deals).getByRole('link', { name: 'See the children’s menu' }));
    expect(selectedTab()).toHaveTextContent('Children');
  });

  it('ends with the VAT, allergy and vegan note and a link to book', async () => {
    await openMenu();
    const note = screen.getByRole('region', { name: 'Allergies and prices' });
    expect(within(note).getByText('All prices include VAT.')).toBeInTheDocument();
    expect(within(note).getByText(/tell a member of staff about any allergies/)).toBeInTheDocument();
    expect(within(note).getByText('Many of our dishes can be made vegan — ask us.')).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'Book a Table' })).toHaveAttribute('href', '/bookings');
  });

  it('goes to the Showtime menu from its tab link', async () => {
    const user = userEvent.setup();
    await openMenu();
    await user.click(screen.getByRole('link', { name: 'Showtime Menu' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quiz Night & Comedy Night Menu' }),
    ).toBeInTheDocument();
  });
});
