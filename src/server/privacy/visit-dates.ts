import { addDays, londonInstant, londonToday } from '#shared/time/london-time.ts';

/**
 * Christmas bookings and reservations carry no date: each is for the first Christmas Day on or after the day
 * it was made (as the guest's manage page counts it).
 */
export function christmasVisitDate(createdAt: Date): string {
  const made = londonToday(createdAt);
  const year = Number(made.slice(0, 4));
  return made <= `${year}-12-25` ? `${year}-12-25` : `${year + 1}-12-25`;
}

/**
 * "Visited on or before `date`", for a Christmas booking: made before the end of the last Christmas Day on or
 * before `date`.
 */
export function christmasMadeBeforeVisitOn(date: string): Date {
  const year = Number(date.slice(0, 4));
  const christmas = date >= `${year}-12-25` ? `${year}-12-25` : `${year - 1}-12-25`;
  return londonInstant(addDays(christmas, 1), '00:00');
}
