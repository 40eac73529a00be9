import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import {
  bookings,
  bookingTables,
  enquiries,
  guestErasureRequests,
  marketingConsents,
  occasionBookings,
  occasionDiners,
  outboxMessages,
} from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { holdsItsPlace } from '#shared/booking/status.ts';
import type { MailKind } from '#shared/mail/outbox.ts';
import {
  type GuestQuery,
  guestRecordCount,
  phoneDigits,
  UK_COUNTRY_CODE_PATTERN,
} from '#shared/privacy/guest-query.ts';
import type { GuestData, GuestDataExport, GuestUpcomingBooking } from '#shared/privacy/guests.ts';
import type { TablesDocument } from '#shared/tables/layout.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import { toStoredChristmasBooking } from '../christmas/admin.ts';
import { selectChristmasBookings, selectReservations } from '../christmas/store.ts';
import { addressText } from '../mail/outbox.ts';
import { isOccasionRow } from '../occasions/rows.ts';
import { guestPaymentOf, paymentsOfBookings } from './booking-payments.ts';
import { findProfileRows, profilesOf } from './guest-profiles.ts';
import { christmasVisitDate } from './visit-dates.ts';
import { findVoucherRows, vouchersOf } from './vouchers.ts';
import { findWaitingRows, waitingContacts, waitingListsOf, waitingReferences } from './waiting-lists.ts';

/**
 * A guest's requests (issue 19, decision 020): everything held about an e-mail address or a phone number,
 * found for the owner to read or download (its erasure: guest-erasure.ts). An e-mail address matches in any
 * case; a phone number by its digits (the rule of shared/privacy/guest-query.ts `phoneDigits`, its
 * country-code pattern shared with the SQL).
 */

type ContactColumns = { email: AnyPgColumn; phone: AnyPgColumn };

/** A stored phone number's digits, as `phoneDigits` reads them. */
export const digitsOf = (phone: AnyPgColumn) =>
  sql`regexp_replace(regexp_replace(${phone}, '[^0-9]', '', 'g'), ${UK_COUNTRY_CODE_PATTERN}, '0')`;

/** The rows of a table with a guest's e-mail address and phone number that name the person `query` asks for. */
function matches(query: GuestQuery, { email, phone }: ContactColumns): SQL {
  return query.kind === 'email'
    ? sql`lower(${email}) = ${query.email}`
    : sql`${digitsOf(phone)} = ${query.digits}`;
}

/**
 * The rows that name the person `query` asks for, and those without the kind of contact searched for (no phone
 * number when the search is by phone, no address when by e-mail) that carry one of the person's of the other
 * kind: as a consent is found by the addresses of the bookings found, never hopping from one contact to another
 * row that has both (a family sharing one address).
 */
function matchesPerson(
  query: GuestQuery,
  emails: ReadonlySet<string>,
  phones: ReadonlySet<string>,
  { email, phone }: ContactColumns,
): SQL | undefined {
  if (query.kind === 'phone') {
    return or(
      matches(query, { email, phone }),
      emails.size > 0 ? and(eq(phone, ''), inArray(sql`lower(${email})`, [...emails])) : undefined,
    );
  }
  const digits = [...new Set([...phones].map(phoneDigits))].filter(Boolean);
  return or(
    matches(query, { email, phone }),
    digits.length > 0 ? and(eq(email, ''), inArray(digitsOf(phone), digits)) : undefined,
  );
}

const iso = (instant: Date) => instant.toISOString();
const isoOrNull = (instant: Date | null) => instant?.toISOString() ?? null;

/** A scheduled erasure's key: one request per e-mail address or phone number searched for. */
export function guestKeyOf(query: GuestQuery): string {
  return query.kind === 'email' ? `email:${query.email}` : `phone:${query.digits}`;
}

