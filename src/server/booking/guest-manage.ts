import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockBookingService } from '#db/locks.ts';
import { bookings } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { serviceForTime } from '#shared/booking/rules.ts';
import type {
  AvailabilitySlot,
  GuestBookingChange,
  ManagedBooking,
  StoredBooking,
} from '#shared/booking/schemas.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { isRealIsoDate, londonInstant } from '#shared/time/london-time.ts';
import { actorName, GUEST, recordAudit } from '../audit/trail.ts';
import { calendarFileName, tableBookingCalendar } from '../calendar/booking-calendar.ts';
import { conflict, invalid, notFound, problemError } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { findManageTarget, issueManageToken, manageLinkWorks, tableManageUrl } from '../manage/links.ts';
import { nextVersion, refuseIfStale } from '../manage/versions.ts';
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

function managed(row: BookingRow, now: Date): ManagedBooking {
  const { _id, source, cancelledBy, madeBy, changedBy, ...booking } = toStoredBooking(row);
  return { booking, started: hasStarted(row, now) };
}

async function ownBooking(db: Database, token: string, now: Date, lock = false): Promise<BookingRow> {
  const target = await findManageTarget(db, token);
  if (!target?.bookingId) throw bookingNotFound();
  const query = db.select().from(bookings).where(eq(bookings.id, target.bookingId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !manageLinkWorks(row.date, now)) throw bookingNotFound();
  return row;
}

/** The booking a guest's link opens (issue 18). */
export async function findOwnBooking(db: Database, token: string, now: Date): Promise<ManagedBooking> {
  return managed(await ownBooking(db, token, now), now);
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

interface ManageOptions {
  now: Date;
  content: SiteContent;
  publicUrl: string;
  pubNotifyEmail: string | undefined;
}

/**
 * A guest changes their own booking: the same checks, messages and locked covers count as a new booking, with
 * the booking's own place counted free; a new confirmation with a fresh link follows, and the pub is told what
 * changed. A change made from an older version than the stored one is refused with the booking as it stands.
 */
export async function changeOwnBooking(
  db: Database,
  token: string,
  { version, ...change }: GuestBookingChange,
  { now, content, publicUrl, pubNotifyEmail }: ManageOptions,
): Promise<ManagedBooking> {
  const found = await ownBooking(db, token, now);
  return db.transaction(async (tx) => {
    const keys = [
      `${found.date} ${found.service}`,
      `${change.date} ${serviceForTime(change.timeSlot)}`,
    ].sort();
    for (const key of new Set(keys)) {
      const [date, service] = key.split(' ') as [string, string];
      await lockBookingService(tx, date, service);
    }
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
    const guests = partySize(change.partyAdults, change.partyChildren);
    const availability = isRealIsoDate(change.date)
      ? await findAvailability(tx, change.date, now, bookingContentOf(content), guests, {
          excludeBookingId: current.id,
          event: current.eventSlug ?? undefined,
        })
      : [];
    const problem = checkOnServer({ ...toStoredBooking(current), ...change, website: '' }, availability);
    if (problem) throw problemError(problem);
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
    await recordBookingChange(tx, current, row as BookingRow, GUEST, now);
    const booking = toStoredBooking(row as BookingRow);
    const fresh = await issueManageToken(tx, { bookingId: current.id }, now);
    await enqueueMail(tx, { kind: 'table-booking-change', reference: booking.reference, now }, [
      bookingChangedEmail(
        booking,
        content.venue,
        { publicUrl, settings: content['booking-settings'] },
        tableManageUrl(publicUrl, fresh),
        true,
      ),
      guestChangedPubNotice(toStoredBooking(current), booking, {
        venue: content.venue,
        pubAddress: pubNotifyEmail,
      }),
    ]);
    return managed(row as BookingRow, now);
  });
}

/**
 * "Yes, we're coming" from the reminder (issue 18): noted once, for staff to see; pressing it again answers the
 * booking as it stands. A cancelled booking, or one that has started, has nothing to confirm.
 */
export async function confirmComing(db: Database, token: string, now: Date): Promise<ManagedBooking> {
  return db.transaction(async (tx) => {
    const current = await ownBooking(tx, token, now, true);
    if (current.status === 'CANCELLED') throw conflict(MANAGE_MESSAGES.alreadyCancelled);
    if (current.comingConfirmedAt) return managed(current, now);
    if (hasStarted(current, now)) throw conflict(COMING_MESSAGES.tooLate);
    const [row] = await tx
      .update(bookings)
      .set({ comingConfirmedAt: now })
      .where(eq(bookings.id, current.id))
      .returning();
    await recordAudit(
      tx,
      {
        actor: GUEST,
        type: 'booking.coming',
        subject: { type: 'booking', id: current.id },
        summary: `${current.reference}: the guest confirmed they are coming`,
      },
      now,
    );
    return managed(row as BookingRow, now);
  });
}

/**
 * A guest cancels their own booking until it starts: the place is free at once, and the guest and the pub are
 * e-mailed. Cancelling again answers the cancelled booking.
 */
export async function cancelOwnBooking(
  db: Database,
  token: string,
  { now, content, publicUrl, pubNotifyEmail }: ManageOptions,
): Promise<ManagedBooking> {
  return db.transaction(async (tx) => {
    const current = await ownBooking(tx, token, now, true);
    if (current.status === 'CANCELLED') return managed(current, now);
    if (hasStarted(current, now)) throw conflict(MANAGE_MESSAGES.tooLateToCancel);
    const [row] = await tx
      .update(bookings)
      .set({ status: 'CANCELLED', cancelledBy: 'guest', changedBy: actorName(GUEST), updatedAt: now })
      .where(eq(bookings.id, current.id))
      .returning();
    await recordBookingChange(tx, current, row as BookingRow, GUEST, now);
    const booking: StoredBooking = toStoredBooking(row as BookingRow);
    await enqueueMail(
      tx,
      { kind: 'table-booking-guest-cancelled', reference: booking.reference, now },
      guestCancelledEmails(
        booking,
        { venue: content.venue, pubAddress: pubNotifyEmail },
        { publicUrl, settings: content['booking-settings'] },
      ),
    );
    return managed(row as BookingRow, now);
  });
}
