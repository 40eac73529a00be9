import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockOccasionSitting } from '#db/locks.ts';
import { occasionBookings, occasionDiners } from '#db/schema.ts';
import { partySize, partyText } from '#shared/booking/party.ts';
import type { StaffOccasionBooking, StaffPartyChangeRequest } from '#shared/occasions/admin-api.ts';
import {
  changedPartyPricePence,
  namedDiners,
  PARTY_CHANGE_MESSAGES,
  partyChangeProblem,
} from '#shared/occasions/party-change.ts';
import { isTicketed, supplementsPence } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import { conflict, DomainError, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { toDiner } from './admin.ts';
import { sittingSeats } from './availability.ts';
import { findOccasion, type OccasionDeps, toStaffOccasionBooking } from './booking.ts';
import { fillOpenPlaces } from './deadline.ts';
import { occasionPartyChangedEmail } from './emails.ts';
import type { OccasionBookingRow } from './organiser-links.ts';
import { type DinerRow, dinersOf } from './pre-orders.ts';
import { isOccasionRow } from './rows.ts';

/**
 * The diners after the party's change: a smaller party gives up the deadline's placeholders it no longer has
 * places for, the newest first; a larger one whose order has locked gets "Guest N" with the default menu for each
 * new place, so the kitchen's sheets stay final.
 */
async function placesFollowParty(
  tx: Database,
  booking: OccasionBookingRow,
  occasion: Occasion,
  diners: readonly DinerRow[],
  now: Date,
): Promise<DinerRow[]> {
  const surplus = diners.length - booking.partySize;
  if (surplus > 0) {
    const given = diners.filter((diner) => diner.chosenBy === 'default').slice(-surplus);
    await tx.delete(occasionDiners).where(
      inArray(
        occasionDiners.id,
        given.map((diner) => diner.id),
      ),
    );
  }
  if (booking.lockedAt !== null && !isTicketed(occasion)) {
    await fillOpenPlaces(tx, booking, occasion, Math.min(diners.length, booking.partySize), now);
  }
  return dinersOf(tx, booking.id);
}

/**
 * Staff change a confirmed party's numbers by phone (`partyChangeProblem`): under the sitting's lock, so a larger
 * party takes only seats still free; the price follows, no money moves, the organiser is e-mailed what is now
 * left to pay on the day, and the trail records it.
 */
export async function changeOccasionParty(
  deps: OccasionDeps,
  bookingId: string,
  party: StaffPartyChangeRequest,
  actor: Actor,
): Promise<StaffOccasionBooking> {
  const { now } = deps;
  if (!isUuid(bookingId)) throw notFound(PARTY_CHANGE_MESSAGES.notFound);
  const [found] = await deps.db
    .select()
    .from(occasionBookings)
    .where(and(isOccasionRow, eq(occasionBookings.id, bookingId)));
  if (!found) throw notFound(PARTY_CHANGE_MESSAGES.notFound);
  const occasion = findOccasion(deps, found.occasionSlug, { drafts: true });
  const changed = await deps.db.transaction(async (tx) => {
    await lockOccasionSitting(tx, found.occasionSlug, found.date, found.sittingId);
    const [booking] = await tx
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.id, bookingId))
      .for('update');
    if (!booking) throw notFound(PARTY_CHANGE_MESSAGES.notFound);
    if (booking.status !== 'CONFIRMED') throw conflict(PARTY_CHANGE_MESSAGES.notConfirmed);
    const diners = await dinersOf(tx, booking.id);
    const seats = await sittingSeats(tx, now, occasion, booking.date, booking.sittingId, {
      excludeBookingId: booking.id,
    });
    const problem = partyChangeProblem(occasion, { ...booking, diners: namedDiners(diners) }, party, {
      phone: deps.venue.phone,
      // A sitting since removed from the occasion has no seats to give: the party may shrink, never grow.
      remainingSeats: seats?.remaining ?? booking.partySize,
    });
    if (problem) {
      throw new DomainError(problem.kind, problem.message, {}, [
        { path: problem.field, message: problem.message },
      ]);
    }
    const [row] = await tx
      .update(occasionBookings)
      .set({
        partyAdults: party.adults,
        partyChildren: party.children,
        partySize: partySize(party.adults, party.children),
        totalPence: changedPartyPricePence(occasion, booking, party),
        changedBy: actorName(actor),
        updatedAt: now,
      })
      .where(eq(occasionBookings.id, booking.id))
      .returning();
    const updated = row as OccasionBookingRow;
    const dinersNow = await placesFollowParty(tx, updated, occasion, diners, now);
    await recordAudit(
      tx,
      {
        actor,
        type: 'occasion.party-changed',
        subject: { type: 'occasion-booking', id: updated.id },
        summary: `${updated.reference}, ${updated.occasionName}, ${updated.date}: party of ${booking.partySize} now ${updated.partySize}`,
        changes: {
          party: {
            before: partyText(booking.partyAdults, booking.partyChildren),
            after: partyText(updated.partyAdults, updated.partyChildren),
          },
          totalPence: { before: booking.totalPence, after: updated.totalPence },
        },
      },
      now,
    );
    if (updated.email !== '') {
      await enqueueMail(tx, { kind: 'occasion-changed', reference: updated.reference, now }, [
        occasionPartyChangedEmail(
          updated,
          { venue: deps.venue, occasion },
          supplementsPence(occasion, dinersNow),
        ),
      ]);
    }
    return { booking: updated, diners: dinersNow.map(toDiner) };
  });
  deps.log.info({ reference: changed.booking.reference }, 'occasion party changed by staff');
  deps.mail.nudge();
  return toStaffOccasionBooking(occasion, changed.booking, changed.diners);
}
