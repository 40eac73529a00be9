import type { Occasion, OccasionCourse, OccasionDish } from '../occasions/schema.ts';
import { addDays } from '../time/london-time.ts';
import { COURSE_LABELS } from './courses.ts';
import {
  CHEESE_BOARD_ID,
  CHRISTMAS_OCCASION_NAME,
  CHRISTMAS_OCCASION_SLUG,
  COURSES,
  SITTING_IDS,
} from './ids.ts';
import { MAX_ONLINE_CHRISTMAS_PARTY } from './online-limit.ts';
import type { ChristmasDay, ChristmasDish, ChristmasMenu, ChristmasSeason } from './season-schema.ts';

/**
 * Christmas Day is the `christmas-day` entry of the occasions document (decision 049, stage 2): a manager edits
 * it in the occasion editor, and `/christmas` sells it by its own rules (dish counts chosen when booking, the
 * cheese board's supplement, cut-offs at the end of a day). This file holds the entry to the shape those rules
 * need, and reads it as the `ChristmasSeason` the Christmas services speak. No zod here: the browser imports it.
 */

/** What each course of Christmas Day must be: the spec's menu (five starters, five mains, six desserts). */
export const CHRISTMAS_COURSE_SHAPES = {
  starters: { optional: true, dishes: 5 },
  mains: { optional: false, dishes: 5 },
  desserts: { optional: true, dishes: 6 },
} as const;

const SITTING_LABELS = { 'xmas-early': 'Early sitting', 'xmas-late': 'Late sitting' } as const;

const END_OF_DAY = 'T23:59';
/** The occasions' deadlines count at most this many days before the date. */
const MOST_DAYS_BEFORE = 60;

export const CHRISTMAS_SHAPE_MESSAGES = {
  date: 'Christmas Day is one date, 25 December',
  sittings: 'Christmas Day keeps its two sittings, xmas-early and xmas-late',
  courses: 'Christmas Day’s menu is its starters, mains and desserts, in that order',
  starters: 'Christmas Day offers five starters, which guests may go without',
  mains: 'Christmas Day offers five mains, one for every guest',
  desserts:
    'Christmas Day offers six desserts, which guests may go without, the cheese board (id "cheese-board") last',
  supplement: 'On Christmas Day only the cheese board costs extra',
  children: 'Christmas Day takes children: give their price',
  payment: 'Christmas Day takes a deposit per guest',
  party: `Christmas Day takes parties of 1 to ${MAX_ONLINE_CHRISTMAS_PARTY} online`,
  cutoff: 'Christmas Day’s online orders close at least a day before it',
  missing: 'Christmas Day stays among the occasions: it is what /christmas sells',
} as const;

export interface ShapeIssue {
  path: (string | number)[];
  message: string;
}

function courseIssues(course: OccasionCourse, index: number): ShapeIssue[] {
  const id = COURSES[index];
  if (!id || course.id !== id) return [{ path: ['courses'], message: CHRISTMAS_SHAPE_MESSAGES.courses }];
  const shape = CHRISTMAS_COURSE_SHAPES[id];
  const issues: ShapeIssue[] = [];
  const lastIsCheeseBoard = id !== 'desserts' || course.dishes.at(-1)?.id === CHEESE_BOARD_ID;
  if (course.optional !== shape.optional || course.dishes.length !== shape.dishes || !lastIsCheeseBoard)
    issues.push({ path: ['courses', index, 'dishes'], message: CHRISTMAS_SHAPE_MESSAGES[id] });
  course.dishes.forEach((dish, dishIndex) => {
    if (dish.supplementPence > 0 && dish.id !== CHEESE_BOARD_ID)
      issues.push({
        path: ['courses', index, 'dishes', dishIndex, 'supplementPence'],
        message: CHRISTMAS_SHAPE_MESSAGES.supplement,
      });
  });
  return issues;
}

/** What keeps the `christmas-day` entry from being a Christmas Day `/christmas` can sell; none when it fits. */
export function christmasDayShapeIssues(occasion: Occasion): ShapeIssue[] {
  const issues: ShapeIssue[] = [];
  const { dates } = occasion;
  if (dates.kind !== 'dates' || dates.dates.length !== 1 || !dates.dates[0]?.endsWith('-12-25'))
    issues.push({ path: ['dates'], message: CHRISTMAS_SHAPE_MESSAGES.date });
  const sittingIds = occasion.sittings.map((sitting) => sitting.id);
  if (sittingIds.length !== SITTING_IDS.length || !SITTING_IDS.every((id) => sittingIds.includes(id)))
    issues.push({ path: ['sittings'], message: CHRISTMAS_SHAPE_MESSAGES.sittings });
  if (occasion.courses.length !== COURSES.length)
    issues.push({ path: ['courses'], message: CHRISTMAS_SHAPE_MESSAGES.courses });
  else issues.push(...occasion.courses.flatMap(courseIssues));
  if (occasion.prices.childPence === null || occasion.prices.childPence === 0)
    issues.push({ path: ['prices', 'childPence'], message: CHRISTMAS_SHAPE_MESSAGES.children });
  if (occasion.payment.kind !== 'deposit')
    issues.push({ path: ['payment'], message: CHRISTMAS_SHAPE_MESSAGES.payment });
  if (occasion.party.minOnline !== 1 || occasion.party.maxOnline !== MAX_ONLINE_CHRISTMAS_PARTY)
    issues.push({ path: ['party', 'maxOnline'], message: CHRISTMAS_SHAPE_MESSAGES.party });
  if (occasion.preOrderDaysBefore < 1)
    issues.push({ path: ['preOrderDaysBefore'], message: CHRISTMAS_SHAPE_MESSAGES.cutoff });
  return issues;
}

