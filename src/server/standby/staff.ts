import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, standbyEntries, standbyOffers } from '#db/schema.ts';
import { SERVICES } from '#shared/booking/rules.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { StaffStandbyBookRequest, StaffStandbyDay, StaffStandbyEntry } from '#shared/standby/api.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { standbyCapGuests } from '#shared/standby/rules.ts';
import { type Actor, actorName } from '../audit/trail.ts';
import { bookingContentOf, findAvailability } from '../booking/availability.ts';
import { createStaffBooking } from '../booking/service.ts';
import { conflict, invalid, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { lockSeating } from '../tables/seating.ts';
import { recordStandby } from './audit.ts';
import { closeOpenOffersOf, removeEntry } from './join.ts';
import { dropOffersThatNoLongerFit, makeOffer, type OfferContext } from './offers.ts';
import { bookingRequestOf, type StandbyEntryRow, toStaffEntry } from './rows.ts';

/** A staff change's context: the instant, the content, the site's address and who is signed in. */
export type StaffStandbyContext = OfferContext & { actor: Actor };

const entryNotFound = () => notFound(STANDBY_MESSAGES.entryNotFound);

/** The entries given, each with its offers and the reference of the booking it became. */
async function staffEntries(
  db: Database,
  entries: readonly StandbyEntryRow[],
  now: Date,
): Promise<StaffStandbyEntry[]> {
  if (entries.length === 0) return [];
  const ids = entries.map((entry) => entry.id);
  const offers = await db
    .select()
    .from(standbyOffers)
    .where(inArray(standbyOffers.entryId, ids))
    .orderBy(asc(standbyOffers.createdAt), asc(standbyOffers.id));
  const bookingIds = entries.flatMap((entry) => (entry.bookingId ? [entry.bookingId] : []));
  const references =
    bookingIds.length === 0
      ? []
      : await db
          .select({ id: bookings.id, reference: bookings.reference })
          .from(bookings)
          .where(inArray(bookings.id, bookingIds));
  const referenceOf = (entry: StandbyEntryRow) =>
    references.find((booking) => booking.id === entry.bookingId)?.reference ?? null;
  return entries.map((entry) => toStaffEntry(entry, offers, referenceOf(entry), now));
}

/** A date's standby lists as staff see them: each service's cap, guests waiting, and entries in join order. */
export async function standbyDay(
  db: Database,
  date: string,
  { now, content }: Pick<OfferContext, 'now' | 'content'>,
): Promise<StaffStandbyDay> {
  const rows = await db
    .select()
    .from(standbyEntries)
    .where(eq(standbyEntries.date, date))
    .orderBy(asc(standbyEntries.createdAt), asc(standbyEntries.id));
  const entries = await staffEntries(db, rows, now);
  const capGuests = standbyCapGuests(content['booking-settings']);
  return {
    date,
    services: SERVICES.map((service) => {
      const ofService = entries.filter((entry) => entry.service === service);
      return {
        service,
        capGuests,
        waitingGuests: ofService
          .filter((entry) => entry.status === 'WAITING')
          .reduce((sum, entry) => sum + entry.partySize, 0),
        entries: ofService,
      };
    }),
  };
}

/**
 * Runs `change` on the entry in one transaction under its service's seating lock, the entry read again under
 * the lock (and locked); answers the entry as staff then see it.
 */
async function changeEntry(
  db: Database,
  id: string,
  context: StaffStandbyContext,
  change: (tx: Database, entry: StandbyEntryRow) => Promise<void>,
): Promise<StaffStandbyEntry> {
  if (!isUuid(id)) throw entryNotFound();
  const entry = await db.transaction(async (tx) => {
    const byId = () => tx.select().from(standbyEntries).where(eq(standbyEntries.id, id)).limit(1);
    const [seen] = await byId();
    if (!seen) throw entryNotFound();
    await lockSeating(
      tx,
      [{ date: seen.date, timeSlot: seen.windowStart }],
      bookingContentOf(context.content),
    );
    const [locked] = await byId().for('update');
    if (!locked) throw entryNotFound();
    await change(tx, locked);
    const [after] = await byId();
    return after ?? locked;
  });
  const [answer] = await staffEntries(db, [entry], context.now);
  if (!answer) throw entryNotFound();
  return answer;
}

function mustBeWaiting(entry: StandbyEntryRow): void {
  if (entry.status !== 'WAITING') throw conflict(STANDBY_MESSAGES.entryClosed);
}

/**
 * Staff offer a waiting entry a slot of its service by hand (its claim link e-mailed), whatever else is offered
 * for that slot: the first of the guests to claim it gets it.
 */
export async function offerByHand(
  db: Database,
  id: string,
  timeSlot: string,
  context: StaffStandbyContext,
): Promise<StaffStandbyEntry> {
  return changeEntry(db, id, context, async (tx, entry) => {
    mustBeWaiting(entry);
    const slots = await findAvailability(
      tx,
      entry.date,
      context.now,
      bookingContentOf(context.content),
      undefined,
      {
        staff: true,
      },
    );
    const slot = slots.find((each) => each.time === timeSlot && !each.event);
    if (!slot || slot.service !== entry.service || slot.passed)
      throw invalid(BOOKING_MESSAGES.timeUnavailable);
    await makeOffer(tx, entry, timeSlot, context, context.actor);
  });
}

/**
 * Staff book a waiting entry at a slot (source 'standby'), with a staff booking's checks (past the covers only
 * when they say so); the guest is e-mailed their confirmation, the entry is BOOKED, its open offers closed, and
 * other entries' offers that no longer fit GONE.
 */
export async function bookByHand(
  db: Database,
  id: string,
  request: StaffStandbyBookRequest,
  context: StaffStandbyContext & { takesPayments: boolean },
): Promise<StaffStandbyEntry> {
  return changeEntry(db, id, context, async (tx, entry) => {
    mustBeWaiting(entry);
    const booking = await createStaffBooking(
      tx,
      {
        ...bookingRequestOf(entry, request.timeSlot),
        ...(request.deposit ? { deposit: request.deposit } : {}),
        source: 'standby',
        notifyGuest: true,
        overCapacity: request.overCapacity,
      },
      context,
    );
    await tx
      .update(standbyEntries)
      .set({
        status: 'BOOKED',
        bookingId: booking._id,
        changedBy: actorName(context.actor),
        updatedAt: context.now,
      })
      .where(and(eq(standbyEntries.id, entry.id), eq(standbyEntries.status, 'WAITING')));
    await closeOpenOffersOf(tx, entry.id, context.now);
    await dropOffersThatNoLongerFit(
      tx,
      { date: entry.date, service: entry.service, keptEntryId: entry.id },
      context,
    );
    await recordStandby(
      tx,
      entry,
      {
        actor: context.actor,
        type: 'standby.booked',
        timeSlot: request.timeSlot,
        booking: booking.reference,
      },
      context.now,
    );
  });
}

/** Staff take an entry off the list (its open offers closed); one already off stays as it is. */
export async function removeByHand(
  db: Database,
  id: string,
  context: StaffStandbyContext,
): Promise<StaffStandbyEntry> {
  return changeEntry(db, id, context, async (tx, entry) => {
    if (entry.status === 'BOOKED') throw conflict(STANDBY_MESSAGES.entryClosed);
    await removeEntry(tx, entry, { actor: context.actor, now: context.now });
  });
}
