import { BOOKING_MESSAGES, isPlausiblePhone, SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import type { ChristmasSeason } from '../content/schemas.ts';
import { formatLongDate, londonInstant } from '../time/london-time.ts';

/**
 * The Christmas Day rules shared by the form and the server (no zod here: the browser bundle stays small).
 * Every amount is in pence, so sums never meet floating-point pennies.
 */

export const SITTING_IDS = ['xmas-early', 'xmas-late'] as const;
export type SittingId = (typeof SITTING_IDS)[number];

/** The supplement dish: the last dessert of the menu (checked by the content schema). */
export const CHEESE_BOARD_ID = 'cheese-board';

export const COURSES = ['starters', 'mains', 'desserts'] as const;
export type Course = (typeof COURSES)[number];

export interface DishSelection {
  /** The dish id from content/christmas-menu.json. */
  item: string;
  count: number;
}
export type ChristmasSelections = Record<Course, DishSelection[]>;

/** A form's dish counters: course → dish id → how many. */
export type DishCounts = Record<Course, Record<string, number>>;
export const NO_DISHES: DishCounts = { starters: {}, mains: {}, desserts: {} };

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

/** A party field as typed: blank counts as 0; anything else that is not a whole number is kept for the rules to refuse. */
export function guestCountFromInput(value: string): number {
  return value.trim() === '' ? 0 : Number(value);
}

export interface SittingAvailability {
  capacity: number;
  remaining: number;
  closed: boolean;
}
export type ChristmasAvailability = Record<SittingId, SittingAvailability>;

/** Spec §5 "Christmas public" texts word for word, and ours where the spec gives none. */
export const CHRISTMAS_MESSAGES = {
  sitting: 'Please choose a valid sitting.',
  partyEmpty: 'Party size must be at least 1.',
  mains: (guests: number) => `Please select exactly ${guests} mains (1 per guest).`,
  startersAndDesserts: 'Starters and desserts cannot exceed the number of guests.',
  seatsLeft: (remaining: number) => `Only ${remaining} seats left in this sitting.`,
  counts: 'Dish counts must be whole numbers, 0 or more.',
  unknownDish: 'Please choose dishes from our Christmas menu.',
  sittingClosed: 'Online booking for this sitting has closed. Please call us to ask about a table.',
  onlineClosed: 'Online Christmas Day orders have closed. Please call us to ask about a table.',
  failure: 'Failed to start checkout',
} as const;

export type ChristmasField = 'name' | 'phone' | 'email' | 'session' | 'partyAdults' | Course;

export interface ChristmasProblem {
  /** 'unavailable' (closed or not enough seats) is a 409 on the server; the rest are 400. */
  kind: 'invalid' | 'unavailable';
  message: string;
  field: ChristmasField;
}

export interface ChristmasOrderInput {
  name: string;
  phone: string;
  email: string;
  session: string;
  partyAdults: number;
  partyChildren: number;
  selections: ChristmasSelections;
}

const DASHES = /[\u2010-\u2015\u2212]/g;
const TIME_RANGE = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm)?-(\d{1,2})(?:[:.](\d{2}))?(am|pm)?$/;

function minutesOf(hour: number, minute: number, meridiem: string | undefined): number | null {
  if (minute > 59 || hour > 23 || (meridiem && (hour < 1 || hour > 12))) return null;
  let hour24 = hour;
  if (meridiem === 'pm' && hour < 12) hour24 += 12;
  if (meridiem === 'am' && hour === 12) hour24 = 0;
  return hour24 * 60 + minute;
}

