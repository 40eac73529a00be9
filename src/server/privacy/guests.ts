import { desc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  bookings,
  christmasBookings,
  christmasReservations,
  enquiries,
  idempotencyKeys,
  manageLinks,
  marketingConsents,
  outboxMessages,
} from '../../db/schema.ts';
import type { MailKind } from '../../shared/mail/outbox.ts';
import {
  ANONYMISED_NAME,
  type GuestQuery,
  guestRecordCount,
  UK_COUNTRY_CODE_PATTERN,
} from '../../shared/privacy/guest-query.ts';
import type { GuestData, GuestDataExport, GuestErasure } from '../../shared/privacy/guests.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';

/**
 * A guest's requests (issue 19, decision 020): everything held about an e-mail address or a phone number,
 * and its erasure. An e-mail address matches in any case; a phone number by its digits
 * (the rule of shared/privacy/guest-query.ts `phoneDigits`, its country-code pattern shared with the SQL).
 */

function matches(query: GuestQuery, email: AnyPgColumn, phone: AnyPgColumn): SQL {
  return query.kind === 'email'
    ? sql`lower(${email}) = ${query.email}`
    : sql`regexp_replace(regexp_replace(${phone}, '[^0-9]', '', 'g'), ${UK_COUNTRY_CODE_PATTERN}, '0') = ${query.digits}`;
}

const iso = (instant: Date) => instant.toISOString();
const isoOrNull = (instant: Date | null) => instant?.toISOString() ?? null;

/** "Margaret Ellis <margaret@example.com>": a nodemailer address field as the owner reads it. */
function addressText(value: unknown): string {
  if (Array.isArray(value)) return value.map(addressText).join(', ');
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'address' in value) {
    const { name, address } = value as { name?: string; address: string };
    return name ? `${name} <${address}>` : address;
  }
  return '';
}

/** The rows that name the person, with what else identifies them there (their other e-mails and numbers). */
async function findRows(db: Database, query: GuestQuery) {
  const [tableRows, christmasRows, reservationRows, enquiryRows] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(matches(query, bookings.email, bookings.phone))
      .orderBy(desc(bookings.date)),
    db
      .select()
      .from(christmasBookings)
      .where(matches(query, christmasBookings.email, christmasBookings.phone))
      .orderBy(desc(christmasBookings.createdAt)),
    db
      .select()
      .from(christmasReservations)
      .where(matches(query, christmasReservations.email, christmasReservations.phone))
      .orderBy(desc(christmasReservations.createdAt)),
    db
      .select()
      .from(enquiries)
      .where(matches(query, enquiries.email, enquiries.phone))
      .orderBy(desc(enquiries.preferredDate)),
  ]);
  const records = [...tableRows, ...christmasRows, ...reservationRows, ...enquiryRows];
  const emails = new Set(records.map((row) => row.email.toLowerCase()).filter(Boolean));
  if (query.kind === 'email') emails.add(query.email);
  const phones = new Set(records.map((row) => row.phone).filter(Boolean));
  const references = [
    ...tableRows.map((row) => row.reference),
    ...christmasRows.map((row) => row.reference),
    ...reservationRows.map((row) => row.id),
    ...enquiryRows.map((row) => row.reference),
  ];
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
  return {
    tableRows,
    christmasRows,
    reservationRows,
    enquiryRows,
    consentRows,
    mailRows,
    references,
    mentionsPerson,
  };
}

type FoundRows = Awaited<ReturnType<typeof findRows>>;

function guestDataOf(query: string, found: FoundRows): GuestData {
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
    })),
    christmasBookings: found.christmasRows.map((row) => ({
      id: row.id,
      reference: row.reference,
      sittingLabel: row.sittingLabel,
      partyAdults: row.partyAdults,
      partyChildren: row.partyChildren,
      status: row.status,
      source: row.source,
      name: row.name,
      email: row.email,
      phone: row.phone,
      selections: row.selections,
      allergies: row.allergies,
      occasionNotes: row.occasionNotes,
      specialNotes: row.specialNotes,
      totalPence: row.totalPence,
      depositPaidPence: row.depositPaidPence,
      createdAt: iso(row.createdAt),
      anonymisedAt: isoOrNull(row.anonymisedAt),
    })),
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
      };
    }),
  };
}

/** Everything held about the person `query` names (the owner's search). */
export async function findGuestData(db: Database, query: GuestQuery): Promise<GuestData> {
  return guestDataOf(query.text, await findRows(db, query));
}