/** The rows that name the person, with what else identifies them there (their other e-mails and numbers). */
export async function findGuestRows(db: Database, query: GuestQuery) {
  const newestFirst = { orderBy: [desc(occasionBookings.createdAt)] };
  const [tableRows, christmasRows, reservationRows, occasionRows, enquiryRows] = await Promise.all([
    db.select().from(bookings).where(matches(query, bookings)).orderBy(desc(bookings.date)),
    selectChristmasBookings(db, matches(query, occasionBookings), newestFirst),
    selectReservations(db, matches(query, occasionBookings), newestFirst),
    db
      .select()
      .from(occasionBookings)
      .where(and(isOccasionRow, matches(query, occasionBookings)))
      .orderBy(desc(occasionBookings.date)),
    db.select().from(enquiries).where(matches(query, enquiries)).orderBy(desc(enquiries.preferredDate)),
  ]);
  const bookingIds = tableRows.map((row) => row.id);
  const payments = await paymentsOfBookings(db, bookingIds);
  const placed =
    bookingIds.length > 0
      ? await db.select().from(bookingTables).where(inArray(bookingTables.bookingId, bookingIds))
      : [];
  const records = [...tableRows, ...christmasRows, ...reservationRows, ...occasionRows, ...enquiryRows];
  const emails = new Set(records.map((row) => row.email.toLowerCase()).filter(Boolean));
  if (query.kind === 'email') emails.add(query.email);
  const phones = new Set(records.map((row) => row.phone).filter(Boolean));
  // A party in the walk-in queue often gives only a number, and a standby entry may leave it out: found by the
  // person's other contacts too, whose own then count as theirs.
  const waiting = await findWaitingRows(db, (columns) => matchesPerson(query, emails, phones, columns));
  for (const { email, phone } of waitingContacts(waiting)) {
    if (email) emails.add(email.toLowerCase());
    if (phone) phones.add(phone);
  }
  // The profile staff keep on them (issue 32), by their addresses or the number searched for, confirmed as theirs.
  const profileRows = await findProfileRows(db, query, emails);
  // Gift vouchers they bought or were given (issue 33), by their addresses.
  const voucherRows = await findVoucherRows(db, emails);
  const references = [
    ...tableRows.map((row) => row.reference),
    ...christmasRows.map((row) => row.reference),
    ...reservationRows.map((row) => row.id),
    ...occasionRows.map((row) => row.reference),
    ...enquiryRows.map((row) => row.reference),
    ...waitingReferences(waiting),
  ];
  // A diner of someone's party gives only an e-mail address, for the reminder: found by the person's addresses.
  const dinerRows =
    emails.size > 0
      ? await db
          .select({
            diner: occasionDiners,
            reference: occasionBookings.reference,
            occasionName: occasionBookings.occasionName,
            date: occasionBookings.date,
          })
          .from(occasionDiners)
          .innerJoin(occasionBookings, eq(occasionBookings.id, occasionDiners.bookingId))
          .where(and(isOccasionRow, inArray(sql`lower(${occasionDiners.email})`, [...emails])))
          .orderBy(desc(occasionBookings.date))
      : [];
  const occasionIds = occasionRows.map((row) => row.id);
  const dinerCounts = new Map(
    (occasionIds.length > 0
      ? await db
          .select({ bookingId: occasionDiners.bookingId, diners: count() })
          .from(occasionDiners)
          .where(inArray(occasionDiners.bookingId, occasionIds))
          .groupBy(occasionDiners.bookingId)
      : []
    ).map((row) => [row.bookingId, row.diners]),
  );
  // A consent row holds only an e-mail address: found by the address searched for, or by one the person's
  // bookings carry when the search was by phone.
  const consentRows =
    emails.size > 0
      ? await db
          .select()
          .from(marketingConsents)
          .where(inArray(sql`lower(${marketingConsents.email})`, [...emails]))
      : [];
  const mentionsPerson = (column: AnyPgColumn) =>
    or(
      ...[...emails].map((email) => sql`position(${email} in lower(${column}::text)) > 0`),
      ...[...phones].map((phone) => sql`position(${phone} in ${column}::text) > 0`),
    );
  // Every e-mail to them or about one of their bookings: the pub's own notices copy their details too.
  const mailRows =
    references.length > 0 || emails.size > 0 || phones.size > 0
      ? await db
          .select()
          .from(outboxMessages)
          .where(
            or(
              references.length > 0 ? inArray(outboxMessages.reference, references) : undefined,
              mentionsPerson(outboxMessages.message),
            ),
          )
          .orderBy(desc(outboxMessages.createdAt))
      : [];
  // A scheduled erasure names them by the address or number it was asked for, maybe another one of theirs.
  const keys = new Set([
    guestKeyOf(query),
    ...[...emails].map((email) => `email:${email}`),
    ...[...phones].map((phone) => `phone:${phoneDigits(phone)}`),
  ]);
  const requestRows = await db
    .select()
    .from(guestErasureRequests)
    .where(inArray(guestErasureRequests.guestKey, [...keys]))
    .orderBy(asc(guestErasureRequests.dueOn));
  return {
    tableRows,
    placed,
    payments,
    christmasRows,
    reservationRows,
    occasionRows,
    dinerRows,
    dinerCounts,
    enquiryRows,
    waiting,
    profileRows,
    voucherRows,
    consentRows,
    mailRows,
    requestRows,
    references,
    mentionsPerson,
  };
}

