import { formatLongDate, formatTime, londonTimeOfDay, londonToday } from '../time/london-time.ts';

/**
 * The words of the group pre-order (issue 30): the organiser's page, the diners' link, the server's refusals
 * and the reminders. No zod here: the browser imports it.
 */

/** "11:59pm on Tuesday 1 December 2026": a deadline as the guest reads it. */
export function deadlineText(deadline: Date | string): string {
  const at = new Date(deadline);
  return `${formatTime(londonTimeOfDay(at))} on ${formatLongDate(londonToday(at))}`;
}

/** The name a diner added by the deadline is given for a place nobody took: "Guest 10". */
export function placeholderDinerName(place: number): string {
  return `Guest ${place}`;
}

/** The organiser as a diner sees them: their first name only. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The party's own notes beside its diners' (given at booking): the field's name on the booking forms, and the
 * words staff and the kitchen read them by on the cards, the sheets and the CSV.
 */
export const PARTY_NOTE_WORDS = {
  allergiesField: 'Allergies in the party',
  allergies: 'Party allergies',
  occasionNotes: 'Occasion notes',
  /** Whose allergy a party's is, in a list of the diners' own: "Olive Organiser’s party". */
  partyOf: (name: string) => `${name}’s party`,
} as const;

export const PRE_ORDER_MESSAGES = {
  linkNotFound: 'This link does not open a booking. Please check it, or ask whoever sent it.',
  bookingNotFound: 'Occasion booking not found.',
  dinerNotFound: 'That diner is not on this booking.',
  menuRemoved:
    'This occasion’s menu is no longer published, so its choices cannot be changed here. Please call us.',
  cancelled: 'This booking has been cancelled, so no choices can be made for it.',
  notConfirmed: 'This booking is not confirmed yet, so no choices can be made for it.',
  ticketed: 'This event has no courses to choose: there is nothing to pre-order.',
  closed: (deadline: Date | string, organiserFirstName: string) =>
    `The choices for this table closed on ${deadlineText(deadline)}; please ask ${organiserFirstName} or call us.`,
  closedForOrganiser: (deadline: Date | string) =>
    `The choices for this table closed on ${deadlineText(deadline)}; please call us to change them.`,
  /** To a diner; the organiser and staff, who can change any diner's choices, are told so instead. */
  full: (partySize: number, toDiner = true) =>
    `All ${partySize} places at this table have been chosen, so no one else can be added. ` +
    (toDiner
      ? 'Please ask the organiser if someone’s place should be changed.'
      : 'Change one of the diners’ choices instead.'),
  courseMissing: (course: string) => `Please choose a ${course.toLowerCase()}.`,
  /** A course's dishes until one is chosen: staff adding a diner choose every course (or none, where it may be). */
  chooseCourse: (course: string) => `Choose a ${course.toLowerCase()}`,
  notOfCourse: (course: string) => `Please choose a ${course.toLowerCase()} from the menu.`,
  courseOrNone: (course: string) => `Please choose a ${course.toLowerCase()}, or none.`,
  courseRequired: (course: string) => `Every diner has a ${course.toLowerCase()}: please choose one.`,
  unknownCourse: 'The choices name a course this menu does not have.',
  nameNeeded: 'Please give the diner’s name.',
  /** A course the diner goes without (`NO_DISH`), on sheets, lists, e-mails and the CSV. */
  noDish: 'None',
  /** The choice of going without an optional course, beside its dishes: "No starter, thank you". */
  goWithout: (course: string) => `No ${course.toLowerCase()}, thank you`,
  /** A course the diner goes without, in a line of their dishes: "Soup, Turkey, No dessert". */
  withoutCourse: (course: string) => `No ${course.toLowerCase()}`,
} as const;