export function isChristmasDayOccasion(occasion: Pick<Occasion, 'slug'>): boolean {
  return occasion.slug === CHRISTMAS_OCCASION_SLUG;
}

/** The occasions managers create and the occasions' own pages and services sell: all but Christmas Day. */
export function setMenuOccasions<T extends Pick<Occasion, 'slug'>>(occasions: readonly T[]): T[] {
  return occasions.filter((occasion) => !isChristmasDayOccasion(occasion));
}

/** The `christmas-day` entry; the documents' schema keeps it there. */
export function christmasDayOccasionIn(occasions: readonly Occasion[]): Occasion {
  const occasion = occasions.find(isChristmasDayOccasion);
  if (!occasion) throw new Error(CHRISTMAS_SHAPE_MESSAGES.missing);
  return occasion;
}

const pounds = (pence: number): number => pence / 100;
const pence = (pounds: number): number => Math.round(pounds * 100);

function christmasDish(dish: OccasionDish): ChristmasDish {
  return { id: dish.id, name: dish.name, description: dish.description, allergens: dish.allergens };
}

/** The entry as the season the Christmas rules work on. Its shape is checked, so every field is there. */
export function christmasSeasonOf(occasion: Occasion): ChristmasSeason {
  const date = occasion.dates.kind === 'dates' ? (occasion.dates.dates[0] as string) : occasion.dates.from;
  const dishes = (course: (typeof COURSES)[number]) =>
    (occasion.courses.find((candidate) => candidate.id === course)?.dishes ?? []).map(christmasDish);
  const cheeseBoard = occasion.courses
    .flatMap((course) => course.dishes)
    .find((dish) => dish.id === CHEESE_BOARD_ID);
  return {
    year: Number(date.slice(0, 4)),
    date,
    sittings: SITTING_IDS.map((id) => {
      const sitting = occasion.sittings.find((candidate) => candidate.id === id);
      return {
        id,
        start: sitting?.start ?? '00:00',
        end: sitting?.end ?? '00:00',
        capacity: sitting?.seats ?? 0,
      };
    }),
    prices: {
      adult: pounds(occasion.prices.adultPence),
      child: pounds(occasion.prices.childPence ?? 0),
      depositPerGuest: pounds(occasion.payment.kind === 'deposit' ? occasion.payment.perPersonPence : 0),
      cheeseBoardSupplement: pounds(cheeseBoard?.supplementPence ?? 0),
    },
    onlineCutoff: `${addDays(date, -occasion.preOrderDaysBefore)}${END_OF_DAY}`,
    refundableUntil: `${addDays(date, -occasion.refundDaysBefore)}${END_OF_DAY}`,
    menu: { starters: dishes('starters'), mains: dishes('mains'), desserts: dishes('desserts') },
  };
}

/** Christmas Day without its menu: what every page shows (the promo, the home page, the terms). */
export function christmasDayOf(season: ChristmasSeason): ChristmasDay {
  const { menu: _menu, ...day } = season;
  return day;
}

/** Whole days from `moment`'s date (YYYY-MM-DD…) to `date`. */
function daysBetween(moment: string, date: string): number {
  return Math.round((Date.parse(date) - Date.parse(moment.slice(0, 10))) / 86_400_000);
}

/**
 * The two documents Christmas Day was (`christmas-season`, `christmas-menu`) as its occasion entry. A cut-off
 * is now the end of a day: an online cut-off earlier in its day closes at the end of the day before (never
 * later than the pub said), a refund deadline earlier in its day stays on its day (a guest told "until noon"
 * is not refused at eleven).
 */
export function christmasDayOccasion(
  day: ChristmasDay,
  menu: ChristmasMenu,
  listing: Pick<Occasion, 'published' | 'featured'>,
): Occasion {
  const cutoffDays =
    daysBetween(day.onlineCutoff, day.date) + (day.onlineCutoff.endsWith(END_OF_DAY) ? 0 : 1);
  const refundUntil = day.refundableUntil ?? `${addDays(day.date, -7)}${END_OF_DAY}`;
  const course = (id: (typeof COURSES)[number]): OccasionCourse => ({
    id,
    name: COURSE_LABELS[id],
    optional: CHRISTMAS_COURSE_SHAPES[id].optional,
    dishes: menu[id].map((dish) => ({
      ...dish,
      supplementPence: dish.id === CHEESE_BOARD_ID ? pence(day.prices.cheeseBoardSupplement) : 0,
    })),
    defaultDishId: menu[id][0]?.id ?? '',
  });
  return {
    slug: CHRISTMAS_OCCASION_SLUG,
    name: CHRISTMAS_OCCASION_NAME,
    summary:
      'Three courses with prosecco on arrival, at an early or a late sitting. Book and choose your dishes online.',
    description:
      'Christmas lunch by the fire: a glass of prosecco for the adults and a soft drink for the children, three courses with all the trimmings, and the cheese board for those who want it.',
    terms: '',
    ...listing,
    dates: { kind: 'dates', dates: [day.date] },
    sittings: day.sittings.map((sitting) => ({
      id: sitting.id,
      label: SITTING_LABELS[sitting.id],
      start: sitting.start,
      end: sitting.end,
      seats: sitting.capacity,
    })),
    courses: COURSES.map(course),
    prices: { adultPence: pence(day.prices.adult), childPence: pence(day.prices.child) },
    payment: { kind: 'deposit', perPersonPence: pence(day.prices.depositPerGuest) },
    party: { minOnline: 1, maxOnline: MAX_ONLINE_CHRISTMAS_PARTY },
    preOrderDaysBefore: Math.min(MOST_DAYS_BEFORE, Math.max(1, cutoffDays)),
    refundDaysBefore: Math.min(MOST_DAYS_BEFORE, Math.max(0, daysBetween(refundUntil, day.date))),
  };
}
