import type { Database } from '#db/client.ts';
import type { Service } from '#shared/booking/rules.ts';
import type { WhyAnswer, WhyQuery } from '#shared/tables/setup-schemas.ts';
import { whyVerdicts } from '#shared/tables/why.ts';
import { type BookingContent, loadDate, occasionSeatsFrom } from '../booking/availability.ts';
import { tablesDayFrom } from './tables-day.ts';

/** "Why can't this be booked?" (issue 28): the rules availability applies, read from the date as it stands. */
export async function whyNotBookable(
  db: Database,
  query: WhyQuery,
  content: BookingContent,
  now: Date,
): Promise<WhyAnswer> {
  const { date, time, party, channel } = query;
  const { rows } = await loadDate(db, date);
  const seatedRows = rows.filter((row) => row.kind === 'seated');
  const occasionSeats = occasionSeatsFrom(rows, content.occasions, now);
  const verdicts = whyVerdicts(
    { date, time, guests: party, channel },
    {
      now,
      settings: content.settings,
      specialDates: content.specialDates,
      closedServices: new Set(rows.filter((row) => row.kind === 'closed').map((row) => row.key as Service)),
      day: {
        ...tablesDayFrom(seatedRows, { date, settings: content.settings, document: content.tables }),
        occasionHolds: occasionSeats.holds,
      },
      // A seat at a booking event counts against the event's covers, not the kitchen's regular ones.
      seated: [
        ...seatedRows
          .filter((row) => row.event === null)
          .map((row) => ({ timeSlot: row.key, guests: row.guests })),
        ...occasionSeats.seated,
      ],
    },
  );
  return {
    date,
    time,
    party,
    mode: content.tables.mode,
    bookable: verdicts.every((verdict) => verdict.ok),
    verdicts,
  };
}
