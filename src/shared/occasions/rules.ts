import { addDays, londonInstant, weekdayOf } from '../time/london-time.ts';
import type { Occasion, OccasionCourse } from './schema.ts';

/** The rules every side applies to an occasion: its dates, deadlines and prices. */

/** Every date the occasion runs on, in order (a weekly rule expanded). */
export function occasionDates(occasion: Occasion): string[] {
  const { dates } = occasion;
  if (dates.kind === 'dates') return [...new Set(dates.dates)].sort();
  const result: string[] = [];
  for (let date = dates.from; date <= dates.to; date = addDays(date, 1)) {
    if (dates.weekdays.includes(weekdayOf(date))) result.push(date);
  }
  return result;
}

/** A ticketed event has no courses: one ticket per guest and nothing to pre-order. */
export function isTicketed(occasion: Occasion): boolean {
  return occasion.courses.length === 0;
}

/** The end of the day `days` before `date` (London): the last moment of a deadline counted in days. */
function endOfDayBefore(date: string, days: number): Date {
  return new Date(londonInstant(addDays(date, -days + 1), '00:00').getTime() - 1);
}

/** The last moment diners may choose for a date; after it the defaults are applied and the order locks. */
export function preOrderDeadline(occasion: Occasion, date: string): Date {
  return endOfDayBefore(date, occasion.preOrderDaysBefore);
}

/** Until this moment a guest who cancels gets back what they paid. */
export function refundCutoff(occasion: Occasion, date: string): Date {
  return endOfDayBefore(date, occasion.refundDaysBefore);
}

/** How many days before the pre-order deadline the organiser and diners are reminded. */
export const PRE_ORDER_REMINDER_DAYS = 3;

export interface OccasionParty {
  adults: number;
  children: number;
}

/** The set price of a party, before any supplements chosen. */
export function partyPricePence(occasion: Occasion, party: OccasionParty): number {
  return party.adults * occasion.prices.adultPence + party.children * (occasion.prices.childPence ?? 0);
}

/** What the occasion asks to be paid online when the party books (nothing, a deposit, or the full price). */
export function amountDuePence(occasion: Occasion, party: OccasionParty): number {
  const { payment } = occasion;
  switch (payment.kind) {
    case 'none':
      return 0;
    case 'deposit':
      return payment.perPersonPence * (party.adults + party.children);
    case 'full':
      return partyPricePence(occasion, party);
  }
}

/** One diner's choice per course: course id → dish id. */
export type DinerChoices = Record<string, string>;

/** The course's dish a choice names, or undefined when it names none of them. */
export function chosenDish(course: OccasionCourse, choices: DinerChoices) {
  const dishId = choices[course.id];
  return course.dishes.find((dish) => dish.id === dishId);
}

/** The choices with every open course given its default dish. */
export function withDefaults(occasion: Occasion, choices: DinerChoices): DinerChoices {
  const complete: DinerChoices = { ...choices };
  for (const course of occasion.courses) {
    if (!chosenDish(course, complete)) complete[course.id] = course.defaultDishId;
  }
  return complete;
}

/** The courses a diner has not chosen yet. */
export function openCourses(occasion: Occasion, choices: DinerChoices): OccasionCourse[] {
  return occasion.courses.filter((course) => !chosenDish(course, choices));
}

/** The price What's On quotes ("from £38 a head"): the adult price, children's being a reduction on it. */
export function fromPricePence(occasion: Occasion): number {
  return occasion.prices.adultPence;
}

/**
 * The last moment a party can book online: a set menu closes at its pre-order deadline (the kitchen's sheets are
 * final then); a ticketed event sells until its sitting starts.
 */
export function onlineBookingCloses(occasion: Occasion, date: string, sittingStart: string): Date {
  return isTicketed(occasion) ? londonInstant(date, sittingStart) : preOrderDeadline(occasion, date);
}
