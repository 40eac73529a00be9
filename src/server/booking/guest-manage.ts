import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { serviceForTime } from '#shared/booking/rules.ts';
import type {
  AvailabilitySlot,
  GuestBookingChange,
  ManagedBooking,
  StoredBooking,
} from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { CancelEffect } from '#shared/deposits/terms.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { isRealIsoDate, londonInstant } from '#shared/time/london-time.ts';
import { actorName, GUEST } from '../audit/trail.ts';
import { calendarFileName, tableBookingCalendar } from '../calendar/booking-calendar.ts';
import { awaitTopUp, type GuestChangeFields, moneyForChange } from '../deposits/change-money.ts';
import { cancelEffectOf, settleGuestCancellation } from '../deposits/money.ts';
import { type PaymentRow, paymentOfBooking, toGuestPayment } from '../deposits/rows.ts';
import { conflict, invalid, notFound, problemError } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { confirmGuestComing } from '../manage/coming.ts';
import { findManageTarget, manageLinkWorks, newTableManageUrl, tableManageUrl } from '../manage/links.ts';
import { nextVersion, refuseIfStale } from '../manage/versions.ts';
import { lockSeating, reseatBooking } from '../tables/seating.ts';
import { recordBookingChange } from './audit.ts';
import { bookingContentOf, findAvailability } from './availability.ts';
import { bookingChangedEmail, guestCancelledEmails, guestChangedPubNotice } from './emails.ts';
import { checkOnServer, toStoredBooking } from './service.ts';

type BookingRow = typeof bookings.$inferSelect;

/** One answer for a token that never existed, a booking gone, and a link past its day. */
const bookingNotFound = () => notFound(MANAGE_MESSAGES.notFound);

function hasStarted(booking: Pick<BookingRow, 'date' | 'timeSlot'>, now: Date): boolean {
  return now.getTime() >= londonInstant(booking.date, booking.timeSlot).getTime();
}

function managed(row: BookingRow, now: Date, payment?: PaymentRow): ManagedBooking {
  const { _id, source, cancelledBy, madeBy, changedBy, ...booking } = toStoredBooking(row);
  return {
    booking,
    started: hasStarted(row, now),
    payment: payment ? toGuestPayment(payment, now) : null,
  };
}

/** The booking as its page shows it, with its deposit or card guarantee (issue 29). */
async function managedOf(db: Database, row: BookingRow, now: Date): Promise<ManagedBooking> {
  return managed(row, now, await paymentOfBooking(db, row.id));
}

