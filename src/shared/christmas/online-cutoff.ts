import { londonInstant } from '../time/london-time.ts';
import type { ChristmasDay } from './season-schema.ts';

/** The end of the online cut-off minute (default: 23:59 on 23 December, London time). */
function onlineCutoffInstant(season: Pick<ChristmasDay, 'onlineCutoff'>): Date {
  const [date, time] = season.onlineCutoff.split('T') as [string, string];
  return new Date(londonInstant(date, time).getTime() + 60_000);
}

/** Christmas Day takes no more orders online: the checkout, the guest's changes and the promo stop. */
export function isPastOnlineCutoff(season: Pick<ChristmasDay, 'onlineCutoff'>, now: Date): boolean {
  return now.getTime() >= onlineCutoffInstant(season).getTime();
}