export type FoundRows = Awaited<ReturnType<typeof findGuestRows>>;

/**
 * The person's bookings still to come (issue 26): table bookings holding their place on `today` (London) or
 * later, Christmas bookings not cancelled whose Christmas Day is not past, and confirmed occasion bookings
 * (issue 30) on `today` or later. In the order of the visits.
 */
export function upcomingOf(found: FoundRows, today: string): GuestUpcomingBooking[] {
  const tables = found.tableRows
    .filter((row) => holdsItsPlace(row.status) && row.date >= today)
    .map((row) => ({
      kind: 'table' as const,
      id: row.id,
      reference: row.reference,
      date: row.date,
      time: row.timeSlot,
      partySize: partySize(row.partyAdults, row.partyChildren),
      depositPaidPence: 0,
    }));
  const christmas = found.christmasRows
    .filter((row) => row.status !== 'CANCELLED' && christmasVisitDate(row.createdAt) >= today)
    .map((row) => ({
      kind: 'christmas' as const,
      id: row.id,
      reference: row.reference,
      date: christmasVisitDate(row.createdAt),
      time: row.sittingLabel,
      partySize: row.partySize,
      depositPaidPence: row.depositPaidPence,
    }));
  const occasions = found.occasionRows
    .filter((row) => row.status === 'CONFIRMED' && row.date >= today)
    .map((row) => ({
      kind: 'occasion' as const,
      id: row.id,
      reference: row.reference,
      date: row.date,
      time: row.sittingLabel,
      partySize: row.partySize,
      depositPaidPence: row.paidPence,
    }));
  return [...tables, ...christmas, ...occasions].sort(
    (a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time),
  );
}

function paymentOf(found: FoundRows, bookingId: string) {
  const row = found.payments.get(bookingId);
  return row ? guestPaymentOf(row) : null;
}

/** The names of the tables each booking was given, by booking (a table since removed by its id). */
function tablesByBooking(found: FoundRows, layout: TablesDocument): Map<string, string[]> {
  const names = new Map(layout.tables.map((table) => [table.id, table.name]));
  const byBooking = new Map<string, string[]>();
  for (const { bookingId, tableId } of found.placed) {
    byBooking.set(bookingId, [...(byBooking.get(bookingId) ?? []), names.get(tableId) ?? tableId]);
  }
  return byBooking;
}

