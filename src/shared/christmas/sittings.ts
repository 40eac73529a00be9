import { formatTimeRange } from '../time/london-time.ts';
import type { SittingId } from './ids.ts';
import type { ChristmasDay } from './season-schema.ts';

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
export function normaliseSittingId(value: unknown, season: Pick<ChristmasDay, 'sittings'>): SittingId | null {
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

export function sittingOf(season: Pick<ChristmasDay, 'sittings'>, id: SittingId) {
  return season.sittings.find((sitting) => sitting.id === id) as ChristmasDay['sittings'][number];
}

/** A sitting's times as every page, e-mail and sheet writes a time: "12pm–2pm", "2:30pm–4:30pm". */
export function sittingTimes(sitting: Pick<ChristmasDay['sittings'][number], 'start' | 'end'>): string {
  return formatTimeRange(sitting.start, sitting.end);
}

/** How a sitting of the season is written: its times. */
export function sittingLabel(season: Pick<ChristmasDay, 'sittings'>, id: SittingId): string {
  return sittingTimes(sittingOf(season, id));
}
