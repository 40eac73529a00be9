import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import type { BookingScope } from '../../shared/booking/admin.ts';
import { serviceLabel } from '../../shared/booking/rules.ts';
import type { StoredBooking } from '../../shared/booking/schemas.ts';
import type { BookingStatus } from '../../shared/booking/status.ts';
import { londonTimeOfDay, londonToday } from '../../shared/time/london-time.ts';
import { toCsv } from '../lib/csv.ts';
import { bookingNotFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
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

/** Staff may set any status (spec §4); a cancelled booking no longer holds its place. */
export async function updateBookingStatus(
  db: Database,
  id: string,
  status: BookingStatus,
  now: Date,
): Promise<StoredBooking> {
  if (!isUuid(id)) throw bookingNotFound();
  const [row] = await db
    .update(bookings)
    .set({ status, updatedAt: now })
    .where(eq(bookings.id, id))
    .returning();
  if (!row) throw bookingNotFound();
  return toStoredBooking(row);
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
