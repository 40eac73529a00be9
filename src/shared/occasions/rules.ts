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

/**
 * The one refund rule: until when cancelling gets back what is paid for `date` at `now` (its refund cut-off), or
 * null once `now` is past it: a payment made then is not refundable, and a cancellation then refunds nothing.
 */
export function refundableUntil(occasion: Occasion, date: string, now: Date): Date | null {
  const cutoff = refundCutoff(occasion, date);
  return now.getTime() <= cutoff.getTime() ? cutoff : null;
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

/** One diner's choice per course: course id → dish id, or `NO_DISH`. */
export type DinerChoices = Record<string, string>;

/**
 * A diner's answer "none, thank you" to an optional course (a starter, a dessert), kept in `choices` where a dish
 * id would be: the course is answered, so the deadline gives it no default. No dish may take this id.
 */
export const NO_DISH = 'none';

/** Whether the diner chose to go without `course` (only an optional course allows it). */
export function goesWithout(course: OccasionCourse, choices: DinerChoices): boolean {
  return choices[course.id] === NO_DISH;
}

/** The course's dish a choice names, or undefined when it names none of them (or the diner goes without). */
export function chosenDish(course: OccasionCourse, choices: DinerChoices) {
  const dishId = choices[course.id];
  return course.dishes.find((dish) => dish.id === dishId);
}

/** The choices with every open course given its default dish; a course answered `NO_DISH` stays without. */
export function withDefaults(occasion: Occasion, choices: DinerChoices): DinerChoices {
  const complete: DinerChoices = { ...choices };
  for (const course of openCourses(occasion, choices)) complete[course.id] = course.defaultDishId;
  return complete;
}

/** The courses a diner has not answered yet: no dish of the course, and not `NO_DISH` for an optional one. */
export function openCourses(occasion: Occasion, choices: DinerChoices): OccasionCourse[] {
  return occasion.courses.filter(
    (course) => !chosenDish(course, choices) && !(course.optional && goesWithout(course, choices)),
  );
}

/** What a diner's dishes add to the bill, paid on the day (a cheese plate's £3.50): each chosen dish's supplement. */
export function dinerSupplementPence(occasion: Pick<Occasion, 'courses'>, choices: DinerChoices): number {
  return occasion.courses.reduce(
    (sum, course) => sum + (chosenDish(course, choices)?.supplementPence ?? 0),
    0,
  );
}

/** What a party's diners' dishes add to its bill, together. */
export function supplementsPence(
  occasion: Pick<Occasion, 'courses'>,
  diners: readonly { choices: DinerChoices }[],
): number {
  return diners.reduce((sum, diner) => sum + dinerSupplementPence(occasion, diner.choices), 0);
}

/** What is left to pay on the day: the party's price and its dishes' supplements, less what was paid ahead. */
export function leftToPayPence(
  booking: { totalPence: number; paidPence: number },
  supplements: number,
): number {
  return Math.max(0, booking.totalPence + supplements - booking.paidPence);
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

/** Whether the sitting still sells online at `now`: the public booking's rule, and the staff screen's badge. */
export function sellsOnline(occasion: Occasion, date: string, sittingStart: string, now: Date): boolean {
  return now < onlineBookingCloses(occasion, date, sittingStart);
}
