import { STAFF_PAYMENT_METHOD_LABELS } from '#shared/money/taken-by-staff.ts';
import { PARTY_NOTE_WORDS, PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { dinerSupplementPence, isTicketed, NO_DISH } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionCourse } from '#shared/occasions/schema.ts';
import { type CsvValue, toCsv } from '../lib/csv.ts';
import type { BookingWithDiners } from './admin.ts';
import { coversNotChosen } from './prep.ts';

/** The occasions' CSV download: one line per diner of a set menu, one per booking of a ticketed event. */

/** `occasion_christmas-party-nights_2026-12-11.csv`, `…_all.csv` for every date. */
export function occasionCsvFileName(occasion: Occasion, date: string | undefined): string {
  return `occasion_${occasion.slug}_${date ?? 'all'}.csv`;
}

export const NOT_CHOSEN_YET = 'Not chosen yet';

/**
 * A diner's dish of a course as the menu names it ("None" when they go without it), whether the deadline's
 * default gave it, and what it adds to the bill; null if not chosen.
 */
export function dinerDish(
  course: OccasionCourse,
  diner: { choices: Record<string, string>; defaultedCourses: readonly string[] },
): { name: string; defaulted: boolean; supplementPence: number } | null {
  const dishId = diner.choices[course.id];
  if (dishId === undefined) return null;
  if (dishId === NO_DISH) return { name: PRE_ORDER_MESSAGES.noDish, defaulted: false, supplementPence: 0 };
  const dish = course.dishes.find((candidate) => candidate.id === dishId);
  return {
    name: dish?.name ?? dishId,
    defaulted: diner.defaultedCourses.includes(course.id),
    supplementPence: dish?.supplementPence ?? 0,
  };
}

function dishCell(course: OccasionCourse, diner: Parameters<typeof dinerDish>[1]): string {
  const dish = dinerDish(course, diner);
  if (!dish) return '';
  return dish.defaulted ? `${dish.name} (default)` : dish.name;
}

function setMenuCsv(occasion: Occasion, rows: readonly BookingWithDiners[]): string {
  const header = [
    'Date',
    'Sitting',
    'Reference',
    'Booking name',
    'Party',
    'Status',
    'Diner',
    ...occasion.courses.map((course) => course.name),
    'Supplements (£)',
    'Allergies',
    'Chosen by',
    'Phone',
    'Email',
    PARTY_NOTE_WORDS.allergies,
    PARTY_NOTE_WORDS.occasionNotes,
    'Notes',
  ];
  const lines = rows.flatMap(({ booking, diners }): CsvValue[][] => {
    const start = [
      booking.date,
      booking.sittingLabel,
      booking.reference,
      booking.name,
      booking.partySize,
      booking.status,
    ];
    const end = [booking.phone, booking.email, booking.allergies, booking.occasionNotes, booking.notes];
    const chosen = diners.map((diner) => [
      ...start,
      diner.name,
      ...occasion.courses.map((course) => dishCell(course, diner)),
      (dinerSupplementPence(occasion, diner.choices) / 100).toFixed(2),
      diner.allergies,
      diner.chosenBy,
      ...end,
    ]);
    // A cover nobody has chosen for yet is a line of its own: the file has a line for every cover.
    const open = Array.from({ length: coversNotChosen({ booking, diners }) }, () => [
      ...start,
      NOT_CHOSEN_YET,
      ...occasion.courses.map(() => ''),
      '',
      '',
      '',
      ...end,
    ]);
    return [...chosen, ...open];
  });
  return toCsv(header, lines);
}

function ticketsCsv(rows: readonly BookingWithDiners[]): string {
  const header = [
    'Date',
    'Sitting',
    'Reference',
    'Name',
    'Tickets',
    'Status',
    'Paid (£)',
    'Paid how',
    'Total (£)',
    'Phone',
    'Email',
    PARTY_NOTE_WORDS.allergies,
    PARTY_NOTE_WORDS.occasionNotes,
    'Notes',
    'Source',
  ];
  const lines = rows.map(({ booking }): CsvValue[] => [
    booking.date,
    booking.sittingLabel,
    booking.reference,
    booking.name,
    booking.partySize,
    booking.status,
    (booking.paidPence / 100).toFixed(2),
    booking.paymentMethod ? STAFF_PAYMENT_METHOD_LABELS[booking.paymentMethod] : '',
    (booking.totalPence / 100).toFixed(2),
    booking.phone,
    booking.email,
    booking.allergies,
    booking.occasionNotes,
    booking.notes,
    booking.source,
  ]);
  return toCsv(header, lines);
}

/** The bookings as a spreadsheet: a line per cover of a set menu, a line per booking of a ticketed event. */
export function occasionBookingsCsv(occasion: Occasion, rows: readonly BookingWithDiners[]): string {
  return isTicketed(occasion) ? ticketsCsv(rows) : setMenuCsv(occasion, rows);
}