function timeMinutes(time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** "12-2pm", "2:30 – 4:30 PM", "14:30-16:30" as [start, end] minutes; a start without am/pm borrows the end's. */
function parseTimeRange(compact: string): [number, number] | null {
  const match = TIME_RANGE.exec(compact);
  if (!match) return null;
  const [, startHour, startMinute = '0', startMeridiem, endHour, endMinute = '0', endMeridiem] = match;
  const end = minutesOf(Number(endHour), Number(endMinute), endMeridiem);
  if (end === null) return null;
  let start = minutesOf(Number(startHour), Number(startMinute), startMeridiem ?? endMeridiem);
  // "11-2pm" is 11 AM to 2 PM, not 11 PM.
  if (!startMeridiem && endMeridiem && start !== null && start > end) {
    start = minutesOf(Number(startHour), Number(startMinute), 'am');
  }
  return start === null ? null : [start, end];
}

/**
 * Spec §5 "Sitting ids": the spellings found for a sitting — 'xmas-early', 'xmas_early', 'Early',
 * 'christmas early', '12:00 – 2:00 PM', '12-2pm', '14:30-16:30' … — become xmas-early or xmas-late.
 */
export function normaliseSittingId(value: unknown, season: ChristmasSeason): SittingId | null {
  if (typeof value !== 'string') return null;
  const compact = value
    .normalize('NFKC')
    .toLowerCase()
    .replace(DASHES, '-')
    .replace(/\s+/g, '')
    .replace(/^(xmas|christmas)[-_]?/, '')
    .replace(/[-_]?sitting$/, '');
  if (compact === 'early') return 'xmas-early';
  if (compact === 'late') return 'xmas-late';
  const range = parseTimeRange(compact);
  if (!range) return null;
  const sitting = season.sittings.find(
    (candidate) => timeMinutes(candidate.start) === range[0] && timeMinutes(candidate.end) === range[1],
  );
  return sitting?.id ?? null;
}

export function sittingOf(season: ChristmasSeason, id: SittingId) {
  return season.sittings.find((sitting) => sitting.id === id) as ChristmasSeason['sittings'][number];
}

export function partySize(adults: number, children: number): number {
  return adults + children;
}

function courseTotal(selections: ChristmasSelections, course: Course): number {
  return selections[course].reduce((sum, selection) => sum + selection.count, 0);
}

function countsAreWhole(selections: ChristmasSelections): boolean {
  return COURSES.every((course) =>
    selections[course].every((selection) => Number.isInteger(selection.count) && selection.count >= 0),
  );
}

function dishesAreOnTheMenu(selections: ChristmasSelections, season: ChristmasSeason): boolean {
  return COURSES.every((course) => {
    const ids = new Set(season.menu[course].map((dish) => dish.id));
    return selections[course].every((selection) => selection.count === 0 || ids.has(selection.item));
  });
}

/** The end of the online cut-off minute (default: 23:59 on 23 December, London time). */
function onlineCutoffInstant(season: ChristmasSeason): Date {
  const [date, time] = season.onlineCutoff.split('T') as [string, string];
  return new Date(londonInstant(date, time).getTime() + 60_000);
}

export function isPastOnlineCutoff(season: ChristmasSeason, now: Date): boolean {
  return now.getTime() >= onlineCutoffInstant(season).getTime();
}

/**
 * The checks of the Christmas form and checkout, first failure wins: contact details (as on the table
 * booking), then spec §5 in its order — sitting, party, mains, starters and desserts, seats left. Whole,
 * non-negative counts are checked before any course is summed, since a -1 could otherwise balance a sum.
 * `availability` is what is known of the seats (the form may not have it yet; the server always does).
 */
export function checkChristmasOrder(
  input: ChristmasOrderInput,
  season: ChristmasSeason,
  availability: ChristmasAvailability | null,
): ChristmasProblem | null {
  if (input.name.trim() === '') return { kind: 'invalid', message: BOOKING_MESSAGES.name, field: 'name' };
  if (input.phone.trim() === '') return { kind: 'invalid', message: BOOKING_MESSAGES.phone, field: 'phone' };
  if (!SIMPLE_EMAIL_PATTERN.test(input.email.trim())) {
    return { kind: 'invalid', message: BOOKING_MESSAGES.email, field: 'email' };
  }
  const sittingId = normaliseSittingId(input.session, season);
  if (!sittingId) return { kind: 'invalid', message: CHRISTMAS_MESSAGES.sitting, field: 'session' };
  const seats = availability?.[sittingId];
  if (seats?.closed)
    return { kind: 'unavailable', message: CHRISTMAS_MESSAGES.sittingClosed, field: 'session' };

  const guests = partySize(input.partyAdults, input.partyChildren);
  if (!(guests >= 1))
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.partyEmpty, field: 'partyAdults' };
  if (!countsAreWhole(input.selections)) {
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.counts, field: 'mains' };
  }
  if (!dishesAreOnTheMenu(input.selections, season)) {
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.unknownDish, field: 'mains' };
  }
  if (courseTotal(input.selections, 'mains') !== guests) {
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.mains(guests), field: 'mains' };
  }
  for (const course of ['starters', 'desserts'] as const) {
    if (courseTotal(input.selections, course) > guests) {
      return { kind: 'invalid', message: CHRISTMAS_MESSAGES.startersAndDesserts, field: course };
    }
  }
  if (seats && seats.remaining < guests) {
    return {
      kind: 'unavailable',
      message: CHRISTMAS_MESSAGES.seatsLeft(Math.max(0, seats.remaining)),
      field: 'session',
    };
  }
  return null;
}

