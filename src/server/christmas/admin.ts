import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockChristmasSitting } from '#db/locks.ts';
import { occasionBookings, occasionClosures } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { christmasAmounts } from '#shared/christmas/amounts.ts';
import { tidySelections } from '#shared/christmas/courses.ts';
import { depositTakenByStaff } from '#shared/christmas/deposit.ts';
import { CHRISTMAS_OCCASION_SLUG, SITTING_IDS, type SittingId } from '#shared/christmas/ids.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import type {
  ChristmasAdminBookingRequest,
  ChristmasClosure,
  ChristmasSeatsOverview,
  ChristmasStatusChange,
  StoredChristmasBooking,
} from '#shared/christmas/schemas.ts';
import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import { normaliseSittingId, sittingLabel } from '#shared/christmas/sittings.ts';
import type { ChristmasBookingStatus } from '#shared/christmas/status.ts';
import { checkChristmasAdminBooking } from '#shared/christmas/validation.ts';
import { paidToStaffNotRefundedOnline, staffPaidPence } from '#shared/money/taken-by-staff.ts';
import type { TillOutcome } from '#shared/money/till-settlement.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import { closureDeleter } from '../lib/closure-rows.ts';
import { bookingNotFound, conflict, invalid, problemError, unavailable } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { christmasManageUrl, issueManageToken } from '../manage/links.ts';
import { settleAtTill, type TillSettlementScope } from '../occasions/till-settlement.ts';
import { recordChristmasBookingChange, recordChristmasBookingMade } from './audit.ts';
import { christmasAvailability, christmasSeatCounts } from './availability.ts';
import { markCancelled, refundAfterCancelling, refundOf, settleRefund } from './cancellation.ts';
import { christmasGuestConfirmation } from './emails.ts';
import type { ChristmasDeps } from './fulfilment.ts';
import { christmasCancelledEmail } from './manage-emails.ts';
import {
  type ChristmasBookingRow,
  insertChristmasBooking,
  isChristmasRow,
  selectChristmasBooking,
  selectChristmasBookings,
  updateChristmasBooking,
} from './store.ts';

type ClosureRow = typeof occasionClosures.$inferSelect;

const isChristmasClosure = eq(occasionClosures.occasionSlug, CHRISTMAS_OCCASION_SLUG);