export async function ownBooking(db: Database, token: string, now: Date, lock = false): Promise<BookingRow> {
  const target = await findManageTarget(db, token);
  if (!target?.bookingId) throw bookingNotFound();
  const query = db.select().from(bookings).where(eq(bookings.id, target.bookingId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !manageLinkWorks(row.date, now)) throw bookingNotFound();
  return row;
}

/** The booking a guest's link opens (issue 18). */
export async function findOwnBooking(db: Database, token: string, now: Date): Promise<ManagedBooking> {
  return managedOf(db, await ownBooking(db, token, now), now);
}

/** The slots of a date as they stand for this booking's guest: its own place counted free, its event's time in. */
export async function ownAvailability(
  db: Database,
  token: string,
  query: { date: string; party?: number | undefined },
  { now, content }: Pick<ManageOptions, 'now' | 'content'>,
): Promise<AvailabilitySlot[]> {
  const booking = await ownBooking(db, token, now);
  return findAvailability(db, query.date, now, bookingContentOf(content), query.party, {
    excludeBookingId: booking.id,
    event: booking.eventSlug ?? undefined,
  });
}

/** The booking as the calendar file its e-mails attach (issue 18): the guest's "Add to calendar". */
export async function ownBookingCalendar(
  db: Database,
  token: string,
  { now, content, publicUrl }: Pick<ManageOptions, 'now' | 'content' | 'publicUrl'>,
): Promise<{ fileName: string; ics: string }> {
  const booking = toStoredBooking(await ownBooking(db, token, now));
  const ics = tableBookingCalendar(booking, content.venue, {
    publicUrl,
    settings: content['booking-settings'],
    manageUrl: tableManageUrl(publicUrl, token),
  });
  return { fileName: calendarFileName(content.venue, booking.reference), ics };
}

export interface ManageOptions {
  now: Date;
  content: SiteContent;
  publicUrl: string;
  pubNotifyEmail: string | undefined;
}

/**
 * Whether the change still fits, with the booking's own place counted free: the same checks and messages as a
 * new booking. Null when it fits; the problem otherwise.
 */
export async function changeProblem(
  tx: Database,
  current: BookingRow,
  change: GuestChangeFields,
  { now, content }: Pick<ManageOptions, 'now' | 'content'>,
) {
  const guests = partySize(change.partyAdults, change.partyChildren);
  const availability = isRealIsoDate(change.date)
    ? await findAvailability(tx, change.date, now, bookingContentOf(content), guests, {
        excludeBookingId: current.id,
        event: current.eventSlug ?? undefined,
      })
    : [];
  return checkOnServer({ ...toStoredBooking(current), ...change, website: '' }, availability);
}

/**
 * Makes a guest's change in `tx` (under the seating lock, the booking's row locked): its fields, its tables in
 * tables mode, the audit trail, a new confirmation with a fresh link, and the pub told what changed.
 */
export async function makeGuestChange(
  tx: Database,
  current: BookingRow,
  change: GuestChangeFields,
  { now, content, publicUrl, pubNotifyEmail }: ManageOptions,
): Promise<BookingRow> {
  const bookingContent = bookingContentOf(content);
  const guests = partySize(change.partyAdults, change.partyChildren);
  // A booking moved in time is reminded of its new time, and asked again whether the guest is coming.
  const retimed = change.date !== current.date || change.timeSlot !== current.timeSlot;
  const [row] = await tx
    .update(bookings)
    .set({
      ...change,
      service: serviceForTime(change.timeSlot),
      ...(retimed ? { remindedAt: null, comingConfirmedAt: null } : {}),
      changedBy: actorName(GUEST),
      updatedAt: nextVersion(current, now),
    })
    .where(eq(bookings.id, current.id))
    .returning();
  const seated = await reseatBooking(tx, { ...current, ...change, guests }, bookingContent, 'online');
  if (seated.place === null && bookingContent.tables.mode === 'tables' && current.eventSlug === null) {
    throw problemError({ kind: 'unavailable', message: BOOKING_MESSAGES.slotFull });
  }
  await recordBookingChange(tx, current, row as BookingRow, GUEST, now, undefined, seated.tables);
  const booking = toStoredBooking(row as BookingRow);
  const manageUrl = await newTableManageUrl(tx, current.id, { publicUrl, now });
  const calendar = { publicUrl, settings: content['booking-settings'] };
  await enqueueMail(tx, { kind: 'table-booking-change', reference: booking.reference, now }, [
    bookingChangedEmail(booking, content.venue, calendar, manageUrl, true),
    guestChangedPubNotice(toStoredBooking(current), booking, {
      venue: content.venue,
      pubAddress: pubNotifyEmail,
    }),
  ]);
  return row as BookingRow;
}

/** A change made at once, or one that waits for the difference of its deposit to be paid (issue 29). */
export type GuestChangeOutcome =
  | { kind: 'changed'; booking: ManagedBooking }
  | { kind: 'top-up'; payment: PaymentRow; booking: BookingRow };

/**
 * A guest changes their own booking: the same checks, messages and locked covers count as a new booking, with
 * the booking's own place counted free; a new confirmation with a fresh link follows, and the pub is told what
 * changed. A change made from an older version than the stored one is refused with the booking as it stands.
 * A change that makes the deposit larger waits for the difference (`top-up`); one that needs money the booking
 * cannot take online (a rule that now matches a booking without a payment) is refused with the pub's number.
 */
export async function changeOwnBooking(
  db: Database,
  token: string,
  { version, ...change }: GuestBookingChange,
  options: ManageOptions,
): Promise<GuestChangeOutcome> {
  const { now, content } = options;
  const found = await ownBooking(db, token, now);
  return db.transaction(async (tx) => {
    await lockSeating(tx, [found, change], bookingContentOf(content));
    const current = await ownBooking(tx, token, now, true);
    // With the booking as it stands, so a page opened before it was cancelled shows it cancelled.
    const latest = { latest: managed(current, now) };
    if (current.status === 'CANCELLED') throw conflict(MANAGE_MESSAGES.alreadyCancelled, latest);
    if (hasStarted(current, now)) throw conflict(MANAGE_MESSAGES.tooLateToChange, latest);
    refuseIfStale(current, version, () => managed(current, now));
    const unchanged =
      change.date === current.date &&
      change.timeSlot === current.timeSlot &&
      change.partyAdults === current.partyAdults &&
      change.partyChildren === current.partyChildren &&
      change.allergies === current.allergies &&
      change.specialNotes === current.specialNotes;
    if (unchanged) throw invalid(MANAGE_MESSAGES.nothingChanged);
    const problem = await changeProblem(tx, current, change, options);
    if (problem) throw problemError(problem);
    const money = await moneyForChange(tx, current, { ...change, eventSlug: current.eventSlug }, content);
    if (money.kind === 'call') {
      throw conflict(DEPOSIT_MESSAGES.changeNeedsPayment(content.venue.phone), latest);
    }
    if (money.kind === 'top-up') {
      return { kind: 'top-up', payment: await awaitTopUp(tx, money, change, now), booking: current };
    }
    const row = await makeGuestChange(tx, current, change, options);
    return { kind: 'changed', booking: await managedOf(tx, row, now) };
  });
}

/** The reminder's "Yes, we're coming" (issue 18). */
export async function confirmComing(db: Database, token: string, now: Date): Promise<ManagedBooking> {
  const row = await confirmGuestComing(db, now, {
    table: bookings,
    lockOwn: (tx) => ownBooking(tx, token, now, true),
    isCancelled: (booking) => booking.status === 'CANCELLED',
    hasStarted: (booking) => hasStarted(booking, now),
    audit: { type: 'booking.coming', subject: 'booking' },
  });
  return managedOf(db, row, now);
}

/**
 * A guest cancels their own booking until it starts: the place is free at once, and the guest and the pub are
 * e-mailed. Cancelling again answers the cancelled booking.
 */
export async function cancelOwnBooking(
  db: Database,
  token: string,
  { now, content, publicUrl, pubNotifyEmail }: ManageOptions,
  expect?: CancelEffect,
): Promise<ManagedBooking> {
  return db.transaction(async (tx) => {
    const current = await ownBooking(tx, token, now, true);
    if (current.status === 'CANCELLED') return managedOf(tx, current, now);
    if (hasStarted(current, now)) throw conflict(MANAGE_MESSAGES.tooLateToCancel);
    // The page said what cancelling does to the money: if the window closed since, the guest reads it again.
    const effect = cancelEffectOf(await paymentOfBooking(tx, current.id, true), now);
    if (expect !== undefined && expect !== effect) {
      throw conflict(DEPOSIT_MESSAGES.windowChanged, { latest: await managedOf(tx, current, now) });
    }
    const [row] = await tx
      .update(bookings)
      .set({
        status: 'CANCELLED',
        cancelledBy: 'guest',
        cancelledAt: now,
        changedBy: actorName(GUEST),
        updatedAt: now,
      })
      .where(eq(bookings.id, current.id))
      .returning();
    await recordBookingChange(tx, current, row as BookingRow, GUEST, now);
    await settleGuestCancellation(tx, row as BookingRow, { now, actor: GUEST });
    const booking: StoredBooking = toStoredBooking(row as BookingRow);
    const mail = { venue: content.venue, pubAddress: pubNotifyEmail };
    const calendar = { publicUrl, settings: content['booking-settings'] };
    await enqueueMail(
      tx,
      { kind: 'table-booking-guest-cancelled', reference: booking.reference, now },
      guestCancelledEmails(booking, mail, calendar),
    );
    return managedOf(tx, row as BookingRow, now);
  });
}
