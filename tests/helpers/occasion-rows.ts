import { randomBytes } from 'node:crypto';
import type { StaffPaymentMethod } from '#shared/money/taken-by-staff.ts';
import { occasionBookings, occasionDiners } from '../../src/db/schema.ts';
import { newOccasionToken } from '../../src/server/occasions/organiser-links.ts';
import type { TestApp } from './test-app.ts';

/**
 * Occasion bookings and diners written straight into their tables, as the checkout and the diners' links store
 * them: for the staff screens' and the regular diary's suites, which read them.
 */

let bookingCount = 0;

type BookingValues = typeof occasionBookings.$inferInsert;
type DinerValues = typeof occasionDiners.$inferInsert;

export interface OccasionRow {
  slug: string;
  date: string;
  sittingId: string;
  partySize: number;
  status?: BookingValues['status'];
  holdExpiresAt?: Date | null;
  name?: string;
  notes?: string;
  /** The party's own allergies and what it celebrates. */
  allergies?: string;
  occasionNotes?: string;
  paidPence?: number;
  /** Set, it is a phone booking whose payment staff took this way. */
  paymentMethod?: StaffPaymentMethod;
  totalPence?: number;
  lockedAt?: Date | null;
}

/** Stores an occasion booking (CONFIRMED unless told) and answers its row. */
export async function insertOccasionBooking(t: TestApp, row: OccasionRow) {
  bookingCount += 1;
  const [stored] = await t.database.db
    .insert(occasionBookings)
    .values({
      reference: `OC-T${String(bookingCount).padStart(4, '0')}`,
      occasionSlug: row.slug,
      occasionName: row.slug,
      date: row.date,
      sittingId: row.sittingId,
      sittingLabel: row.sittingId,
      status: row.status ?? 'CONFIRMED',
      pid: randomBytes(16).toString('hex'),
      holdExpiresAt: row.holdExpiresAt ?? null,
      name: row.name ?? `Party ${bookingCount}`,
      email: `party${bookingCount}@example.com`,
      phone: '07700 900456',
      partyAdults: row.partySize,
      partyChildren: 0,
      partySize: row.partySize,
      notes: row.notes ?? '',
      allergies: row.allergies ?? '',
      occasionNotes: row.occasionNotes ?? '',
      totalPence: row.totalPence ?? row.partySize * 3800,
      paymentKind: 'deposit',
      amountDuePence: row.partySize * 1000,
      paidPence: row.paidPence ?? row.partySize * 1000,
      paymentMethod: row.paymentMethod ?? null,
      source: row.paymentMethod ? 'phone' : 'online',
      dinerToken: newOccasionToken(),
      lockedAt: row.lockedAt ?? null,
      createdAt: new Date(Date.UTC(2026, 10, 1) + bookingCount * 1000),
    })
    .returning();
  if (!stored) throw new Error('the occasion booking was not stored');
  return stored;
}

export interface DinerRow {
  name: string;
  choices?: Record<string, string>;
  allergies?: string;
  chosenBy?: DinerValues['chosenBy'];
  defaultedCourses?: string[];
}

/** Stores a party's diners, in order. */
export async function insertDiners(
  t: TestApp,
  bookingId: string,
  diners: readonly DinerRow[],
): Promise<void> {
  for (const [index, diner] of diners.entries()) {
    await t.database.db.insert(occasionDiners).values({
      bookingId,
      name: diner.name,
      choices: diner.choices ?? {},
      allergies: diner.allergies ?? '',
      chosenBy: diner.chosenBy ?? 'diner',
      defaultedCourses: diner.defaultedCourses ?? [],
      createdAt: new Date(Date.UTC(2026, 10, 2) + index * 1000),
    });
  }
}
