import { formatMoney } from '#shared/money/money.ts';
import type { Diner } from '#shared/occasions/api.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { chosenDish, goesWithout } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionDish, OccasionSitting } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime, formatTimeRange } from '#shared/time/london-time.ts';

/** The words the organiser's page and the diner's page say about a party's sitting and dishes. */

function sittingOf(occasion: Occasion, sittingId: string): OccasionSitting | undefined {
  return occasion.sittings.find((sitting) => sitting.id === sittingId);
}

/** "Friday 11 December 2026 at 7pm" (the sitting's start), or the date alone for a sitting no longer listed. */
export function whenText(occasion: Occasion, date: string, sittingId: string): string {
  const sitting = sittingOf(occasion, sittingId);
  return sitting ? `${formatLongDate(date)} at ${formatTime(sitting.start)}` : formatLongDate(date);
}

/** "Dinner, 7pm–10:30pm". */
export function sittingText(occasion: Occasion, sittingId: string): string {
  const sitting = sittingOf(occasion, sittingId);
  return sitting ? `${sitting.label}, ${formatTimeRange(sitting.start, sitting.end)}` : sittingId;
}

/** A dish as a guest chooses it: its name, and its supplement when it has one. */
export function dishLabel(dish: OccasionDish): string {
  return dish.supplementPence > 0 ? `${dish.name} (+${formatMoney(dish.supplementPence)})` : dish.name;
}

interface ChoiceLine {
  course: string;
  dish: string;
  /** The deadline gave this course its default dish. */
  defaulted: boolean;
}

/** One line per course of a diner's choices, in the menu's order. */
export function choiceLines(
  occasion: Occasion,
  diner: Pick<Diner, 'choices' | 'defaultedCourses'>,
): ChoiceLine[] {
  return occasion.courses.map((course) => {
    const dish = chosenDish(course, diner.choices);
    const without = goesWithout(course, diner.choices);
    return {
      course: course.name,
      dish: dish?.name ?? (without ? PRE_ORDER_MESSAGES.noDish : 'Not chosen'),
      defaulted: diner.defaultedCourses.includes(course.id),
    };
  });
}

export const DINER_MESSAGES = {
  title: 'Choose your dishes',
  lead: (organiser: string, occasion: string, when: string, deadline: string) =>
    `${organiser} has booked ${occasion} on ${when}: choose your dishes by ${deadline}.`,
  full: (organiser: string) =>
    `Every place at this table has its dishes chosen. If you are one of the party, please ask ${organiser} to change yours.`,
  thanks: (name: string) => `Thank you, ${name}: your dishes are in.`,
  closePage: 'You can close this page.',
  changeLater: (organiser: string) => `To change them, please ask ${organiser}.`,
  chooseAnother: 'Choose for someone else',
  send: 'Send my choices',
  emailHint: 'Only if you would like a reminder before the deadline.',
  failure: 'Sorry, your choices did not go through. Please try again.',
} as const;

export const ORGANISER_MESSAGES = {
  title: 'Your party booking',
  ticketedTitle: 'Your tickets',
  lead: 'Share the diners’ link so everyone chooses their own dishes, or choose for them here.',
  countdown: 'Time left to choose',
  shareWords: (occasion: string, day: string, deadline: string) =>
    `Choose your dishes for ${occasion} on ${day} by ${deadline}:`,
  copied: 'Copied: paste it into a message to your party.',
  copyFailed: 'This browser would not copy it: please select the words and copy them yourself.',
  notChosen: (places: number) => `Not chosen yet: ${plural(places, 'place', 'places')}`,
  allChosen: 'Everyone has chosen.',
  nobodyYet: 'Nobody has chosen yet.',
  defaultsToCome: (deadline: string) =>
    `Anyone who has not chosen by ${deadline} is served the dishes marked as the defaults.`,
  locked: (deadline: string) =>
    `Choices closed on ${deadline}; the kitchen has your order. Call us to change it on`,
  saved: (name: string) => `${name}’s dishes are saved.`,
  cancelled: 'This booking is cancelled.',
  cancelQuestion: 'Cancel your party booking?',
  refundTerms: (paid: string, cutoff: string) =>
    `What you paid (${paid}) is refunded in full if you cancel by ${cutoff}; after that it is kept.`,
  refundNow: (paid: string) => `If you cancel now, the ${paid} you paid is refunded in full to your card.`,
  keptNow: (paid: string) =>
    `If you cancel now, the ${paid} you paid is kept: the date is within our refund cut-off.`,
  nothingPaid: 'Nothing has been paid, so there is nothing to refund.',
  failure: 'Sorry, that did not go through. Please try again, or call us.',
} as const;
