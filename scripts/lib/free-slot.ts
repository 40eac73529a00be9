import type { AvailabilitySlot } from '../../src/shared/booking/schemas.ts';
import { addDays, londonToday } from '../../src/shared/time/london-time.ts';

const DAYS_AHEAD = 60;

/** The first slot a guest could book for `party` on the days after today, as the site at `baseUrl` offers them. */
export async function firstFreeSlot(
  baseUrl: string,
  party: number,
): Promise<{ date: string; timeSlot: string }> {
  const today = londonToday();
  for (let day = 1; day <= DAYS_AHEAD; day++) {
    const date = addDays(today, day);
    const response = await fetch(`${baseUrl}/api/availability?date=${date}&party=${party}`);
    if (!response.ok) {
      throw new Error(
        `GET /api/availability?date=${date} answered ${response.status}: ${await response.text()}`,
      );
    }
    const slots = (await response.json()) as AvailabilitySlot[];
    const free = slots.find((slot) => !slot.closed && slot.remaining >= party);
    if (free) return { date, timeSlot: free.time };
  }
  throw new Error(`No slot for ${party} guests in the ${DAYS_AHEAD} days after ${today}`);
}