/** Spec §5 "Christmas admin create": the one alert of the staff form, word for word. */
export const CHRISTMAS_ADMIN_ALERT =
  'Please fill contact, party and allocate each course equal to total guests.';

const COURSE_NOUNS: Record<Course, [one: string, many: string]> = {
  starters: ['starter', 'starters'],
  mains: ['main', 'mains'],
  desserts: ['dessert', 'desserts'],
};

/** The server's precise answers to a phone or walk-in booking that the form's alert sums up. */
export const CHRISTMAS_ADMIN_MESSAGES = {
  name: 'Please enter the guest’s name.',
  phone: 'Please enter the guest’s phone number.',
  phoneInvalid: BOOKING_MESSAGES.phoneInvalid,
  email: BOOKING_MESSAGES.email,
  course: (course: Course, guests: number, allocated: number) => {
    const [one, many] = COURSE_NOUNS[course];
    return `Please allocate exactly ${guests} ${guests === 1 ? one : many}, one per guest (${allocated} allocated).`;
  },
} as const;

/** A phone or walk-in booking as staff enter it (spec §3 "Christmas booking (admin create)"). */
export interface ChristmasAdminBookingInput {
  name: string;
  phone: string;
  email: string;
  sittingId: string;
  partyAdults: number;
  partyChildren: number;
  selections: ChristmasSelections;
}

/** How many dishes of a course are still to allocate: negative when too many are. */
export function stillToAllocate(selections: ChristmasSelections, course: Course, guests: number): number {
  return guests - courseTotal(selections, course);
}

/**
 * Spec §5 "Christmas admin create", first failure wins: name, phone, e-mail and sitting, a party above 0,
 * then starters, mains and desserts each exactly one per guest; with `availability`, the seats left. A
 * sitting closed to online orders still takes phone and walk-in bookings: that is what closing it is for.
 */
export function checkChristmasAdminBooking(
  input: ChristmasAdminBookingInput,
  season: ChristmasSeason,
  availability: ChristmasAvailability | null,
): ChristmasProblem | null {
  const invalid = (message: string, field: ChristmasField): ChristmasProblem => ({
    kind: 'invalid',
    message,
    field,
  });
  if (input.name.trim() === '') return invalid(CHRISTMAS_ADMIN_MESSAGES.name, 'name');
  if (input.phone.trim() === '') return invalid(CHRISTMAS_ADMIN_MESSAGES.phone, 'phone');
  if (!isPlausiblePhone(input.phone.trim())) return invalid(CHRISTMAS_ADMIN_MESSAGES.phoneInvalid, 'phone');
  if (!SIMPLE_EMAIL_PATTERN.test(input.email.trim())) return invalid(CHRISTMAS_ADMIN_MESSAGES.email, 'email');
  const sittingId = normaliseSittingId(input.sittingId, season);
  if (!sittingId) return invalid(CHRISTMAS_MESSAGES.sitting, 'session');

  const whole = (count: number) => Number.isInteger(count) && count >= 0;
  const guests = partySize(input.partyAdults, input.partyChildren);
  if (!whole(input.partyAdults) || !whole(input.partyChildren) || guests < 1) {
    return invalid(CHRISTMAS_MESSAGES.partyEmpty, 'partyAdults');
  }
  if (!countsAreWhole(input.selections)) return invalid(CHRISTMAS_MESSAGES.counts, 'mains');
  if (!dishesAreOnTheMenu(input.selections, season)) return invalid(CHRISTMAS_MESSAGES.unknownDish, 'mains');
  for (const course of COURSES) {
    const allocated = courseTotal(input.selections, course);
    if (allocated !== guests) {
      return invalid(CHRISTMAS_ADMIN_MESSAGES.course(course, guests, allocated), course);
    }
  }
  const seats = availability?.[sittingId];
  if (seats && seats.remaining < guests) {
    return {
      kind: 'unavailable',
      message: CHRISTMAS_MESSAGES.seatsLeft(Math.max(0, seats.remaining)),
      field: 'session',
    };
  }
  return null;
}

export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export interface ChristmasAmounts {
  guests: number;
  cheeseBoards: number;
  /** Adults and children at their prices, plus the cheese board supplements. */
  totalPence: number;
  /** Paid online now. */
  depositPence: number;
  /** Paid at the pub on the day. */
  balancePence: number;
}

