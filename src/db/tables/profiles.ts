import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * What staff keep on a guest (issue 32), one row per e-mail address (`profileKey`), made only once staff save a
 * tag or a note or confirm a phone booking as the guest's. The rest of a profile is built from the bookings, so
 * a guest with bookings and no row still has one. Deleted with the guest's erasure, and by retention once no
 * booking under the address is left un-anonymised.
 */
export const guestProfiles = pgTable('guest_profiles', {
  email: text('email').primaryKey(),
  /** `phoneKey`s of phone numbers staff confirmed as the guest's: bookings made without an e-mail count as theirs. */
  confirmedPhones: text('confirmed_phones').array().notNull().default(sql`'{}'::text[]`),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  note: text('note').notNull().default(''),
  /** The staff member who last wrote the note, and when; null while there is none. */
  noteBy: text('note_by'),
  noteAt: timestamp('note_at', { withTimezone: true }),
  ...timestamps,
});
