import { and, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  bookings,
  enquiries,
  idempotencyKeys,
  manageLinks,
  marketingConsents,
  occasionBookings,
  occasionDiners,
  occasionOrganiserLinks,
  outboxMessages,
  staffSettings,
} from '#db/schema.ts';
import { ANONYMISED_NAME } from '#shared/privacy/guest-query.ts';
import { addDays, londonInstant, londonToday } from '#shared/time/london-time.ts';
import { recordAudit, SYSTEM } from '../audit/trail.ts';
import { isChristmasBooking, isChristmasCheckout } from '../christmas/store.ts';
import { deleteOutboxFiles } from '../mail/delivery.ts';
import { isOccasionRow } from '../occasions/rows.ts';
import { applyProfileRetention } from '../profiles/retention.ts';
import { anonymisePayments } from './booking-payments.ts';
import { eraseScheduledGuests, noOccasionNotes } from './guest-erasure.ts';
import { christmasMadeBeforeVisitOn } from './visit-dates.ts';
import { anonymiseLapsedVouchers } from './vouchers.ts';

/**
 * Retention (issue 19, decision 020): what the pub keeps about its guests, and for how long. Notes (allergies,
 * accessibility, occasions, anything else the guest wrote) go 30 days after the visit; names and contact
 * details `RETENTION_MONTHS` after it. The bookings themselves stay for the pub's figures.
 */

/** Days after the visit that a guest's notes are kept: long enough for a complaint or a lost-property call. */
export const NOTES_KEPT_DAYS = 30;
/** Days a sent or failed e-mail is kept: they copy names, notes and addresses into their bodies. */
export const SENT_MAIL_KEPT_DAYS = 30;
/** Days a booking's stored answer to an Idempotency-Key is kept (it is only used for 24 hours). */
export const STORED_ANSWER_KEPT_DAYS = 2;
/** The staff_settings row that records the last London day retention ran, so it runs once a day. */
export const RETENTION_DAY_KEY = 'retention.last-run-day';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The date `months` calendar months before `date`, on the month's last day when it is shorter (31 Mar − 1 = 28/29 Feb). */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export interface RetentionOutcome {
  notesDeleted: {
    bookings: number;
    christmasBookings: number;
    christmasReservations: number;
    occasionBookings: number;
    occasionDiners: number;
    enquiries: number;
  };
  anonymised: {
    bookings: number;
    christmasBookings: number;
    christmasReservations: number;
    occasionBookings: number;
    occasionDiners: number;
    enquiries: number;
  };
  consentsDeleted: number;
  emailsDeleted: number;
  storedAnswersDeleted: number;
  /** Guests whose erasure staff scheduled for the day after their visit (issue 26). */
  guestsErased: number;
  /** Guest profiles (issue 32) whose bookings are all anonymised, and staff notes mentioning health cleared. */
  profilesDeleted: number;
  profileNotesDeleted: number;
  /** Gift vouchers (issue 33) expired `RETENTION_MONTHS` ago: their people blanked, their money kept. */
  vouchersAnonymised: number;
}

/**
 * Claims today's run: a compare-and-set on the last day run, in the run's own transaction. A second process
 * waits for the first one's row and then finds today already taken; a run that fails rolls its claim back, so
 * the next check tries again.
 */
async function claimDay(tx: Database, today: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(staffSettings)
    .values({ key: RETENTION_DAY_KEY, value: today, updatedAt: now })
    .onConflictDoUpdate({
      target: staffSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${staffSettings.value} #>> '{}' < excluded.value #>> '{}'`,
    })
    .returning({ key: staffSettings.key });
  return claimed.length > 0;
}

const noTableNotes = {
  allergies: '',
  occasionNotes: '',
  specialNotes: '',
  accessibilityNotes: '',
  hasAccessibilityNeeds: false,
};
const noContact = { name: ANONYMISED_NAME, email: '', phone: '' };