export function toStoredChristmasBooking(row: ChristmasBookingRow): StoredChristmasBooking {
  return {
    _id: row.id,
    reference: row.reference,
    sittingId: row.sittingId,
    sittingLabel: row.sittingLabel,
    name: row.name,
    email: row.email,
    phone: row.phone,
    partyAdults: row.partyAdults,
    partyChildren: row.partyChildren,
    partySize: row.partySize,
    status: row.status,
    selections: row.selections,
    allergies: row.allergies,
    occasionNotes: row.occasionNotes,
    specialNotes: row.specialNotes,
    totalPence: row.totalPence,
    depositPaidPence: row.depositPaidPence,
    depositMethod: row.depositMethod,
    source: row.source,
    cancelledBy: row.cancelledBy,
    refund: refundOf(row),
    tillRefundPence: row.tillRefundPence,
    comingConfirmedAt: row.comingConfirmedAt?.toISOString() ?? null,
    madeBy: row.madeBy,
    changedBy: row.changedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The sittings in the order of the day; within one, bookings in the order they were made. */
const SITTING_ORDER = sql`case ${occasionBookings.sittingId} when 'xmas-early' then 0 else 1 end`;

/** One sitting's bookings or both, all statuses unless `status` is given. */
export async function christmasBookingRows(
  db: Database,
  filter: { sittingId?: SittingId | null; status?: ChristmasBookingStatus } = {},
): Promise<ChristmasBookingRow[]> {
  const conditions: SQL[] = [];
  if (filter.sittingId) conditions.push(eq(occasionBookings.sittingId, filter.sittingId));
  if (filter.status) conditions.push(eq(occasionBookings.status, filter.status));
  return selectChristmasBookings(db, and(...conditions), {
    orderBy: [SITTING_ORDER, asc(occasionBookings.createdAt), asc(occasionBookings.reference)],
  });
}

export async function listChristmasBookings(
  db: Database,
  sittingId: SittingId | null,
): Promise<StoredChristmasBooking[]> {
  return (await christmasBookingRows(db, { sittingId })).map(toStoredChristmasBooking);
}

/** The booking of an id in a URL; any id that names none is not found. */
export async function findChristmasBooking(db: Database, id: string): Promise<ChristmasBookingRow> {
  if (!isUuid(id)) throw bookingNotFound();
  const row = await selectChristmasBooking(db, eq(occasionBookings.id, id));
  if (!row) throw bookingNotFound();
  return row;
}

/**
 * A booking found before its transaction, as it now stands inside it: under its sitting's lock (the seats are
 * checked one change at a time) and with its row locked for the change.
 */
export async function lockedChristmasBooking(
  tx: Database,
  found: Pick<ChristmasBookingRow, 'id' | 'sittingId'>,
): Promise<ChristmasBookingRow> {
  await lockChristmasSitting(tx, found.sittingId);
  const current = await selectChristmasBooking(tx, eq(occasionBookings.id, found.id), { forUpdate: true });
  if (!current) throw bookingNotFound();
  return current;
}

/**
 * A phone or walk-in booking (spec §3): checked by the shared rule, then stored CONFIRMED in one transaction
 * under the sitting's lock, counting seats exactly as the online checkout does (confirmed guests and live
 * holds), so staff and guests can never sell the same seat. The deposit is recorded as staff took it (the
 * party's whole deposit by card or in cash, or none when waived), in the booking and in the trail. The
 * guest's confirmation is queued in that transaction when the booking has an e-mail address.
 */
export async function createPhoneBooking(
  deps: ChristmasDeps,
  request: ChristmasAdminBookingRequest,
  actor: Actor,
): Promise<StoredChristmasBooking> {
  const { now, season } = deps;
  const invalid = checkChristmasAdminBooking(request, season, null);
  if (invalid) throw problemError(invalid);

  // The check has passed, so the sitting is a known one.
  const sittingId = normaliseSittingId(request.sittingId, season) as SittingId;
  const selections = tidySelections(request.selections, season);
  const { totalPence, depositPence } = christmasAmounts({ ...request, selections }, season);
  const booking = await deps.db.transaction(async (tx) => {
    await lockChristmasSitting(tx, sittingId);
    const problem = checkChristmasAdminBooking(request, season, await christmasAvailability(tx, now, season));
    if (problem) throw problemError(problem);
    const inserted = await insertChristmasBooking(tx, {
      date: season.date,
      sittingId,
      sittingLabel: sittingLabel(season, sittingId),
      name: request.name,
      email: request.email,
      phone: request.phone,
      partyAdults: request.partyAdults,
      partyChildren: request.partyChildren,
      partySize: partySize(request.partyAdults, request.partyChildren),
      status: 'CONFIRMED',
      selections,
      allergies: request.allergies,
      occasionNotes: request.occasionNotes,
      specialNotes: request.specialNotes,
      totalPence,
      depositPaidPence: staffPaidPence(request.depositMethod, depositPence),
      depositMethod: request.depositMethod,
      source: 'phone',
      madeBy: actorName(actor),
      createdAt: now,
      updatedAt: now,
    });
    await recordChristmasBookingMade(tx, inserted, actor, now);
    if (inserted.email !== '') {
      const token = await issueManageToken(tx, { christmasBookingId: inserted.id }, now);
      await enqueueMail(tx, { kind: 'christmas-phone-booking', reference: inserted.reference, now }, [
        christmasGuestConfirmation(inserted, deps, christmasManageUrl(deps.publicUrl, token)),
      ]);
    }
    return inserted;
  });
  deps.log.info({ reference: booking.reference }, 'Christmas booking taken by staff');
  if (booking.email !== '') deps.mail.nudge();
  return toStoredChristmasBooking(booking);
}

/**
 * Staff cancel a booking whose row `tx` holds locked, under its sitting's lock: one with a deposit paid online
 * needs their choice to refund or keep it (a deposit staff took is settled at the till, never refunded online), and the guest is e-mailed when `tellGuest`. The refund is made after the commit
 * (`refundAfterCancelling`).
 */
export async function cancelChristmasBookingByStaff(
  tx: Database,
  deps: ChristmasDeps,
  current: ChristmasBookingRow,
  options: { deposit: ChristmasStatusChange['deposit']; tellGuest: boolean; actor: Actor },
): Promise<ChristmasBookingRow> {
  const { now } = deps;
  const tillDeposit = depositTakenByStaff(current);
  if (tillDeposit && options.deposit === 'refund') {
    throw conflict(paidToStaffNotRefundedOnline(current.depositPaidPence));
  }
  if (!tillDeposit && current.depositPaidPence > 0 && options.deposit === null) {
    throw invalid(CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice);
  }
  const cancelled = await markCancelled(tx, current, {
    by: 'staff',
    refund: !tillDeposit && options.deposit === 'refund',
    now,
    actor: options.actor,
  });
  if (options.tellGuest) {
    await enqueueMail(tx, { kind: 'christmas-cancelled', reference: cancelled.reference, now }, [
      christmasCancelledEmail(cancelled, deps),
    ]);
  }
  return cancelled;
}

/**
 * CONFIRMED or CANCELLED (spec §4). Cancelling frees the seats at once; confirming a cancelled booking takes
 * them back, so it is checked against the seats left under the sitting's lock like any new booking. Staff
 * cancelling a booking with a deposit choose to refund or keep it, and the online guest is e-mailed either
 * way; the refund is made after the commit (decision 017). A booking whose deposit was refunded stays
 * cancelled.
 */
export async function setChristmasBookingStatus(
  deps: ChristmasDeps,
  id: string,
  change: ChristmasStatusChange,
  actor: Actor,
): Promise<StoredChristmasBooking> {
  const { db, now, season } = deps;
  const existing = await findChristmasBooking(db, id);
  const updated = await db.transaction(async (tx) => {
    const current = await lockedChristmasBooking(tx, existing);
    if (current.status === change.status) return current;
    if (change.status === 'CONFIRMED') {
      const givenBack = current.refundPence !== null || (current.tillRefundPence ?? 0) > 0;
      if (givenBack) throw conflict(CHRISTMAS_STAFF_CANCEL_MESSAGES.refundedCannotConfirm);
      const seats = (await christmasAvailability(tx, now, season))[current.sittingId];
      if (seats.remaining < current.partySize) {
        throw unavailable(CHRISTMAS_MESSAGES.seatsLeft(seats.remaining));
      }
      const confirmed = await updateChristmasBooking(tx, id, {
        status: 'CONFIRMED',
        cancelledBy: null,
        // A deposit kept at the till is the booking's again: a later cancellation settles it afresh.
        tillRefundPence: null,
        changedBy: actorName(actor),
        updatedAt: now,
      });
      await recordChristmasBookingChange(tx, current, confirmed as ChristmasBookingRow, actor, now);
      return confirmed as ChristmasBookingRow;
    }
    return cancelChristmasBookingByStaff(tx, deps, current, {
      deposit: change.deposit,
      tellGuest: current.source === 'online',
      actor,
    });
  });
  if (updated.status === 'CANCELLED') deps.mail.nudge();
  return toStoredChristmasBooking(await refundAfterCancelling(deps, updated, actor));
}

/** Staff try a pending refund again; the provider's failure is answered, the refund still pending. */
export async function retryChristmasRefund(
  deps: ChristmasDeps,
  id: string,
  actor: Actor,
): Promise<StoredChristmasBooking> {
  return toStoredChristmasBooking(await settleRefund(deps, await findChristmasBooking(deps.db, id), actor));
}

const CHRISTMAS_BOOKINGS: TillSettlementScope = {
  rows: isChristmasRow,
  auditType: 'christmas.till-settled',
  subjectType: 'christmas-booking',
};

/** Staff record what became of a cancelled phone booking's deposit they took: given back at the till, or kept. */
export async function settleChristmasDepositAtTill(
  db: Database,
  id: string,
  outcome: TillOutcome,
  stamp: { actor: Actor; now: Date },
): Promise<StoredChristmasBooking> {
  await settleAtTill(db, { id, scope: CHRISTMAS_BOOKINGS }, outcome, stamp);
  return toStoredChristmasBooking(await findChristmasBooking(db, id));
}

function toClosure(row: ClosureRow): ChristmasClosure {
  return {
    _id: row.id,
    sittingId: row.sittingId as SittingId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listChristmasClosures(db: Database): Promise<ChristmasClosure[]> {
  const rows = await db
    .select()
    .from(occasionClosures)
    .where(isChristmasClosure)
    .orderBy(asc(occasionClosures.createdAt));
  return rows.map(toClosure);
}

/**
 * Closes a sitting to online orders (spec §4). A sitting is closed once: closing it again answers the
 * existing closure; the sitting's lock makes two simultaneous closes store one row.
 */
export async function closeSitting(
  db: Database,
  input: { sittingId: SittingId; reason: string },
  { now, actor, date }: { now: Date; actor: Actor; date: string },
): Promise<{ closure: ChristmasClosure; created: boolean }> {
  return db.transaction(async (tx) => {
    await lockChristmasSitting(tx, input.sittingId);
    const [existing] = await tx
      .select()
      .from(occasionClosures)
      .where(and(isChristmasClosure, eq(occasionClosures.sittingId, input.sittingId)))
      .limit(1);
    if (existing) return { closure: toClosure(existing), created: false };
    const [row] = await tx
      .insert(occasionClosures)
      .values({ ...input, occasionSlug: CHRISTMAS_OCCASION_SLUG, date, createdAt: now })
      .returning();
    if (!row) throw new Error('The Christmas closure was not stored');
    await recordAudit(
      tx,
      {
        actor,
        type: 'christmas-closure.created',
        subject: { type: 'christmas-closure', id: row.id },
        summary: `${row.sittingId}: ${row.reason}`,
      },
      now,
    );
    return { closure: toClosure(row), created: true };
  });
}

/** Reopens the sitting. */
export const reopenSitting = closureDeleter({
  table: occasionClosures,
  scope: isChristmasClosure,
  audit: {
    type: 'christmas-closure.deleted',
    subject: 'christmas-closure',
    summary: (row: ClosureRow) => `${row.sittingId}: ${row.reason}`,
  },
});

/** Each sitting's seats for the staff bars: booked, held and left of its capacity, and its closure. */
export async function christmasSeatsOverview(
  db: Database,
  now: Date,
  season: ChristmasDay,
): Promise<ChristmasSeatsOverview> {
  const [counts, closures] = await Promise.all([
    christmasSeatCounts(db, now, season),
    listChristmasClosures(db),
  ]);
  const overview = {} as ChristmasSeatsOverview;
  for (const id of SITTING_IDS) {
    const { capacity, booked, held, remaining, closedByStaff, pastCutoff } = counts[id];
    overview[id] = {
      capacity,
      booked,
      held,
      remaining,
      closed: closedByStaff || pastCutoff,
      pastCutoff,
      closure: closures.find((closure) => closure.sittingId === id) ?? null,
    };
  }
  return overview;
}
