import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { standbyEntries, standbyOffers } from '#db/schema.ts';
import type { StandbyOfferView } from '#shared/standby/api.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { formatTime, londonTimeOfDay } from '#shared/time/london-time.ts';
import { actorName, GUEST } from '../audit/trail.ts';
import { bookingContentOf, findAvailability } from '../booking/availability.ts';
import { bookForGuest, type GuestBookingOptions, guestDepositTerms } from '../booking/service.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { lockSeating } from '../tables/seating.ts';
import { recordStandby } from './audit.ts';
import { closeOpenOffersOf } from './join.ts';
import { dropOffersThatNoLongerFit } from './offers.ts';
import {
  bookingRequestOf,
  entryPartySize,
  type StandbyEntryRow,
  type StandbyOfferRow,
  toOfferView,
} from './rows.ts';
import { standbyTokenHash } from './tokens.ts';

const offerNotFound = () => notFound(STANDBY_MESSAGES.offerNotFound);

async function offerByToken(
  db: Database,
  token: string,
  { forUpdate = false } = {},
): Promise<{ offer: StandbyOfferRow; entry: StandbyEntryRow }> {
  const tokenHash = standbyTokenHash(token);
  if (!tokenHash) throw offerNotFound();
  const query = db
    .select({ offer: standbyOffers, entry: standbyEntries })
    .from(standbyOffers)
    .innerJoin(standbyEntries, eq(standbyEntries.id, standbyOffers.entryId))
    .where(eq(standbyOffers.tokenHash, tokenHash))
    .limit(1);
  const [found] = forUpdate ? await query.for('update') : await query;
  if (!found) throw offerNotFound();
  return found;
}

/** An offer as its guest sees it from the claim link. */
export async function standbyOfferByToken(db: Database, token: string, now: Date): Promise<StandbyOfferView> {
  const { offer, entry } = await offerByToken(db, token);
  return toOfferView(offer, entry, now);
}

/** Why an offer cannot be claimed as it stands, or null. */
function claimRefusal(offer: StandbyOfferRow, entry: StandbyEntryRow, now: Date): string | null {
  if (offer.state === 'UNPAID') return STANDBY_MESSAGES.claimUnpaid;
  if (offer.state === 'CLAIMED' || entry.status !== 'WAITING') return STANDBY_MESSAGES.entryClosed;
  if (offer.state === 'GONE') return STANDBY_MESSAGES.alreadyTaken;
  if (offer.state === 'EXPIRED' || offer.expiresAt <= now) {
    return STANDBY_MESSAGES.expired(formatTime(londonTimeOfDay(offer.expiresAt)));
  }
  return null;
}

type ClaimOutcome =
  | { kind: 'claimed'; booked: Awaited<ReturnType<typeof bookForGuest>> }
  | { kind: 'refused'; message: string };

/**
 * A guest claims an offer: in one transaction under the seating lock, the offer still open and in time and its
 * entry still waiting, the booking is made with a guest's checks and deposit rules (source 'standby'). A slot
 * that filled meanwhile turns the offer GONE (kept, though the claim is refused). Won, the offer is CLAIMED, the
 * entry BOOKED, and other entries' open offers that no longer fit GONE, their guests told.
 */
export async function claimStandbyOffer(db: Database, token: string, options: GuestBookingOptions) {
  const { now, content } = options;
  const outcome = await db.transaction(async (tx): Promise<ClaimOutcome> => {
    const seen = await offerByToken(tx, token);
    await lockSeating(tx, [seen.offer], bookingContentOf(content));
    // Read again under the lock: a claim that waited on it sees what the one before it did.
    const { offer, entry } = await offerByToken(tx, token, { forUpdate: true });
    const refused = claimRefusal(offer, entry, now);
    if (refused) return { kind: 'refused', message: refused };
    const guests = entryPartySize(entry);
    const slots = await findAvailability(tx, offer.date, now, bookingContentOf(content), guests);
    const slot = slots.find((each) => each.time === offer.timeSlot);
    if (!slot || slot.closed) return { kind: 'refused', message: STANDBY_MESSAGES.tooLate };
    if (slot.remaining < guests) {
      await tx
        .update(standbyOffers)
        .set({ state: 'GONE', updatedAt: now })
        .where(eq(standbyOffers.id, offer.id));
      return { kind: 'refused', message: STANDBY_MESSAGES.alreadyTaken };
    }
    const request = bookingRequestOf(entry, offer.timeSlot);
    const booked = await bookForGuest(tx, request, guestDepositTerms(request, options), options, 'standby');
    const bookingId = booked.booking._id;
    await tx
      .update(standbyOffers)
      .set({ state: 'CLAIMED', bookingId, updatedAt: now })
      .where(eq(standbyOffers.id, offer.id));
    const [bookedEntry] = await tx
      .update(standbyEntries)
      .set({ status: 'BOOKED', bookingId, changedBy: actorName(GUEST), updatedAt: now })
      .where(and(eq(standbyEntries.id, entry.id), eq(standbyEntries.status, 'WAITING')))
      .returning();
    await closeOpenOffersOf(tx, entry.id, now);
    await dropOffersThatNoLongerFit(
      tx,
      { date: entry.date, service: entry.service, keptEntryId: entry.id },
      options,
    );
    await recordStandby(
      tx,
      bookedEntry ?? entry,
      { actor: GUEST, type: 'standby.claimed', timeSlot: offer.timeSlot, booking: booked.booking.reference },
      now,
    );
    return { kind: 'claimed', booked };
  });
  // Refused after the commit, so an offer found GONE stays GONE.
  if (outcome.kind === 'refused') throw conflict(outcome.message);
  return outcome.booked;
}