const hasTableNotes = or(
  ne(bookings.allergies, ''),
  ne(bookings.accessibilityNotes, ''),
  ne(bookings.occasionNotes, ''),
  ne(bookings.specialNotes, ''),
  eq(bookings.hasAccessibilityNeeds, true),
);
const hasOccasionNotes = or(
  ne(occasionBookings.notes, ''),
  ne(occasionBookings.allergies, ''),
  ne(occasionBookings.occasionNotes, ''),
);
const holdsAnAddress = isNotNull(occasionBookings.holderIp);

/*
 * Christmas Day's bookings and checkouts are occasion rows of their own slug (decision 049), kept by Christmas's
 * rules: dated by when they were made (`christmasMadeBeforeVisitOn`), a booking anonymised with its moment, a
 * checkout without one. A booking paid online is its checkout's row too, and counts as each, as the two rows it
 * once was did.
 */
/** A checkout is anonymised without a moment: one still holding a name, an address or a number is not yet. */
const checkoutHasContact = or(
  ne(occasionBookings.name, ANONYMISED_NAME),
  ne(occasionBookings.email, ''),
  ne(occasionBookings.phone, ''),
);
const paidOnline = (rows: readonly { source: string }[]) =>
  rows.filter((row) => row.source === 'online').length;

/** The occasion bookings (issue 30) whose date is on or before `date`: their diners are dated by them. */
function occasionsVisitedBy(tx: Database, date: string) {
  return tx
    .select({ id: occasionBookings.id })
    .from(occasionBookings)
    .where(and(isOccasionRow, lte(occasionBookings.date, date)));
}

async function deleteNotes(tx: Database, visitedBy: string, now: Date) {
  const christmasBefore = christmasMadeBeforeVisitOn(visitedBy);
  const table = await tx
    .update(bookings)
    .set({ ...noTableNotes, updatedAt: now })
    .where(and(lte(bookings.date, visitedBy), hasTableNotes))
    .returning({ id: bookings.id });
  const christmas = await tx
    .update(occasionBookings)
    .set({ ...noOccasionNotes, holderIp: null, updatedAt: now })
    .where(and(isChristmasBooking, lt(occasionBookings.createdAt, christmasBefore), hasOccasionNotes))
    .returning({ source: occasionBookings.source });
  const checkouts = await tx
    .update(occasionBookings)
    .set({ ...noOccasionNotes, holderIp: null, updatedAt: now })
    .where(
      and(
        isChristmasCheckout,
        lt(occasionBookings.createdAt, christmasBefore),
        or(hasOccasionNotes, holdsAnAddress),
      ),
    )
    .returning({ id: occasionBookings.id });
  const occasionRows = await tx
    .update(occasionBookings)
    .set({ ...noOccasionNotes, holderIp: null, updatedAt: now })
    .where(and(isOccasionRow, lte(occasionBookings.date, visitedBy), or(hasOccasionNotes, holdsAnAddress)))
    .returning({ id: occasionBookings.id });
  // A diner's allergies are health notes: they go with the party's other notes.
  const dinerRows = await tx
    .update(occasionDiners)
    .set({ allergies: '', updatedAt: now })
    .where(
      and(
        inArray(occasionDiners.bookingId, occasionsVisitedBy(tx, visitedBy)),
        ne(occasionDiners.allergies, ''),
      ),
    )
    .returning({ id: occasionDiners.id });
  const enquiryRows = await tx
    .update(enquiries)
    .set({ notes: '', updatedAt: now })
    .where(and(lte(enquiries.preferredDate, visitedBy), ne(enquiries.notes, '')))
    .returning({ id: enquiries.id });
  return {
    bookings: table.length,
    christmasBookings: christmas.length,
    christmasReservations: checkouts.length + paidOnline(christmas),
    occasionBookings: occasionRows.length,
    occasionDiners: dinerRows.length,
    enquiries: enquiryRows.length,
  };
}