export function christmasAmounts(
  order: { partyAdults: number; partyChildren: number; selections: ChristmasSelections },
  season: ChristmasSeason,
): ChristmasAmounts {
  const { prices } = season;
  const guests = partySize(order.partyAdults, order.partyChildren);
  const cheeseBoards = order.selections.desserts
    .filter((selection) => selection.item === CHEESE_BOARD_ID)
    .reduce((sum, selection) => sum + selection.count, 0);
  const totalPence =
    order.partyAdults * poundsToPence(prices.adult) +
    order.partyChildren * poundsToPence(prices.child) +
    cheeseBoards * poundsToPence(prices.cheeseBoardSupplement);
  const depositPence = guests * poundsToPence(prices.depositPerGuest);
  return { guests, cheeseBoards, totalPence, depositPence, balancePence: totalPence - depositPence };
}

const moneyFormatter = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
});

/** "£75.00": deposits and balances always show pence (spec §9). */
export function formatMoney(pence: number): string {
  return moneyFormatter.format(pence / 100);
}

/** Selections as stored: only dishes with a count, in menu order, a dish named twice counted once. */
export function tidySelections(
  selections: ChristmasSelections,
  season: ChristmasSeason,
): ChristmasSelections {
  const tidy = {} as ChristmasSelections;
  for (const course of COURSES) {
    tidy[course] = season.menu[course]
      .map((dish) => ({
        item: dish.id,
        count: selections[course]
          .filter((selection) => selection.item === dish.id)
          .reduce((sum, selection) => sum + selection.count, 0),
      }))
      .filter((selection) => selection.count > 0);
  }
  return tidy;
}

function dishName(season: ChristmasSeason, course: Course, item: string): string {
  return season.menu[course].find((dish) => dish.id === item)?.name ?? item;
}

export const COURSE_LABELS: Record<Course, string> = {
  starters: 'Starters',
  mains: 'Mains',
  desserts: 'Desserts',
};

/** The pre-order as lines such as "Mains: 2 × Roast Norfolk turkey, 1 × Pan-roasted sea bass". */
export function preOrderLines(selections: ChristmasSelections, season: ChristmasSeason): string[] {
  return COURSES.map((course) => {
    const dishes = selections[course].map(
      (selection) => `${selection.count} × ${dishName(season, course, selection.item)}`,
    );
    return `${COURSE_LABELS[course]}: ${dishes.length > 0 ? dishes.join(', ') : 'none'}`;
  });
}

/** The deposit terms, stated the same way on the form, the demo checkout and in the e-mail. */
export function christmasTerms(season: ChristmasSeason): string[] {
  const { prices } = season;
  const pounds = (amount: number) => formatMoney(poundsToPence(amount)).replace(/\.00$/, '');
  const [cutoffDate] = season.onlineCutoff.split('T') as [string];
  return [
    `Three courses at ${pounds(prices.adult)} per adult, with a glass of prosecco on arrival, and ` +
      `${pounds(prices.child)} per child, with a soft drink.`,
    `A deposit of ${pounds(prices.depositPerGuest)} per guest is paid now to secure your seats. ` +
      'It comes off your bill on the day.',
    'The deposit is non-refundable if you or your guests do not attend.',
    `The cheese board is ${pounds(prices.cheeseBoardSupplement)} extra per person.`,
    'The balance is paid at the pub on Christmas Day.',
    `Online orders close at the end of ${formatLongDate(cutoffDate).replace(/ \d{4}$/, '')}; ` +
      'we cannot take orders on Christmas Day itself.',
  ];
}

/** Spec §4 "Pending reservation state", as GET /api/christmas/pending/:pid answers it. */
export const RESERVATION_STATES = ['PENDING', 'PAID_AWAITING', 'PAID_CONFIRMED', 'CANCELLED'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** What the success page shows of a confirmed booking. */
export interface ChristmasConfirmation {
  reference: string;
  sittingId: SittingId;
  sittingLabel: string;
  partyAdults: number;
  partyChildren: number;
  selections: ChristmasSelections;
  depositPaidPence: number;
  totalPence: number;
  balanceDuePence: number;
  email: string;
}

export interface PendingStatus {
  state: ReservationState;
  reference?: string;
  confirmation?: ChristmasConfirmation;
}

/** What the demo checkout page shows: the amount, the party and the sitting. */
export interface DemoCheckoutDetails {
  state: ReservationState;
  sittingLabel: string;
  date: string;
  partyAdults: number;
  partyChildren: number;
  depositPerGuestPence: number;
  depositPence: number;
  totalPence: number;
  email: string;
  expiresAt: string;
  cancelUrl: string;
}
