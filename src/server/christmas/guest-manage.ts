import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings } from '#db/schema.ts';
import { balanceDuePence } from '#shared/christmas/amounts.ts';
import { countOf, tidySelections } from '#shared/christmas/courses.ts';
import { CHEESE_BOARD_ID } from '#shared/christmas/ids.ts';
import { CHRISTMAS_MANAGE_MESSAGES, depositOnGuestCancel } from '#shared/christmas/manage.ts';
import { isPastOnlineCutoff } from '#shared/christmas/online-cutoff.ts';
import type {
  ChristmasGuestChange,
  ChristmasSelections,
  ManagedChristmasBooking,
} from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingOf } from '#shared/christmas/sittings.ts';
import { checkChristmasCourses } from '#shared/christmas/validation.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { poundsToPence } from '#shared/money/money.ts';
import { londonInstant, londonToday } from '#shared/time/london-time.ts';
import { actorName, GUEST } from '../audit/trail.ts';
import { calendarFileName, christmasBookingCalendar } from '../calendar/booking-calendar.ts';
import { conflict, invalid, notFound, problemError } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { confirmGuestComing } from '../manage/coming.ts';
import { christmasManageUrl, findManageTarget, issueManageToken, manageLinkWorks } from '../manage/links.ts';
import { nextVersion, refuseIfStale } from '../manage/versions.ts';
import { toStoredChristmasBooking } from './admin.ts';
import { recordChristmasBookingChange } from './audit.ts';
import { markCancelled, refundAfterCancelling } from './cancellation.ts';
import type { ChristmasDeps } from './fulfilment.ts';
import {
  christmasChangedEmail,
  christmasChangedPubNotice,
  christmasGuestCancelledEmails,
} from './manage-emails.ts';
import { type ChristmasBookingRow, selectChristmasBooking, updateChristmasBooking } from './store.ts';

/** One answer for a token that never existed, a booking gone, a link past its day and an earlier season's. */
const bookingNotFound = () => notFound(MANAGE_MESSAGES.notFound);

/**
 * Whether the booking is for this season's Christmas Day: one made before last Christmas was over belongs to
 * an earlier season, whose link must not come back to life when staff roll the season on.
 */
function isThisSeasons(row: ChristmasBookingRow, season: ChristmasSeason): boolean {
  return londonToday(row.createdAt) > `${Number(season.date.slice(0, 4)) - 1}-12-25`;
}

export function sittingHasStarted(row: ChristmasBookingRow, season: ChristmasSeason, now: Date): boolean {
  const { start } = sittingOf(season, row.sittingId);
  return now.getTime() >= londonInstant(season.date, start).getTime();
}

function managed(row: ChristmasBookingRow, season: ChristmasSeason, now: Date): ManagedChristmasBooking {
  const confirmed = row.status === 'CONFIRMED';
  const { _id, email, phone, depositMethod, cancelledBy, refund, madeBy, changedBy, createdAt, ...booking } =
    toStoredChristmasBooking(row);
  return {
    // A cancelled booking owes nothing on the day: what became of its deposit is `refundPence`, or for one
    // staff took, `tillRefundPence` once they record it.
    booking: {
      ...booking,
      balanceDuePence: row.status === 'CANCELLED' ? 0 : balanceDuePence(row),
      refundPence: row.refundPence,
    },
    changeable: confirmed && !isPastOnlineCutoff(season, now),
    cancellable: confirmed && !sittingHasStarted(row, season, now),
    depositOnCancel: depositOnGuestCancel(row, season, now),
  };
}

async function ownBooking(
  db: Database,
  token: string,
  { season, now }: Pick<ChristmasDeps, 'season' | 'now'>,
  lock = false,
): Promise<ChristmasBookingRow> {
  const target = await findManageTarget(db, token);
  if (!target?.christmasBookingId) throw bookingNotFound();
  const row = await selectChristmasBooking(db, eq(occasionBookings.id, target.christmasBookingId), {
    forUpdate: lock,
  });
  if (!row || !isThisSeasons(row, season) || !manageLinkWorks(season.date, now)) throw bookingNotFound();
  return row;
}

/** The Christmas booking a guest's link opens (issue 18). */
export async function findOwnChristmasBooking(
  db: Database,
  token: string,
  { season, now }: Pick<ChristmasDeps, 'season' | 'now'>,
): Promise<ManagedChristmasBooking> {
  return managed(await ownBooking(db, token, { season, now }), season, now);
}

/** The booking as the calendar file its confirmation attaches: the guest's "Add to calendar" (issue 18). */
export async function ownChristmasCalendar(
  token: string,
  deps: Pick<ChristmasDeps, 'db' | 'season' | 'now' | 'venue' | 'publicUrl'>,
): Promise<{ fileName: string; ics: string }> {
  const booking = await ownBooking(deps.db, token, deps);
  const ics = christmasBookingCalendar(booking, deps.venue, {
    publicUrl: deps.publicUrl,
    season: deps.season,
    manageUrl: christmasManageUrl(deps.publicUrl, token),
  });
  return { fileName: calendarFileName(deps.venue, booking.reference), ics };
}