async function anonymise(tx: Database, visitedBy: string, now: Date) {
  const christmasBefore = christmasMadeBeforeVisitOn(visitedBy);
  const table = await tx
    .update(bookings)
    .set({ ...noContact, ...noTableNotes, anonymisedAt: now, updatedAt: now })
    .where(and(lte(bookings.date, visitedBy), isNull(bookings.anonymisedAt)))
    .returning({ id: bookings.id });
  const christmas = await tx
    .update(occasionBookings)
    .set({ ...noContact, ...noOccasionNotes, holderIp: null, anonymisedAt: now, updatedAt: now })
    .where(
      and(
        isChristmasBooking,
        lt(occasionBookings.createdAt, christmasBefore),
        isNull(occasionBookings.anonymisedAt),
      ),
    )
    .returning({ id: occasionBookings.id, source: occasionBookings.source });
  const checkouts = await tx
    .update(occasionBookings)
    .set({ ...noContact, ...noOccasionNotes, holderIp: null, updatedAt: now })
    .where(and(isChristmasCheckout, lt(occasionBookings.createdAt, christmasBefore), checkoutHasContact))
    .returning({ id: occasionBookings.id });
  const occasionRows = await tx
    .update(occasionBookings)
    .set({ ...noContact, ...noOccasionNotes, holderIp: null, anonymisedAt: now, updatedAt: now })
    .where(and(isOccasionRow, lte(occasionBookings.date, visitedBy), isNull(occasionBookings.anonymisedAt)))
    .returning({ id: occasionBookings.id });
  const dinerRows = await tx
    .update(occasionDiners)
    .set({ name: ANONYMISED_NAME, email: '', allergies: '', updatedAt: now })
    .where(
      and(
        inArray(occasionDiners.bookingId, occasionsVisitedBy(tx, visitedBy)),
        or(
          ne(occasionDiners.name, ANONYMISED_NAME),
          ne(occasionDiners.email, ''),
          ne(occasionDiners.allergies, ''),
        ),
      ),
    )
    .returning({ id: occasionDiners.id });
  const occasionIds = occasionRows.map((row) => row.id);
  if (occasionIds.length > 0) {
    await tx.delete(occasionOrganiserLinks).where(inArray(occasionOrganiserLinks.bookingId, occasionIds));
  }
  const enquiryRows = await tx
    .update(enquiries)
    .set({ ...noContact, notes: '', anonymisedAt: now, updatedAt: now })
    .where(and(lte(enquiries.preferredDate, visitedBy), isNull(enquiries.anonymisedAt)))
    .returning({ id: enquiries.id });
  // A booking link of an anonymised booking would open a page with nobody's booking on it.
  const bookingIds = table.map((row) => row.id);
  const christmasIds = christmas.map((row) => row.id);
  // A table booking's deposit or guarantee goes with it (today's, and any whose fee was being charged then).
  await anonymisePayments(tx, now);
  if (bookingIds.length > 0) await tx.delete(manageLinks).where(inArray(manageLinks.bookingId, bookingIds));
  if (christmasIds.length > 0) {
    await tx.delete(manageLinks).where(inArray(manageLinks.christmasBookingId, christmasIds));
  }
  return {
    bookings: table.length,
    christmasBookings: christmas.length,
    christmasReservations: checkouts.length + paidOnline(christmas),
    occasionBookings: occasionRows.length,
    occasionDiners: dinerRows.length,
    enquiries: enquiryRows.length,
  };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0);

function summaryOf(outcome: RetentionOutcome): string {
  const parts = [
    `notes deleted from ${sum(outcome.notesDeleted)} records`,
    `${sum(outcome.anonymised)} records anonymised`,
    `${outcome.consentsDeleted} withdrawn marketing consents deleted`,
    `${outcome.emailsDeleted} old e-mails deleted`,
    `${outcome.storedAnswersDeleted} stored booking answers deleted`,
    `${outcome.guestsErased} scheduled guest erasures done`,
    `${outcome.profilesDeleted} guest profiles deleted`,
    `health notes deleted from ${outcome.profileNotesDeleted} guest profiles`,
    `${outcome.vouchersAnonymised} expired gift vouchers anonymised`,
  ];
  return `Retention: ${parts.join(', ')}`;
}

