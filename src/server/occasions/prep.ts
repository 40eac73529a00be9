import type { PrepSheet } from '#shared/occasions/admin-api.ts';
import { OCCASION_BOOKING_MESSAGES } from '#shared/occasions/messages.ts';
import { PARTY_NOTE_WORDS, PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { NO_DISH, preOrderDeadline } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { invalid } from '../lib/errors.ts';
import type { BookingWithDiners } from './admin.ts';

/**
 * What the kitchen prepares for one date of an occasion: per sitting, the covers, every dish of every course
 * with how many of them the deadline's defaults made (and, for a course diners may go without, a line "None"),
 * the covers whose diners have not chosen yet, and every allergy by table (the party's own, then its diners').
 * Counted from CONFIRMED bookings only.
 */

type PrepSitting = PrepSheet['sittings'][number];

/** The sittings of the date: the occasion's own in order, then any a booking holds that has since been removed. */
export function sittingsOfDate(
  occasion: Occasion,
  rows: readonly BookingWithDiners[],
): { id: string; label: string }[] {
  const sittings = occasion.sittings.map((sitting) => ({ id: sitting.id, label: sitting.label }));
  for (const { booking } of rows) {
    if (!sittings.some((sitting) => sitting.id === booking.sittingId)) {
      sittings.push({ id: booking.sittingId, label: booking.sittingLabel });
    }
  }
  return sittings;
}

/** A party's covers that no diner stands for yet. */
export function coversNotChosen({ booking, diners }: BookingWithDiners): number {
  return Math.max(0, booking.partySize - diners.length);
}

function prepSitting(
  occasion: Occasion,
  sitting: { id: string; label: string },
  rows: readonly BookingWithDiners[],
): PrepSitting {
  const diners = rows.flatMap((row) => row.diners);
  const courses = occasion.courses.map((course) => {
    const dishes = course.dishes.map((dish) => ({
      dishId: dish.id,
      name: dish.name,
      count: 0,
      defaulted: 0,
    }));
    // Those who go without the course are counted as a line "None", so every course's lines add up to its diners.
    const none = { dishId: NO_DISH, name: PRE_ORDER_MESSAGES.noDish, count: 0, defaulted: 0 };
    if (course.optional) dishes.push(none);
    for (const diner of diners) {
      const dishId = diner.choices[course.id];
      if (dishId === undefined) continue;
      // A dish taken off the menu after it was chosen is still cooked: it keeps its own line.
      let line = dishes.find((entry) => entry.dishId === dishId);
      if (!line) {
        line = dishId === NO_DISH ? none : { dishId, name: dishId, count: 0, defaulted: 0 };
        dishes.push(line);
      }
      line.count += 1;
      if (diner.defaultedCourses.includes(course.id)) line.defaulted += 1;
    }
    return { courseId: course.id, name: course.name, dishes };
  });
  return {
    sittingId: sitting.id,
    label: sitting.label,
    covers: rows.reduce((sum, row) => sum + row.booking.partySize, 0),
    notChosen: occasion.courses.length === 0 ? 0 : rows.reduce((sum, row) => sum + coversNotChosen(row), 0),
    courses,
    allergies: rows.flatMap(({ booking, diners: party }) =>
      [{ name: PARTY_NOTE_WORDS.partyOf(booking.name), allergies: booking.allergies }, ...party]
        .filter((who) => who.allergies.trim() !== '')
        .map((who) => ({ reference: booking.reference, diner: who.name, allergies: who.allergies })),
    ),
  };
}

/**
 * The prep sheet of `date` from its CONFIRMED bookings. Final (`locked`) once the deadline has passed and every
 * booking of the date has had its defaults applied.
 */
export function prepSheet(
  occasion: Occasion,
  date: string,
  rows: readonly BookingWithDiners[],
  now: Date,
): PrepSheet {
  const confirmed = rows.filter((row) => row.booking.status === 'CONFIRMED' && row.booking.date === date);
  return {
    date,
    locked: preOrderDeadline(occasion, date) < now && confirmed.every((row) => row.booking.lockedAt !== null),
    sittings: sittingsOfDate(occasion, confirmed).map((sitting) =>
      prepSitting(
        occasion,
        sitting,
        confirmed.filter((row) => row.booking.sittingId === sitting.id),
      ),
    ),
  };
}

/** The prep sheet narrowed to one of its sittings (`?sittingId=`), or whole when none is asked for. */
export function prepOfSitting(prep: PrepSheet, sittingId: string | undefined): PrepSheet {
  if (sittingId === undefined) return prep;
  const sittings = prep.sittings.filter((sitting) => sitting.sittingId === sittingId);
  if (sittings.length === 0) throw invalid(OCCASION_BOOKING_MESSAGES.sitting);
  return { ...prep, sittings };
}
