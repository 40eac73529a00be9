import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings } from '#db/schema.ts';
import type { BookingScope } from '#shared/booking/admin.ts';
import { partySize } from '#shared/booking/party.ts';
import { serviceForTime, serviceLabel } from '#shared/booking/rules.ts';
import type { BookingChange, StoredBooking } from '#shared/booking/schemas.ts';
import { holdsItsPlace } from '#shared/booking/status.ts';
import { checkStaffBooking } from '#shared/booking/validation.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { staffChannelOf } from '#shared/tables/assignment.ts';
import { londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';
import { type Actor, actorName } from '../audit/trail.ts';
import { toCsv } from '../lib/csv.ts';
import { bookingNotFound, problemError } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { newTableManageUrl } from '../manage/links.ts';
import { lockSeating, reseatBooking } from '../tables/seating.ts';
import { recordBookingChange } from './audit.ts';
import { bookingContentOf, findAvailability } from './availability.ts';
import { bookingCancelledEmail, bookingChangedEmail } from './emails.ts';
import { toStoredBooking } from './service.ts';

/** One day (`date`), a range (`from`…`to`, either end open) or, with neither, every booking. */
export interface BookingFilter {
  date?: string;
  from?: string;
  to?: string;
  scope?: BookingScope;
}

export async function listBookings(db: Database, filter: BookingFilter = {}): Promise<StoredBooking[]> {
  const conditions: SQL[] = [];
  if (filter.date) conditions.push(eq(bookings.date, filter.date));
  if (filter.from) conditions.push(gte(bookings.date, filter.from));
  if (filter.to) conditions.push(lte(bookings.date, filter.to));
  if (filter.scope && filter.scope !== 'all') conditions.push(eq(bookings.service, filter.scope));
  const rows = await db
    .select()
    .from(bookings)
    .where(and(...conditions))
    .orderBy(asc(bookings.date), asc(bookings.timeSlot), asc(bookings.createdAt));
  return rows.map(toStoredBooking);
}

/**
 * Staff change a booking (spec §4, issue 17): its status, or its date, time, party and notes. A booking that
 * will hold covers after the change is checked against the covers left without itself, under the locks of the
 * services it leaves and joins, as a new booking is; past them only when staff book anyway. The guest is
 * e-mailed the new details, or the cancellation, when staff ask for it and there is an address.
 */
export async function updateBooking(
  db: Database,
  id: string,
  change: BookingChange,
  options: { now: Date; content: SiteContent; publicUrl: string; actor: Actor },
): Promise<StoredBooking> {
  if (!isUuid(id)) throw bookingNotFound();
  const { now, content, publicUrl, actor } = options;
  const [before] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!before) throw bookingNotFound();
  const date = change.date ?? before.date;
  const timeSlot = change.timeSlot ?? before.timeSlot;
  const bookingContent = bookingContentOf(content);
  return db.transaction(async (tx) => {
    await lockSeating(tx, [before, { date, timeSlot }], bookingContent);
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!current) throw bookingNotFound();
    const next = {
      status: change.status ?? current.status,
      date,
      timeSlot,
      service: serviceForTime(timeSlot),
      partyAdults: change.partyAdults ?? current.partyAdults,
      partyChildren: change.partyChildren ?? current.partyChildren,
      allergies: change.allergies ?? current.allergies,
      specialNotes: change.specialNotes ?? current.specialNotes,
    };
    const moved =
      next.date !== current.date ||
      next.timeSlot !== current.timeSlot ||
      next.partyAdults !== current.partyAdults ||
      next.partyChildren !== current.partyChildren;
    const takesCovers = holdsItsPlace(next.status) && (moved || !holdsItsPlace(current.status));
    if (takesCovers) {
      const guests = partySize(next.partyAdults, next.partyChildren);
      const slots = await findAvailability(tx, next.date, now, bookingContent, guests, {
        staff: true,
        channel: staffChannelOf(current.source),
        excludeBookingId: id,
        event: current.eventSlug ?? undefined,
      });
      const problem = checkStaffBooking(
        { ...current, ...next, overCapacity: change.overCapacity === true },
        slots,
      );
      if (problem) throw problemError(problem);
    }
    const cancelling = next.status === 'CANCELLED' && current.status !== 'CANCELLED';
    // A booking moved in time is reminded of its new time, and asked again whether the guest is coming.
    const retimed = next.date !== current.date || next.timeSlot !== current.timeSlot;
    const [row] = await tx
      .update(bookings)
      .set({
        ...next,
        cancelledBy: next.status === 'CANCELLED' ? (cancelling ? 'staff' : current.cancelledBy) : null,
        cancelledAt: next.status === 'CANCELLED' ? (cancelling ? now : current.cancelledAt) : null,
        ...(retimed ? { remindedAt: null, comingConfirmedAt: null } : {}),
        changedBy: actorName(actor),
        updatedAt: now,
      })
      .where(eq(bookings.id, id))
      .returning();
    const seated =
      holdsItsPlace(next.status) && (takesCovers || change.placeId !== undefined)
        ? await reseatBooking(
            tx,
            { ...current, ...next, guests: partySize(next.partyAdults, next.partyChildren) },
            bookingContent,
            staffChannelOf(current.source),
            { placeId: change.placeId },
          )
        : null;
    await recordBookingChange(tx, current, row as typeof current, actor, now, undefined, seated?.tables);
    const booking = toStoredBooking(row as typeof current);
    if (change.notifyGuest && booking.email && (moved || cancelling)) {
      const about = { reference: booking.reference, now };
      const calendar = { publicUrl, settings: content['booking-settings'] };
      const email = cancelling
        ? bookingCancelledEmail(booking, content.venue, calendar)
        : bookingChangedEmail(
            booking,
            content.venue,
            calendar,
            await newTableManageUrl(tx, id, { publicUrl, now }),
          );
      await enqueueMail(
        tx,
        { ...about, kind: cancelling ? 'table-booking-cancelled' : 'table-booking-change' },
        [email],
      );
    }
    return booking;
  });
}