/** The reminder's "Yes, we're coming": recorded once, until the sitting starts (issue 18). */
export async function confirmChristmasComing(
  db: Database,
  token: string,
  { season, now }: Pick<ChristmasDeps, 'season' | 'now'>,
): Promise<ManagedChristmasBooking> {
  const row = await confirmGuestComing(db, now, {
    table: occasionBookings,
    lockOwn: (tx) => ownBooking(tx, token, { season, now }, true),
    isCancelled: (booking) => booking.status !== 'CONFIRMED',
    hasStarted: (booking) => sittingHasStarted(booking, season, now),
    audit: { type: 'christmas.coming', subject: 'christmas-booking' },
  });
  return managed(row, season, now);
}

function cheeseBoards(selections: ChristmasSelections): number {
  return countOf(selections, 'desserts', CHEESE_BOARD_ID);
}

/**
 * A guest changes their dishes, allergies and notes until online orders close, under the checkout's course
 * rules for their party as booked (its size is the pub's to change, by phone). The price stays as booked but
 * for the cheese boards added or taken off; a new confirmation with a fresh link follows, and the pub is told
 * what changed. A change made from an older version than the stored one is refused with the order as it stands.
 */
export async function changeOwnChristmasBooking(
  deps: ChristmasDeps,
  token: string,
  { version, ...change }: ChristmasGuestChange,
): Promise<ManagedChristmasBooking> {
  const { now, season, venue } = deps;
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownBooking(tx, token, deps, true);
    if (current.status === 'CANCELLED') throw conflict(MANAGE_MESSAGES.alreadyCancelled);
    if (isPastOnlineCutoff(season, now)) throw conflict(CHRISTMAS_MANAGE_MESSAGES.changesClosed(venue.phone));
    refuseIfStale(current, version, () => managed(current, season, now));
    const problem = checkChristmasCourses(change.selections, current.partySize, season);
    if (problem) throw problemError(problem);
    const selections = tidySelections(change.selections, season);
    const before = current.selections;
    const unchanged =
      JSON.stringify(selections) === JSON.stringify(tidySelections(before, season)) &&
      change.allergies === current.allergies &&
      change.occasionNotes === current.occasionNotes &&
      change.specialNotes === current.specialNotes;
    if (unchanged) throw invalid(MANAGE_MESSAGES.nothingChanged);
    const supplement = poundsToPence(season.prices.cheeseBoardSupplement);
    const updated = await updateChristmasBooking(tx, current.id, {
      selections,
      allergies: change.allergies,
      occasionNotes: change.occasionNotes,
      specialNotes: change.specialNotes,
      totalPence: current.totalPence + (cheeseBoards(selections) - cheeseBoards(before)) * supplement,
      changedBy: actorName(GUEST),
      updatedAt: nextVersion(current, now),
    });
    const booking = updated as ChristmasBookingRow;
    await recordChristmasBookingChange(tx, current, booking, GUEST, now);
    const fresh = await issueManageToken(tx, { christmasBookingId: booking.id }, now);
    await enqueueMail(tx, { kind: 'christmas-change', reference: booking.reference, now }, [
      christmasChangedEmail(booking, deps, christmasManageUrl(deps.publicUrl, fresh)),
      christmasChangedPubNotice(current, booking, { ...deps, pubAddress: deps.pubNotifyEmail }),
    ]);
    return booking;
  });
  deps.mail.nudge();
  return managed(row, season, now);
}

/**
 * A guest cancels their own booking until their sitting starts: the seats are free at once, and the guest
 * and the pub are e-mailed. Until the season's `refundableUntil` the deposit is refunded (after the commit,
 * decision 017), after it kept, as the terms say. Cancelling again answers the cancelled booking, and tries
 * a refund still pending once more.
 */
export async function cancelOwnChristmasBooking(
  deps: ChristmasDeps,
  token: string,
): Promise<ManagedChristmasBooking> {
  const { now, season } = deps;
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownBooking(tx, token, deps, true);
    if (current.status === 'CANCELLED') return current;
    if (sittingHasStarted(current, season, now)) throw conflict(CHRISTMAS_MANAGE_MESSAGES.tooLateToCancel);
    const refund = depositOnGuestCancel(current, season, now) === 'refund';
    const cancelled = await markCancelled(tx, current, { by: 'guest', refund, now, actor: GUEST });
    await enqueueMail(
      tx,
      { kind: 'christmas-guest-cancelled', reference: cancelled.reference, now },
      christmasGuestCancelledEmails(cancelled, { ...deps, pubAddress: deps.pubNotifyEmail }),
    );
    return cancelled;
  });
  deps.mail.nudge();
  return managed(await refundAfterCancelling(deps, row, GUEST), season, now);
}