/** How many of each kind, as the trail's changes: counts only, never a value. */
function countsOf(outcome: RetentionOutcome) {
  const entries = [
    ...Object.entries(outcome.notesDeleted).map(([kind, n]) => [`notesDeleted.${kind}`, n] as const),
    ...Object.entries(outcome.anonymised).map(([kind, n]) => [`anonymised.${kind}`, n] as const),
    ['consentsDeleted', outcome.consentsDeleted] as const,
    ['emailsDeleted', outcome.emailsDeleted] as const,
    ['storedAnswersDeleted', outcome.storedAnswersDeleted] as const,
    ['guestsErased', outcome.guestsErased] as const,
    ['profilesDeleted', outcome.profilesDeleted] as const,
    ['profileNotesDeleted', outcome.profileNotesDeleted] as const,
    ['vouchersAnonymised', outcome.vouchersAnonymised] as const,
  ];
  return Object.fromEntries(
    entries.filter(([, n]) => n > 0).map(([key, n]) => [key, { before: null, after: n }]),
  );
}

/**
 * Trial mode's .eml files whose outbox row is gone (issue 26): deleted by retention or an erasure, or a
 * cancellation an erasure kept only until it was sent. They copy the guest as the rows did.
 */
function deleteOrphanedMailFiles(db: Database, dataDir: string): Promise<number> {
  return deleteOutboxFiles(dataDir, async (ids) => {
    const kept = await db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, ids));
    const keptIds = new Set(kept.map((row) => row.id));
    return new Set(ids.filter((id) => !keptIds.has(id)));
  });
}

/**
 * Today's retention run, unless a process has already run it today (London): answers what it changed, or
 * null when the day was taken. One transaction: the claim, the scheduled erasures due, every deletion and the
 * audit entry (only when something changed) commit together. Every step finds only what is still to do, so it
 * is safe to repeat. After the commit, the .eml files of e-mails no longer held go from `dataDir`'s outbox.
 */
export async function runRetention(
  db: Database,
  options: { now: Date; retentionMonths: number; dataDir: string },
): Promise<RetentionOutcome | null> {
  const { now, retentionMonths } = options;
  const today = londonToday(now);
  const outcome = await db.transaction(async (tx) => {
    if (!(await claimDay(tx, today, now))) return null;
    const guestsErased = await eraseScheduledGuests(tx, now);
    const notesDeleted = await deleteNotes(tx, addDays(today, -NOTES_KEPT_DAYS), now);
    const anonymisedBy = monthsBefore(today, retentionMonths);
    const anonymised = await anonymise(tx, anonymisedBy, now);
    const consents = await tx
      .delete(marketingConsents)
      .where(lt(marketingConsents.withdrawnAt, londonInstant(anonymisedBy, '00:00')))
      .returning({ id: marketingConsents.id });
    const emails = await tx
      .delete(outboxMessages)
      .where(
        and(
          ne(outboxMessages.status, 'PENDING'),
          lt(outboxMessages.createdAt, new Date(now.getTime() - SENT_MAIL_KEPT_DAYS * DAY_MS)),
        ),
      )
      .returning({ id: outboxMessages.id });
    const profiles = await applyProfileRetention(tx, now);
    const vouchersAnonymised = await anonymiseLapsedVouchers(tx, anonymisedBy, now);
    const answers = await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - STORED_ANSWER_KEPT_DAYS * DAY_MS)))
      .returning({ key: idempotencyKeys.key });
    const outcome: RetentionOutcome = {
      notesDeleted,
      anonymised,
      consentsDeleted: consents.length,
      emailsDeleted: emails.length,
      storedAnswersDeleted: answers.length,
      guestsErased,
      ...profiles,
      vouchersAnonymised,
    };
    if (Object.keys(countsOf(outcome)).length > 0) {
      await recordAudit(
        tx,
        {
          actor: SYSTEM,
          type: 'retention.run',
          subject: { type: 'retention', id: today },
          summary: summaryOf(outcome),
          changes: countsOf(outcome),
        },
        now,
      );
    }
    return outcome;
  });
  if (outcome) await deleteOrphanedMailFiles(db, options.dataDir);
  return outcome;
}