export const BOOKING_CSV_HEADER = [
  'Date',
  'Service',
  'Time',
  'Name',
  'Email',
  'Phone',
  'Adults',
  'Children',
  'Total',
  'Status',
  'Event',
  'Allergies',
  'Occasion',
  'Notes',
  'Created',
] as const;

/** "2026-05-20 14:05": an instant on London's clock, as the CSV exports write it. */
export function londonTimestamp(iso: string): string {
  const instant = new Date(iso);
  return `${londonToday(instant)} ${londonTimeOfDay(instant)}`;
}

function occasionCell(booking: StoredBooking): string {
  const occasion = booking.occasion === 'None' ? '' : booking.occasion;
  return [occasion, booking.occasionNotes].filter(Boolean).join(': ');
}

function notesCell(booking: StoredBooking): string {
  const accessibility =
    booking.hasAccessibilityNeeds || booking.accessibilityNotes
      ? `Accessibility: ${booking.accessibilityNotes || 'yes'}`
      : '';
  return [booking.specialNotes, accessibility].filter(Boolean).join('\n');
}

/** The day's bookings in the spec's CSV columns (§9), in time order; times are London's. */
export async function bookingsCsv(db: Database, date: string, scope: BookingScope): Promise<string> {
  const rows = (await listBookings(db, { date, scope })).map((booking) => [
    booking.date,
    serviceLabel(booking.service, booking.date),
    booking.timeSlot,
    booking.name,
    booking.email,
    booking.phone,
    booking.partyAdults,
    booking.partyChildren,
    booking.partySize,
    booking.status,
    booking.eventSlug ?? '',
    booking.allergies,
    occasionCell(booking),
    notesCell(booking),
    londonTimestamp(booking.createdAt),
  ]);
  return toCsv(BOOKING_CSV_HEADER, rows);
}
