import { toMinutes, turnMinutesFor } from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import type { TablesDay } from '#shared/tables/capacity.ts';
import type { TablesDocument } from '#shared/tables/layout.ts';
import { londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';

/** An active booking of the date as the availability load reads it (`booking/availability.ts`). */
export interface SeatedRow {
  key: string;
  guests: number;
  bookingId: string | null;
  name: string | null;
  leftAt: Date | null;
  noShowAt: Date | null;
  /** Its tables' ids, comma-separated; null when it holds none. */
  tables: string | null;
}

/** Minutes after midnight of `date` at which `instant` fell: 0 before the date, the day's end after it. */
function minutesInto(date: string, instant: Date): number {
  const day = londonToday(instant);
  if (day < date) return 0;
  if (day > date) return 24 * 60;
  return toMinutes(londonTimeOfDay(instant));
}

/**
 * A date as tables mode sees it: every active booking not marked a no-show starts a meal (pacing); those
 * holding tables sit at them for their table time, or until they left.
 */
export function tablesDayFrom(
  rows: readonly SeatedRow[],
  day: { date: string; settings: BookingSettings; document: TablesDocument },
): TablesDay {
  const present = rows.filter((row) => row.noShowAt === null);
  const sittings = present.flatMap((row) => {
    if (row.tables === null || row.bookingId === null) return [];
    const start = toMinutes(row.key);
    const until = start + turnMinutesFor(row.guests, day.settings);
    const end = row.leftAt ? Math.min(until, minutesInto(day.date, row.leftAt)) : until;
    return [
      {
        bookingId: row.bookingId,
        tables: row.tables.split(','),
        start,
        end,
        guests: row.guests,
        name: row.name ?? '',
      },
    ];
  });
  return {
    ...day,
    sittings,
    starters: present.map((row) => ({ start: toMinutes(row.key), guests: row.guests })),
  };
}
