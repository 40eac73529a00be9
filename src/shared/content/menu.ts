import { formatTimeRange } from '../time/london-time.ts';
import type { MenuItem } from './schemas.ts';

/**
 * Rules of the food menu (spec §2 Menu, §3 Menu data). Section titles in content/menu.json read
 * "Tab: Heading" ("Main: Starters"); the prefix decides the tab, the rest is the printed heading.
 */

export type MenuTabId = 'lunch' | 'main' | 'sunday' | 'children';

export interface MenuTab {
  id: MenuTabId;
  /** The section title prefix that belongs to this tab. */
  prefix: 'Lunch' | 'Main' | 'Sunday' | 'Children';
  label: string;
  /** The page anchor of the tab's panel: /menu#sunday opens Sunday Roast. Not "main", the skip link's target. */
  anchor: string;
  /** The heading over the tab's menu. */
  title: string;
  /** When the menu is served. */
  subtitle: string;
}

/** Every tab, in the order they are shown. */
export const MENU_TABS: readonly MenuTab[] = [
  {
    id: 'lunch',
    prefix: 'Lunch',
    label: 'Lunch',
    anchor: 'lunch',
    title: 'Lunch Menu',
    subtitle: `Tuesday–Saturday ${formatTimeRange('12:00', '16:00')}`,
  },
  {
    id: 'main',
    prefix: 'Main',
    label: 'Main',
    anchor: 'main-menu',
    title: 'Main Menu',
    subtitle: `Tuesday–Saturday ${formatTimeRange('18:00', '22:00')}`,
  },
  {
    id: 'sunday',
    prefix: 'Sunday',
    label: 'Sunday Roast',
    anchor: 'sunday',
    title: 'Sunday Roast',
    subtitle: `Sunday ${formatTimeRange('12:00', '17:00')}`,
  },
  {
    id: 'children',
    prefix: 'Children',
    label: 'Children',
    anchor: 'children',
    title: 'Children’s Menu',
    subtitle: 'Available during all sessions',
  },
];

export const DEFAULT_MENU_TAB: MenuTabId = 'main';

/** Headings in the order a printed menu lists them; headings not listed follow, in file order. */
export const SECTION_ORDER: readonly string[] = [
  'Grazing',
  'Starters',
  'Mains',
  'Roasts',
  'Sides',
  'Desserts',
  'Puddings',
  'Served With',
  'Home Baked Baguettes',
  'Other Plates',
  '£12 Lunch',
];

export interface MenuSection<Item = MenuItem> {
  /** The title as written in the content file, e.g. "Main: Starters". */
  title: string;
  /** The printed heading, e.g. "Starters". */
  heading: string;
  items: Item[];
}

const SEPARATOR = ': ';

/** The tab a section title belongs to, or null when its prefix is not a known tab. */
export function menuTabOf(title: string): MenuTabId | null {
  const at = title.indexOf(SEPARATOR);
  if (at < 0) return null;
  const prefix = title.slice(0, at).trim();
  return MENU_TABS.find((tab) => tab.prefix === prefix)?.id ?? null;
}

/** The printed heading of a section title: what follows the first ": " (the whole title if none). */
export function sectionHeading(title: string): string {
  const at = title.indexOf(SEPARATOR);
  return (at < 0 ? title : title.slice(at + SEPARATOR.length)).trim();
}

function orderRank(heading: string): number {
  const rank = SECTION_ORDER.indexOf(heading);
  return rank < 0 ? SECTION_ORDER.length : rank;
}

/** Sections sorted by SECTION_ORDER; the sort is stable, so unlisted headings keep file order. */
export function orderSections<Item>(sections: readonly MenuSection<Item>[]): MenuSection<Item>[] {
  return [...sections].sort((a, b) => orderRank(a.heading) - orderRank(b.heading));
}

/** The sections of one tab, in printed order. Sections with no items are left out. */
export function sectionsForTab<Item>(sections: Record<string, Item[]>, tab: MenuTabId): MenuSection<Item>[] {
  const own = Object.entries(sections)
    .filter(([title, items]) => items.length > 0 && menuTabOf(title) === tab)
    .map(([title, items]) => ({ title, heading: sectionHeading(title), items }));
  return orderSections(own);
}

/** The tabs that have at least one section, in MENU_TABS order. */
export function availableTabs(sections: Record<string, readonly unknown[]>): MenuTab[] {
  const present = new Set(
    Object.entries(sections)
      .filter(([, items]) => items.length > 0)
      .map(([title]) => menuTabOf(title)),
  );
  return MENU_TABS.filter((tab) => present.has(tab.id));
}

export function menuTab(id: MenuTabId): MenuTab {
  const tab = MENU_TABS.find((candidate) => candidate.id === id);
  if (!tab) throw new Error(`Unknown menu tab ${id}`);
  return tab;
}

/** The tab a URL hash names by its anchor ("#sunday" → sunday), if it is one of the available tabs. */
export function tabFromHash(hash: string, available: readonly MenuTab[]): MenuTabId | null {
  let wanted: string;
  try {
    wanted = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase();
  } catch {
    return null;
  }
  return available.find((tab) => tab.anchor === wanted)?.id ?? null;
}

/** The tab to open first: the one the hash names, else Main, else the first there is. */
export function initialTab(hash: string, available: readonly MenuTab[]): MenuTabId | null {
  return (
    tabFromHash(hash, available) ??
    available.find((tab) => tab.id === DEFAULT_MENU_TAB)?.id ??
    available[0]?.id ??
    null
  );
}

/** Dietary badge codes and what they stand for; other badges ("Local", "New") are shown as written. */
export const DIETARY_BADGES: Readonly<Record<string, string>> = {
  V: 'Vegetarian',
  VG: 'Vegan',
  GF: 'Gluten-free',
};

export function dietaryBadgeLabel(badge: string): string | null {
  return DIETARY_BADGES[badge.trim().toUpperCase()] ?? null;
}

/** Showtime menu sections that have items, in file order. */
export function nonEmptySections<Item>(sections: Record<string, Item[]>): MenuSection<Item>[] {
  return Object.entries(sections)
    .filter(([, items]) => items.length > 0)
    .map(([title, items]) => ({ title, heading: title, items }));
}