function guestDataOf(query: string, found: FoundRows, today: string, layout: TablesDocument): GuestData {
  const tables = tablesByBooking(found, layout);
  return {
    query,
    bookings: found.tableRows.map((row) => ({
      id: row.id,
      reference: row.reference,
      date: row.date,
      timeSlot: row.timeSlot,
      partyAdults: row.partyAdults,
      partyChildren: row.partyChildren,
      status: row.status,
      source: row.source,
      eventSlug: row.eventSlug,
      name: row.name,
      email: row.email,
      phone: row.phone,
      hasAccessibilityNeeds: row.hasAccessibilityNeeds,
      accessibilityNotes: row.accessibilityNotes,
      occasion: row.occasion,
      occasionNotes: row.occasionNotes,
      allergies: row.allergies,
      specialNotes: row.specialNotes,
      createdAt: iso(row.createdAt),
      anonymisedAt: isoOrNull(row.anonymisedAt),
      arrivedAt: isoOrNull(row.arrivedAt),
      seatedAt: isoOrNull(row.seatedAt),
      leftAt: isoOrNull(row.leftAt),
      noShowAt: isoOrNull(row.noShowAt),
      remindedAt: isoOrNull(row.remindedAt),
      comingConfirmedAt: isoOrNull(row.comingConfirmedAt),
      cancelledAt: isoOrNull(row.cancelledAt),
      ...(tables.has(row.id) ? { tables: tables.get(row.id) } : {}),
      payment: paymentOf(found, row.id),
    })),
    christmasBookings: found.christmasRows.map((row) => {
      const {
        _id,
        sittingId,
        partySize,
        cancelledBy,
        refund,
        tillRefundPence,
        madeBy,
        changedBy,
        updatedAt,
        ...kept
      } = toStoredChristmasBooking(row);
      return {
        id: _id,
        ...kept,
        remindedAt: isoOrNull(row.remindedAt),
        anonymisedAt: isoOrNull(row.anonymisedAt),
      };
    }),
    christmasReservations: found.reservationRows.map((row) => ({
      id: row.id,
      state: row.state,
      sittingId: row.sittingId,
      partyAdults: row.partyAdults,
      partyChildren: row.partyChildren,
      name: row.name,
      email: row.email,
      phone: row.phone,
      selections: row.selections,
      allergies: row.allergies,
      occasionNotes: row.occasionNotes,
      specialNotes: row.specialNotes,
      depositPence: row.depositPence,
      amountPaidPence: row.amountPaidPence,
      holderIp: row.holderIp,
      createdAt: iso(row.createdAt),
    })),
    occasionBookings: found.occasionRows.map((row) => ({
      id: row.id,
      reference: row.reference,
      occasionName: row.occasionName,
      date: row.date,
      sittingLabel: row.sittingLabel,
      partyAdults: row.partyAdults,
      partyChildren: row.partyChildren,
      status: row.status,
      source: row.source,
      name: row.name,
      email: row.email,
      phone: row.phone,
      notes: row.notes,
      allergies: row.allergies,
      occasionNotes: row.occasionNotes,
      totalPence: row.totalPence,
      paidPence: row.paidPence,
      paymentMethod: row.paymentMethod,
      refundPence: row.refundPence,
      tillRefundPence: row.tillRefundPence,
      holderIp: row.holderIp,
      diners: found.dinerCounts.get(row.id) ?? 0,
      preOrderRemindedAt: isoOrNull(row.remindedAt),
      visitRemindedAt: isoOrNull(row.visitRemindedAt),
      comingConfirmedAt: isoOrNull(row.comingConfirmedAt),
      createdAt: iso(row.createdAt),
      anonymisedAt: isoOrNull(row.anonymisedAt),
    })),
    occasionDiners: found.dinerRows.map(({ diner, reference, occasionName, date }) => ({
      id: diner.id,
      reference,
      occasionName,
      date,
      name: diner.name,
      email: diner.email,
      choices: diner.choices,
      allergies: diner.allergies,
      chosenBy: diner.chosenBy,
      createdAt: iso(diner.createdAt),
    })),
    ...waitingListsOf(found.waiting),
    ...profilesOf(found.profileRows),
    ...vouchersOf(found.voucherRows),
    enquiries: found.enquiryRows.map((row) => ({
      id: row.id,
      reference: row.reference,
      preferredDate: row.preferredDate,
      preferredTime: row.preferredTime,
      partySize: row.partySize,
      status: row.status,
      name: row.name,
      email: row.email,
      phone: row.phone,
      notes: row.notes,
      createdAt: iso(row.createdAt),
      anonymisedAt: isoOrNull(row.anonymisedAt),
    })),
    marketingConsents: found.consentRows.map((row) => ({
      email: row.email,
      name: row.name,
      source: row.source,
      wording: row.wording,
      givenAt: iso(row.givenAt),
      withdrawnAt: isoOrNull(row.withdrawnAt),
    })),
    emails: found.mailRows.map((row) => {
      const message = row.message as { to?: unknown; subject?: unknown };
      return {
        id: row.id,
        kind: row.kind as MailKind,
        to: addressText(message.to),
        subject: typeof message.subject === 'string' ? message.subject : '',
        reference: row.reference,
        status: row.status,
        createdAt: iso(row.createdAt),
        sentAt: isoOrNull(row.sentAt),
        erasedWhenSent: row.eraseWhenSent,
      };
    }),
    scheduledErasures: found.requestRows.map((row) => ({
      query: row.query,
      dueOn: row.dueOn,
      requestedAt: iso(row.requestedAt),
    })),
    upcomingBookings: upcomingOf(found, today),
  };
}

/** Everything held about the person `query` names (the owner's search). */
export async function findGuestData(
  db: Database,
  query: GuestQuery,
  options: { now: Date; layout: TablesDocument },
): Promise<GuestData> {
  return guestDataOf(query.text, await findGuestRows(db, query), londonToday(options.now), options.layout);
}

/** The same as one file, its download recorded in the trail (counts only: the trail holds no personal data). */
export async function exportGuestData(
  db: Database,
  query: GuestQuery,
  options: { actor: Actor; now: Date; layout: TablesDocument },
): Promise<GuestDataExport> {
  return db.transaction(async (tx) => {
    const rows = await findGuestRows(tx, query);
    const data = guestDataOf(query.text, rows, londonToday(options.now), options.layout);
    await recordAudit(
      tx,
      {
        actor: options.actor,
        type: 'guest.exported',
        subject: { type: 'guest' },
        summary: `Guest data exported: ${guestRecordCount(data)} records`,
      },
      options.now,
    );
    return { ...data, exportedAt: iso(options.now) };
  });
}
