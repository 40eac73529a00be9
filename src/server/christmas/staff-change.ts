import { partySize } from '#shared/booking/party.ts';
import { christmasAmounts } from '#shared/christmas/amounts.ts';
import { tidySelections } from '#shared/christmas/courses.ts';
import type {
  ChristmasSelections,
  ChristmasStaffChange,
  StoredChristmasBooking,
} from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import {
  CHRISTMAS_STAFF_CHANGE_MESSAGES,
  checkChristmasStaffChange,
} from '#shared/christmas/staff-change.ts';
import { type ChristmasProblem, seatsShortProblem } from '#shared/christmas/validation.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { type Actor, actorName } from '../audit/trail.ts';
import { conflict, fieldProblemError, invalid } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { christmasManageUrl, issueManageToken } from '../manage/links.ts';
import { nextVersion } from '../manage/versions.ts';
import { findChristmasBooking, lockedChristmasBooking, toStoredChristmasBooking } from './admin.ts';
import { recordChristmasBookingChange } from './audit.ts';
import { christmasAvailability } from './availability.ts';
import type { ChristmasDeps } from './fulfilment.ts';
import { sittingHasStarted } from './guest-manage.ts';
import { christmasChangedEmail } from './manage-emails.ts';
import { type ChristmasBookingRow, updateChristmasBooking } from './store.ts';

/** A rule's refusal on the field staff change to meet it: seats short are the party's. */
function refusal(problem: ChristmasProblem) {
  return fieldProblemError(problem, problem.field === 'session' ? 'partyAdults' : problem.field);
}

function isUnchanged(
  current: ChristmasBookingRow,
  change: ChristmasStaffChange,
  selections: ChristmasSelections,
  season: ChristmasSeason,
): boolean {
  return (
    change.partyAdults === current.partyAdults &&
    change.partyChildren === current.partyChildren &&
    JSON.stringify(selections) ===
      JSON.stringify(tidySelections(current.selections as ChristmasSelections, season)) &&
    change.allergies === current.allergies &&
    change.occasionNotes === current.occasionNotes &&
    change.specialNotes === current.specialNotes
  );
}

/**
 * Staff change a confirmed booking's party, dishes and notes as the guest asks by phone, until its sitting
 * starts (the online cut-off is the guests', not theirs). Under the sitting's lock, as a phone booking: a larger
 * party needs the seats the others' bookings and live holds leave. The courses follow the guests' rule for the
 * new party, and the total is priced again as a new booking would be; the deposit paid stays with the booking,
 * so a total below it is refused rather than owing the guest money. The guest is e-mailed the booking as it
 * stands with a fresh link, when it has an address.
 */
export async function changeChristmasBookingByStaff(
  deps: ChristmasDeps,
  id: string,
  change: ChristmasStaffChange,
  actor: Actor,
): Promise<StoredChristmasBooking> {
  const { now, season } = deps;
  const existing = await findChristmasBooking(deps.db, id);
  const guests = partySize(change.partyAdults, change.partyChildren);
  const selections = tidySelections(change.selections, season);
  const { totalPence } = christmasAmounts({ ...change, selections }, season);

  const booking = await deps.db.transaction(async (tx) => {
    const current = await lockedChristmasBooking(tx, existing);
    if (current.status !== 'CONFIRMED') throw conflict(CHRISTMAS_STAFF_CHANGE_MESSAGES.cancelled);
    if (sittingHasStarted(current, season, now)) {
      throw conflict(CHRISTMAS_STAFF_CHANGE_MESSAGES.sittingStarted);
    }
    const problem = checkChristmasStaffChange(change, season, current.depositPaidPence);
    if (problem) throw refusal(problem);
    if (isUnchanged(current, change, selections, season)) throw invalid(MANAGE_MESSAGES.nothingChanged);
    const seats = (await christmasAvailability(tx, now, season))[current.sittingId];
    const short = seatsShortProblem(guests - current.partySize, seats);
    if (short) throw refusal(short);

    const updated = await updateChristmasBooking(tx, id, {
      partyAdults: change.partyAdults,
      partyChildren: change.partyChildren,
      partySize: guests,
      selections,
      allergies: change.allergies,
      occasionNotes: change.occasionNotes,
      specialNotes: change.specialNotes,
      totalPence,
      changedBy: actorName(actor),
      updatedAt: nextVersion(current, now),
    });
    const changed = updated as ChristmasBookingRow;
    await recordChristmasBookingChange(tx, current, changed, actor, now);
    if (changed.email !== '') {
      const token = await issueManageToken(tx, { christmasBookingId: changed.id }, now);
      await enqueueMail(tx, { kind: 'christmas-staff-change', reference: changed.reference, now }, [
        christmasChangedEmail(changed, deps, christmasManageUrl(deps.publicUrl, token), 'staff'),
      ]);
    }
    return changed;
  });
  deps.log.info({ reference: booking.reference }, 'Christmas booking changed by staff');
  if (booking.email !== '') deps.mail.nudge();
  return toStoredChristmasBooking(booking);
}
