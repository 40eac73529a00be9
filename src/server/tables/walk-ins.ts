import type { Database } from '#db/client.ts';
import { bookings } from '#db/schema.ts';
import { serviceForTime } from '#shared/booking/rules.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { WalkInRequest } from '#shared/tables/arrival-schemas.ts';
import { ARRIVAL_MESSAGES } from '#shared/tables/arrivals.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';
import { type Actor, actorName } from '../audit/trail.ts';
import { recordBookingMade } from '../booking/audit.ts';
import { bookingContentOf } from '../booking/availability.ts';
import { conflict } from '../lib/errors.ts';
import { insertWithReference } from '../lib/references.ts';
import { dayBookingOf } from './arrivals.ts';
import { lockSeating, seatBooking } from './seating.ts';

/**
 * A party at the bar seated now (issue 28): in one transaction under the date's seating lock, a confirmed
 * walk-in booking for today at London's time now (not necessarily a slot), arrived and seated now, made by
 * the staff member, on the table or join they chose; refused with the engine's reason when that place is
 * taken now or again too soon for the party's table time. Only in tables mode.
 */
export async function seatWalkIn(
  db: Database,
  request: WalkInRequest,
  options: { now: Date; content: SiteContent; actor: Actor },
): Promise<TablesDayBooking> {
  const { now, content, actor } = options;
  if (content.tables.mode !== 'tables') throw conflict(ARRIVAL_MESSAGES.walkInCoversMode);
  const bookingContent = bookingContentOf(content);
  const date = londonToday(now);
  const timeSlot = londonTimeOfDay(now);
  return db.transaction(async (tx) => {
    await lockSeating(tx, [{ date, timeSlot }], bookingContent);
    const row = await insertWithReference(
      tx,
      bookings,
      {
        date,
        service: serviceForTime(timeSlot),
        timeSlot,
        name: request.name || ARRIVAL_MESSAGES.walkInDefaultName,
        // A party at the bar leaves no contact details: the columns take blanks, as a phone booking's e-mail.
        email: '',
        phone: '',
        partyAdults: request.partyAdults,
        partyChildren: request.partyChildren,
        status: 'CONFIRMED',
        source: 'walk-in',
        madeBy: actorName(actor),
        arrivedAt: now,
        seatedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      { prefix: 'RC', what: 'booking' },
    );
    const guests = request.partyAdults + request.partyChildren;
    await seatBooking(tx, { ...row, guests }, bookingContent, 'walk-in', {
      keep: [],
      placeId: request.placeId,
    });
    await recordBookingMade(tx, row, actor, now);
    return dayBookingOf(tx, row, content);
  });
}