/** The same as one file, its download recorded in the trail (counts only: the trail holds no personal data). */
export async function exportGuestData(
  db: Database,
  query: GuestQuery,
  options: { actor: Actor; now: Date },
): Promise<GuestDataExport> {
  return db.transaction(async (tx) => {
    const data = guestDataOf(query.text, await findRows(tx, query));
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

/**
 * Erases the person `query` names: every booking, Christmas order, reservation and enquiry of theirs is
 * anonymised (the rows and their counts, dates, party sizes and amounts stay), their consent, the e-mails to or
 * about them, their booking links and the stored answers that copy them are deleted. One transaction with
 * its audit entry, which holds counts only.
 */
export async function eraseGuest(
  db: Database,
  query: GuestQuery,
  options: { actor: Actor; now: Date },
): Promise<GuestErasure> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const found = await findRows(tx, query);
    const contact = { name: ANONYMISED_NAME, email: '', phone: '' };
    const notes = { allergies: '', occasionNotes: '', specialNotes: '' };
    const bookingIds = found.tableRows.map((row) => row.id);
    const christmasIds = found.christmasRows.map((row) => row.id);
    const reservationIds = found.reservationRows.map((row) => row.id);
    const enquiryIds = found.enquiryRows.map((row) => row.id);
    if (bookingIds.length > 0) {
      await tx
        .update(bookings)
        .set({
          ...contact,
          ...notes,
          accessibilityNotes: '',
          hasAccessibilityNeeds: false,
          anonymisedAt: now,
          updatedAt: now,
        })
        .where(inArray(bookings.id, bookingIds));
    }
    if (christmasIds.length > 0) {
      await tx
        .update(christmasBookings)
        .set({ ...contact, ...notes, anonymisedAt: now, updatedAt: now })
        .where(inArray(christmasBookings.id, christmasIds));
    }
    if (reservationIds.length > 0) {
      await tx
        .update(christmasReservations)
        .set({ ...contact, ...notes, holderIp: null, updatedAt: now })
        .where(inArray(christmasReservations.id, reservationIds));
    }
    if (enquiryIds.length > 0) {
      await tx
        .update(enquiries)
        .set({ ...contact, notes: '', anonymisedAt: now, updatedAt: now })
        .where(inArray(enquiries.id, enquiryIds));
    }
    const links =
      bookingIds.length > 0 || christmasIds.length > 0
        ? await tx
            .delete(manageLinks)
            .where(
              or(
                bookingIds.length > 0 ? inArray(manageLinks.bookingId, bookingIds) : undefined,
                christmasIds.length > 0 ? inArray(manageLinks.christmasBookingId, christmasIds) : undefined,
              ),
            )
            .returning({ tokenHash: manageLinks.tokenHash })
        : [];
    const consentIds = found.consentRows.map((row) => row.id);
    if (consentIds.length > 0)
      await tx.delete(marketingConsents).where(inArray(marketingConsents.id, consentIds));
    const mailIds = found.mailRows.map((row) => row.id);
    if (mailIds.length > 0) await tx.delete(outboxMessages).where(inArray(outboxMessages.id, mailIds));
    const answers =
      found.references.length > 0
        ? await tx
            .delete(idempotencyKeys)
            .where(
              or(
                inArray(sql`${idempotencyKeys.responseBody} ->> 'reference'`, found.references),
                found.mentionsPerson(idempotencyKeys.responseBody),
              ),
            )
            .returning({ key: idempotencyKeys.key })
        : [];
    const erasure: GuestErasure = {
      bookingsAnonymised: bookingIds.length,
      christmasBookingsAnonymised: christmasIds.length,
      christmasReservationsAnonymised: reservationIds.length,
      enquiriesAnonymised: enquiryIds.length,
      marketingConsentsDeleted: consentIds.length,
      emailsDeleted: mailIds.length,
      manageLinksDeleted: links.length,
      storedAnswersDeleted: answers.length,
    };
    await recordAudit(
      tx,
      {
        actor: options.actor,
        type: 'guest.erased',
        subject: { type: 'guest' },
        summary: `Guest data erased: ${erasureSummary(erasure)}`,
        changes: Object.fromEntries(
          Object.entries(erasure)
            .filter(([, n]) => n > 0)
            .map(([key, n]) => [key, { before: null, after: n }]),
        ),
      },
      now,
    );
    return erasure;
  });
}

function erasureSummary(erasure: GuestErasure): string {
  return [
    `${erasure.bookingsAnonymised} bookings`,
    `${erasure.christmasBookingsAnonymised} Christmas bookings`,
    `${erasure.christmasReservationsAnonymised} Christmas reservations`,
    `${erasure.enquiriesAnonymised} enquiries anonymised`,
    `${erasure.marketingConsentsDeleted} consents`,
    `${erasure.emailsDeleted} e-mails deleted`,
  ].join(', ');
}
