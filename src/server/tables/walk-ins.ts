import type { Database } from '#db/client.ts';
import { bookings } from '#db/schema.ts';
import { serviceForTime } from '#shared/booking/rules.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { WalkInRequest } from '#shared/tables/arrival-schemas.ts';
import { ARRIVAL_MESSAGES } from '#shared/tables/arrivals.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';
import { type Actor, actorName } from '../audit/trail.ts';
import { recordBookingMade } from '../booking/audit.ts';
import { type BookingContent, bookingContentOf } from '../booking/availability.ts';
import { conflict, unavailable } from '../lib/errors.ts';
import { insertWithReference } from '../lib/references.ts';
import { dayBookingOf } from './arrivals.ts';
import { lockSeating, seatBooking } from './seating.ts';

type BookingRow = typeof bookings.$inferSelect;

/** A party seated now: who they are and, in tables mode, the table or join staff chose (assignment picks without). */
export interface WalkInParty {
  name: string;
  phone: string;
  email: string;
  partyAdults: number;
  partyChildren: number;
  placeId?: string | undefined;
}

/**
 * Inserts a party at the bar as a confirmed walk-in booking for today at London's time now (not necessarily a
 * slot), arrived and seated now, made by the staff member; in tables mode on the place staff chose or, without
 * one, the place assignment gives it (refused when none is free for its table time). Inside the caller's
 * transaction, under `lockSeating` for today at now: the arrivals' walk-ins and the walk-in queue share it.
 */
export async function insertWalkIn(
  tx: Database,
  party: WalkInParty,
  options: { now: Date; content: BookingContent; actor: Actor },
): Promise<BookingRow> {
  const { now, content, actor } = options;
  const timeSlot = londonTimeOfDay(now);
  const row = await insertWithReference(
    tx,
    bookings,
    {
      date: londonToday(now),
      service: serviceForTime(timeSlot),
      timeSlot,
      name: party.name || ARRIVAL_MESSAGES.walkInDefaultName,
      email: party.email,
      phone: party.phone,
      partyAdults: party.partyAdults,
      partyChildren: party.partyChildren,
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
  const guests = party.partyAdults + party.partyChildren;
  const place = await seatBooking(tx, { ...row, guests }, content, 'walk-in', {
    keep: [],
    placeId: party.placeId,
  });
  if (content.tables.mode === 'tables' && place === null) throw unavailable(TABLES_MESSAGES.noPlace);
  await recordBookingMade(tx, row, actor, now);
  return row;
}

/**
 * A party at the bar seated now (issue 28): in one transaction under the date's seating lock, a walk-in
 * booking (`insertWalkIn`) on the table or join they chose; refused with the engine's reason when that place
 * is taken now or again too soon for the party's table time. Only in tables mode. A party at the bar leaves
 * no contact details: the columns take blanks, as a phone booking's e-mail.
 */
export async function seatWalkIn(
  db: Database,
  request: WalkInRequest,
  options: { now: Date; content: SiteContent; actor: Actor },
): Promise<TablesDayBooking> {
  const { now, content, actor } = options;
  if (content.tables.mode !== 'tables') throw conflict(ARRIVAL_MESSAGES.walkInCoversMode);
  const bookingContent = bookingContentOf(content);
  return db.transaction(async (tx) => {
    await lockSeating(tx, [{ date: londonToday(now), timeSlot: londonTimeOfDay(now) }], bookingContent);
    const row = await insertWalkIn(
      tx,
      { ...request, email: '', phone: '' },
      { now, content: bookingContent, actor },
    );
    return dayBookingOf(tx, row, content);
  });
}
