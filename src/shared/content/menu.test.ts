import { describe, expect, it } from 'vitest';
import menuJson from '#content/menu.json' with { type: 'json' };
import {
  availableTabs,
  DEFAULT_MENU_TAB,
  dietaryBadgeLabel,
  initialTab,
  MENU_TABS,
  menuTab,
  menuTabOf,
  nonEmptySections,
  orderSections,
  SECTION_ORDER,
  sectionHeading,
  sectionsForTab,
  tabFromHash,
} from './menu.ts';
import { menuSchema } from './schemas.ts';

const item = (name: string) => ({ name });

describe('menuTabOf', () => {
  it('reads the tab from the title prefix', () => {
    expect(menuTabOf('Lunch: Home Baked Baguettes')).toBe('lunch');
    expect(menuTabOf('Main: Starters')).toBe('main');
    expect(menuTabOf('Sunday: Roasts')).toBe('sunday');
    expect(menuTabOf('Children: Puddings')).toBe('children');
  });

  it('is null for an unknown or missing prefix', () => {
    expect(menuTabOf('Breakfast: Eggs')).toBeNull();
    expect(menuTabOf('Starters')).toBeNull();
    expect(menuTabOf('main: Starters')).toBeNull();
  });
});

describe('sectionHeading', () => {
  it('is the part after the first ": "', () => {
    expect(sectionHeading('Main: Served With')).toBe('Served With');
    expect(sectionHeading('Lunch: £12 Lunch')).toBe('£12 Lunch');
    expect(sectionHeading('Main: Pies: and Puddings')).toBe('Pies: and Puddings');
  });

  it('is the whole title when there is no prefix', () => {
    expect(sectionHeading('Small Plates')).toBe('Small Plates');
  });
});

describe('tabs', () => {
  it('has the four tabs with their labels and subtitles, Main by default', () => {
    expect(MENU_TABS.map((tab) => [tab.id, tab.label, tab.subtitle])).toEqual([
      ['lunch', 'Lunch', 'Tuesday–Saturday 12pm–4pm'],
      ['main', 'Main', 'Tuesday–Saturday 6pm–10pm'],
      ['sunday', 'Sunday Roast', 'Sunday 12pm–5pm'],
      ['children', 'Children', 'Available during all sessions'],
    ]);
    expect(DEFAULT_MENU_TAB).toBe('main');
    expect(menuTab('sunday').label).toBe('Sunday Roast');
  });

  it('shows only tabs that have at least one section, in tab order', () => {
    const sections = {
      'Children: Mains': [item('Pasta')],
      'Main: Starters': [item('Soup')],
      'Sunday: Roasts': [],
    };
    expect(availableTabs(sections).map((tab) => tab.id)).toEqual(['main', 'children']);
    expect(availableTabs({})).toEqual([]);
  });

  it('shows all four tabs for the real menu', () => {
    expect(availableTabs(menuJson.sections).map((tab) => tab.id)).toEqual([
      'lunch',
      'main',
      'sunday',
      'children',
    ]);
  });
});

describe('tabFromHash and initialTab', () => {
  const all = MENU_TABS;
  const noSunday = MENU_TABS.filter((tab) => tab.id !== 'sunday');

  it('maps the anchors #sunday and #lunch to their tabs', () => {
    expect(tabFromHash('#sunday', all)).toBe('sunday');
    expect(tabFromHash('#lunch', all)).toBe('lunch');
    expect(tabFromHash('#Children', all)).toBe('children');
    expect(tabFromHash('#main-menu', all)).toBe('main');
  });

  it('leaves #main to the skip link, which targets the page’s main element', () => {
    expect(MENU_TABS.map((tab) => tab.anchor)).not.toContain('main');
    expect(tabFromHash('#main', all)).toBeNull();
    expect(tabFromHash('#%E0%A4%A', all)).toBeNull();
  });

  it('ignores hashes that name no available tab', () => {
    expect(tabFromHash('#sunday', noSunday)).toBeNull();
    expect(tabFromHash('#drinks', all)).toBeNull();
    expect(tabFromHash('', all)).toBeNull();
  });

  it('opens the hash tab, else Main, else the first tab there is', () => {
    expect(initialTab('#sunday', all)).toBe('sunday');
    expect(initialTab('', all)).toBe('main');
    expect(initialTab('#sunday', noSunday)).toBe('main');
    expect(
      initialTab(
        '',
        MENU_TABS.filter((tab) => tab.id === 'children' || tab.id === 'sunday'),
      ),
    ).toBe('sunday');
    expect(initialTab('#main-menu', [])).toBeNull();
  });
});

describe('section order', () => {
  it('lists the known headings in printed-menu order', () => {
    expect(SECTION_ORDER.slice(0, 8)).toEqual(
      'Grazing,Starters,Mains,Roasts,Sides,Desserts,Puddings,Served With'.split(','),
    );
  });

  it('sorts a tab’s sections by the fixed order, unlisted headings after in file order', () => {
    const sections = {
      'Main: Desserts': [item('Crumble')],
      'Main: Specials': [item('Pie of the Day')],
      'Main: Starters': [item('Soup')],
      'Lunch: Sandwiches': [item('BLT')],
      'Main: Grazing': [item('Olives')],
      'Main: Cheese': [item('Board')],
      'Main: Sides': [item('Chips')],
      'Main: Empty': [],
    };
    expect(sectionsForTab(sections, 'main').map((section) => section.heading)).toEqual([
      'Grazing',
      'Starters',
      'Sides',
      'Desserts',
      'Specials',
      'Cheese',
    ]);
    expect(sectionsForTab(sections, 'lunch')).toEqual([
      { title: 'Lunch: Sandwiches', heading: 'Sandwiches', items: [item('BLT')] },
    ]);
    expect(sectionsForTab(sections, 'children')).toEqual([]);
  });

  it('orders the real lunch and Sunday menus', () => {
    const menu = menuSchema.parse(menuJson);
    expect(sectionsForTab(menu.sections, 'lunch').map((section) => section.heading)).toEqual([
      'Home Baked Baguettes',
      'Other Plates',
      '£12 Lunch',
    ]);
    expect(sectionsForTab(menu.sections, 'sunday').map((section) => section.heading)).toEqual([
      'Starters',
      'Roasts',
      'Desserts',
    ]);
  });

  it('does not reorder the input', () => {
    const input = [
      { title: 'Main: Sides', heading: 'Sides', items: [] },
      { title: 'Main: Mains', heading: 'Mains', items: [] },
    ];
    expect(orderSections(input).map((section) => section.heading)).toEqual(['Mains', 'Sides']);
    expect(input.map((section) => section.heading)).toEqual(['Sides', 'Mains']);
  });
});

describe('badges and the showtime menu', () => {
  it('spells out dietary badge codes only', () => {
    expect(dietaryBadgeLabel('V')).toBe('Vegetarian');
    expect(dietaryBadgeLabel('VG')).toBe('Vegan');
    expect(dietaryBadgeLabel('gf')).toBe('Gluten-free');
    expect(dietaryBadgeLabel('Local')).toBeNull();
  });

  it('keeps showtime sections that have items, in file order', () => {
    expect(
      nonEmptySections({ 'To Share': [item('Nachos')], Empty: [], 'Small Plates': [item('Wings')] }).map(
        (section) => section.heading,
      ),
    ).toEqual(['To Share', 'Small Plates']);
  });
});
