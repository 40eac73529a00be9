import { COURSE_LABELS, countOf } from '#shared/christmas/courses.ts';
import { CHEESE_BOARD_ID, COURSES, type Course, type SittingId } from '#shared/christmas/ids.ts';
import type { ChristmasSelections } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingLabel } from '#shared/christmas/sittings.ts';
import { CHRISTMAS_SOURCE_LABELS } from '#shared/christmas/status.ts';
import { londonTimestamp } from '../booking/admin.ts';
import { type CsvValue, toCsv } from '../lib/csv.ts';
import type { ChristmasBookingRow } from './store.ts';

/** Every dish of the menu, course by course, in menu order. */
export function menuDishes(season: ChristmasSeason): { course: Course; id: string; name: string }[] {
  return COURSES.flatMap((course) =>
    season.menu[course].map((dish) => ({ course, id: dish.id, name: dish.name })),
  );
}

/** What the kitchen cooks for a set of bookings: covers, and the count of every dish of every course. */
export interface PrepCounts {
  bookings: number;
  adults: number;
  children: number;
  guests: number;
  dishes: Record<Course, Record<string, number>>;
}

export function prepCounts(rows: readonly ChristmasBookingRow[], season: ChristmasSeason): PrepCounts {
  const dishes = {} as PrepCounts['dishes'];
  for (const course of COURSES) {
    dishes[course] = Object.fromEntries(
      season.menu[course].map((dish) => [
        dish.id,
        rows.reduce((sum, row) => sum + countOf(row.selections as ChristmasSelections, course, dish.id), 0),
      ]),
    );
  }
  return {
    bookings: rows.length,
    adults: rows.reduce((sum, row) => sum + row.partyAdults, 0),
    children: rows.reduce((sum, row) => sum + row.partyChildren, 0),
    guests: rows.reduce((sum, row) => sum + row.partySize, 0),
    dishes,
  };
}

/** The sittings an export covers: the one asked for, or both in the order of the day. */
export function sittingsOf(sittingId: SittingId | null, season: ChristmasSeason): SittingId[] {
  return sittingId ? [sittingId] : season.sittings.map((sitting) => sitting.id);
}

export function notesText(row: Pick<ChristmasBookingRow, 'occasionNotes' | 'specialNotes'>): string {
  return [row.occasionNotes && `Occasion: ${row.occasionNotes}`, row.specialNotes].filter(Boolean).join('\n');
}

/** Spec §7 orders.csv: one row per booking, a column per dish named by the dish, in the order of the day. */
export function christmasOrdersCsv(rows: readonly ChristmasBookingRow[], season: ChristmasSeason): string {
  const dishes = menuDishes(season);
  const header = [
    'Reference',
    'Sitting',
    'Name',
    'Phone',
    'Email',
    'Adults',
    'Children',
    ...dishes.map((dish) => dish.name),
    'Cheese boards',
    'Allergies',
    'Notes',
    'Status',
    'Source',
    'Created',
  ];
  const lines = rows.map((row): CsvValue[] => {
    const selections = row.selections as ChristmasSelections;
    return [
      row.reference,
      sittingLabel(season, row.sittingId),
      row.name,
      row.phone,
      row.email,
      row.partyAdults,
      row.partyChildren,
      ...dishes.map((dish) => countOf(selections, dish.course, dish.id)),
      countOf(selections, 'desserts', CHEESE_BOARD_ID),
      row.allergies,
      notesText(row),
      row.status,
      CHRISTMAS_SOURCE_LABELS[row.source],
      londonTimestamp(row.createdAt.toISOString()),
    ];
  });
  return toCsv(header, lines);
}

/**
 * Spec §7 orders-summary.csv, the chef's prep list: covers, then every dish of every course with a total per
 * course, a column per sitting and, for both sittings, a Total column. Pass CONFIRMED bookings only.
 */
export function christmasPrepSummaryCsv(
  rows: readonly ChristmasBookingRow[],
  sittingId: SittingId | null,
  season: ChristmasSeason,
): string {
  const sittings = sittingsOf(sittingId, season);
  const columns = sittings.map((id) =>
    prepCounts(
      rows.filter((row) => row.sittingId === id),
      season,
    ),
  );
  if (sittings.length > 1) columns.push(prepCounts(rows, season));
  const header = [
    'Course',
    'Dish',
    ...sittings.map((id) => sittingLabel(season, id)),
    ...(sittings.length > 1 ? ['Total'] : []),
  ];
  const line = (course: string, dish: string, value: (counts: PrepCounts) => number): CsvValue[] => [
    course,
    dish,
    ...columns.map(value),
  ];
  const lines: CsvValue[][] = [
    line('Covers', 'Bookings', (counts) => counts.bookings),
    line('Covers', 'Adults', (counts) => counts.adults),
    line('Covers', 'Children', (counts) => counts.children),
    line('Covers', 'Guests', (counts) => counts.guests),
  ];
  for (const course of COURSES) {
    const label = COURSE_LABELS[course];
    for (const dish of season.menu[course]) {
      lines.push(line(label, dish.name, (counts) => counts.dishes[course][dish.id] ?? 0));
    }
    lines.push(
      line(label, `All ${label.toLowerCase()}`, (counts) =>
        Object.values(counts.dishes[course]).reduce((sum, count) => sum + count, 0),
      ),
    );
  }
  return toCsv(header, lines);
}
