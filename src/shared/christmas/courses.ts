import { isWholeCount } from '../booking/party.ts';
import { COURSES, type Course } from './ids.ts';
import type { ChristmasSelections } from './schemas.ts';
import type { ChristmasSeason } from './season-schema.ts';

/** A form's dish counters: course → dish id → how many. */
export type DishCounts = Record<Course, Record<string, number>>;
export const NO_DISHES: DishCounts = { starters: {}, mains: {}, desserts: {} };

export const COURSE_LABELS: Record<Course, string> = {
  starters: 'Starters',
  mains: 'Mains',
  desserts: 'Desserts',
};

/** The order's selections from a form's counters, leaving out dishes nobody chose. */
export function selectionsFromCounts(counts: DishCounts): ChristmasSelections {
  const selections = {} as ChristmasSelections;
  for (const course of COURSES) {
    selections[course] = Object.entries(counts[course])
      .filter(([, count]) => count > 0)
      .map(([item, count]) => ({ item, count }));
  }
  return selections;
}

/** A form's counters from a stored pre-order: a guest's own order, to change (issue 18). */
export function countsFromSelections(selections: ChristmasSelections): DishCounts {
  const counts = {} as DishCounts;
  for (const course of COURSES) {
    counts[course] = {};
    for (const { item, count } of selections[course] ?? []) {
      counts[course][item] = (counts[course][item] ?? 0) + count;
    }
  }
  return counts;
}

/** How many of one dish a pre-order has, however often it names it. */
export function countOf(selections: ChristmasSelections, course: Course, item: string): number {
  return (selections[course] ?? [])
    .filter((selection) => selection.item === item)
    .reduce((sum, selection) => sum + selection.count, 0);
}

export function courseTotal(selections: ChristmasSelections, course: Course): number {
  return selections[course].reduce((sum, selection) => sum + selection.count, 0);
}

export function countsAreWhole(selections: ChristmasSelections): boolean {
  return COURSES.every((course) => selections[course].every((selection) => isWholeCount(selection.count)));
}

export function dishesAreOnTheMenu(selections: ChristmasSelections, season: ChristmasSeason): boolean {
  return COURSES.every((course) => {
    const ids = new Set(season.menu[course].map((dish) => dish.id));
    return selections[course].every((selection) => selection.count === 0 || ids.has(selection.item));
  });
}

/** How many dishes of a course are still to allocate: negative when too many are. */
export function stillToAllocate(selections: ChristmasSelections, course: Course, guests: number): number {
  return guests - courseTotal(selections, course);
}

/** Selections as stored: only dishes with a count, in menu order, a dish named twice counted once. */
export function tidySelections(
  selections: ChristmasSelections,
  season: ChristmasSeason,
): ChristmasSelections {
  const tidy = {} as ChristmasSelections;
  for (const course of COURSES) {
    tidy[course] = season.menu[course]
      .map((dish) => ({ item: dish.id, count: countOf(selections, course, dish.id) }))
      .filter((selection) => selection.count > 0);
  }
  return tidy;
}

function dishName(season: ChristmasSeason, course: Course, item: string): string {
  return season.menu[course].find((dish) => dish.id === item)?.name ?? item;
}

/** Each course's label and its dishes, such as ["Mains", "2 × Roast Norfolk turkey, 1 × Pan-roasted sea bass"]. */
export function preOrderByCourse(
  selections: ChristmasSelections,
  season: ChristmasSeason,
): [label: string, dishes: string][] {
  return COURSES.map((course) => {
    const dishes = selections[course].map(
      (selection) => `${selection.count} × ${dishName(season, course, selection.item)}`,
    );
    return [COURSE_LABELS[course], dishes.length > 0 ? dishes.join(', ') : 'none'];
  });
}

/** The pre-order as lines such as "Mains: 2 × Roast Norfolk turkey, 1 × Pan-roasted sea bass". */
export function preOrderLines(selections: ChristmasSelections, season: ChristmasSeason): string[] {
  return preOrderByCourse(selections, season).map(([label, dishes]) => `${label}: ${dishes}`);
}
