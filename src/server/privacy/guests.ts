import { asc, desc, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { lockChristmasSitting } from '../../db/locks.ts';
import {
  bookings,
  christmasBookings,
  christmasReservations,
  enquiries,
  guestErasureRequests,
  idempotencyKeys,
  manageLinks,
  marketingConsents,
  outboxMessages,
} from '../../db/schema.ts';
import { partySize } from '../../shared/booking/party.ts';
import { serviceForTime } from '../../shared/booking/rules.ts';
import { holdsItsPlace } from '../../shared/booking/status.ts';
import type { SiteContent } from '../../shared/content/documents.ts';
import type { MailKind } from '../../shared/mail/outbox.ts';
import {
  ANONYMISED_NAME,
  GUEST_DATA_MESSAGES,
  type GuestQuery,
  guestRecordCount,
  parseGuestQuery,
  phoneDigits,
  UK_COUNTRY_CODE_PATTERN,
} from '../../shared/privacy/guest-query.ts';
import type {
  GuestData,
  GuestDataExport,
  GuestEraseAnswer,
  GuestEraseRequest,
  GuestErasure,
  GuestUpcomingBooking,
} from '../../shared/privacy/guests.ts';
import { plural } from '../../shared/text/plural.ts';
import { addDays, formatLongDate, londonToday } from '../../shared/time/london-time.ts';
import { type Actor, recordAudit, SYSTEM } from '../audit/trail.ts';
import { updateBooking } from '../booking/admin.ts';
import { cancelChristmasBookingByStaff } from '../christmas/admin.ts';
import { refundAfterCancelling } from '../christmas/cancellation.ts';
import type { ChristmasBookingRow, ChristmasDeps } from '../christmas/fulfilment.ts';
import { conflict } from '../lib/errors.ts';
import { deleteOutboxFiles } from '../mail/delivery.ts';
import { christmasVisitDate } from './visit-dates.ts';

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

/** A scheduled erasure's key: one request per e-mail address or phone number searched for. */
function guestKeyOf(query: GuestQuery): string {
  return query.kind === 'email' ? `email:${query.email}` : `phone:${query.digits}`;
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
    christmasRows,
    reservationRows,
    enquiryRows,
    consentRows,
    mailRows,
    requestRows,
    references,
    mentionsPerson,
  };
}

type FoundRows = Awaited<ReturnType<typeof findRows>>;

/**
 * The person's bookings still to come (issue 26): table bookings holding their place on `today` (London) or
 * later, and Christmas bookings not cancelled whose Christmas Day is not past. In the order of the visits.
 */
function upcomingOf(found: FoundRows, today: string): GuestUpcomingBooking[] {
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
  return [...tables, ...christmas].sort(
    (a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time),
  );
}

function guestDataOf(query: string, found: FoundRows, today: string): GuestData {
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
export async function findGuestData(db: Database, query: GuestQuery, now: Date): Promise<GuestData> {
  return guestDataOf(query.text, await findRows(db, query), londonToday(now));
}

/** The same as one file, its download recorded in the trail (counts only: the trail holds no personal data). */
export async function exportGuestData(
  db: Database,
  query: GuestQuery,
  options: { actor: Actor; now: Date },
): Promise<GuestDataExport> {
  return db.transaction(async (tx) => {
    const data = guestDataOf(query.text, await findRows(tx, query), londonToday(options.now));
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
 * Anonymises and deletes, on `tx`, what `found` holds (issue 19): every booking, Christmas order, reservation and
 * enquiry of theirs is anonymised (the rows and their counts, dates, party sizes and amounts stay); their consent,
 * the e-mails to or about them, their booking links, the stored answers that copy them and their scheduled
 * erasure are deleted. A cancellation queued to tell them (issue 26) stays until it is sent. The audit entry holds
 * counts only. Answers the counts, and the e-mails deleted, whose .eml files go after the commit.
 */
async function eraseFound(
  tx: Database,
  found: FoundRows,
  options: { actor: Actor; now: Date; subjectId?: string; bookingsCancelled?: number },
): Promise<{ erasure: GuestErasure; mailIds: string[] }> {
  const { now } = options;
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
  const mailIds = found.mailRows.filter((row) => !row.eraseWhenSent).map((row) => row.id);
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
  const requestIds = found.requestRows.map((row) => row.id);
  if (requestIds.length > 0) {
    await tx.delete(guestErasureRequests).where(inArray(guestErasureRequests.id, requestIds));
  }
  const erasure: GuestErasure = {
    bookingsAnonymised: bookingIds.length,
    christmasBookingsAnonymised: christmasIds.length,
    christmasReservationsAnonymised: reservationIds.length,
    enquiriesAnonymised: enquiryIds.length,
    marketingConsentsDeleted: consentIds.length,
    emailsDeleted: mailIds.length,
    manageLinksDeleted: links.length,
    storedAnswersDeleted: answers.length,
    scheduledErasuresDeleted: requestIds.length,
  };
  const bookingsCancelled = options.bookingsCancelled ?? 0;
  await recordAudit(
    tx,
    {
      actor: options.actor,
      type: 'guest.erased',
      subject: { type: 'guest', id: options.subjectId },
      summary: `Guest data erased: ${erasureSummary(erasure, bookingsCancelled)}`,
      changes: Object.fromEntries(
        Object.entries({ bookingsCancelled, ...erasure })
          .filter(([, n]) => n > 0)
          .map(([key, n]) => [key, { before: null, after: n }]),
      ),
    },
    now,
  );
  return { erasure, mailIds };
}

/**
 * Schedules the person's erasure for the day after their last upcoming visit (issue 26): one request per
 * address or number searched for, moved if asked again. Recorded in the trail (the date, never the person).
 */
async function scheduleErasure(
  tx: Database,
  query: GuestQuery,
  upcoming: GuestUpcomingBooking[],
  { actor, now }: { actor: Actor; now: Date },
): Promise<string> {
  const lastVisit = upcoming.map((booking) => booking.date).sort()[upcoming.length - 1] as string;
  const dueOn = addDays(lastVisit, 1);
  const values = { query: query.text, dueOn, requestedAt: now };
  const [request] = await tx
    .insert(guestErasureRequests)
    .values({ ...values, guestKey: guestKeyOf(query) })
    .onConflictDoUpdate({ target: guestErasureRequests.guestKey, set: values })
    .returning({ id: guestErasureRequests.id });
  await recordAudit(
    tx,
    {
      actor,
      type: 'guest.erasure-scheduled',
      subject: { type: 'guest', id: request?.id },
      summary:
        `Guest data erasure scheduled for ${formatLongDate(dueOn)}, the day after the last of ` +
        plural(upcoming.length, 'upcoming booking', 'upcoming bookings'),
    },
    now,
  );
  return dueOn;
}

/** What an erasure needs besides the database: the cancellations' rules and e-mails, and the outbox folder. */
export type ErasureDeps = ChristmasDeps & { content: SiteContent; dataDir: string };

/**
 * Cancels the upcoming bookings on `tx` as staff cancelling each would (issue 26), the guest e-mailed whenever
 * there is an address: table bookings in the order of their services' locks, then Christmas bookings under their
 * sittings' locks, a deposit refunded or kept as `deposit` says. Answers the Christmas bookings cancelled, whose
 * refunds follow the commit.
 */
async function cancelUpcoming(
  tx: Database,
  deps: ErasureDeps,
  upcoming: GuestUpcomingBooking[],
  { deposit, actor }: { deposit: GuestEraseRequest['deposit']; actor: Actor },
): Promise<ChristmasBookingRow[]> {
  const serviceKey = (booking: GuestUpcomingBooking) => `${booking.date} ${serviceForTime(booking.time)}`;
  const tables = upcoming
    .filter((booking) => booking.kind === 'table')
    .sort((a, b) => serviceKey(a).localeCompare(serviceKey(b)));
  for (const booking of tables) {
    await updateBooking(
      tx,
      booking.id,
      { status: 'CANCELLED', notifyGuest: true },
      { now: deps.now, content: deps.content, publicUrl: deps.publicUrl, actor },
    );
  }
  const christmasIds = upcoming
    .filter((booking) => booking.kind === 'christmas')
    .map((booking) => booking.id);
  if (christmasIds.length === 0) return [];
  const sittings = await tx
    .selectDistinct({ sittingId: christmasBookings.sittingId })
    .from(christmasBookings)
    .where(inArray(christmasBookings.id, christmasIds))
    .orderBy(asc(christmasBookings.sittingId));
  for (const { sittingId } of sittings) await lockChristmasSitting(tx, sittingId);
  const rows = await tx
    .select()
    .from(christmasBookings)
    .where(inArray(christmasBookings.id, christmasIds))
    .for('update');
  const cancelled: ChristmasBookingRow[] = [];
  for (const row of rows) {
    cancelled.push(
      await cancelChristmasBookingByStaff(tx, deps, row, { deposit, tellGuest: row.email !== '', actor }),
    );
  }
  return cancelled;
}

/**
 * The cancellations just queued to tell the guest (the e-mails found now and not `before`) are kept until they
 * are sent, then deleted (issue 26): `found` as the erasure must see them.
 */
async function keepUntilSent(tx: Database, found: FoundRows, before: FoundRows): Promise<FoundRows> {
  const earlier = new Set(before.mailRows.map((row) => row.id));
  const told = found.mailRows.filter((row) => !earlier.has(row.id)).map((row) => row.id);
  if (told.length === 0) return found;
  await tx.update(outboxMessages).set({ eraseWhenSent: true }).where(inArray(outboxMessages.id, told));
  return {
    ...found,
    mailRows: found.mailRows.map((row) => (told.includes(row.id) ? { ...row, eraseWhenSent: true } : row)),
  };
}

/**
 * Erases the person the request names (issues 19 and 26). Someone with upcoming bookings is erased only with
 * staff's choice for them, or the request is refused and nothing changes: "cancel-and-erase" cancels each (the
 * guest e-mailed) and erases in one transaction, each cancellation e-mail keeping the address until it is sent;
 * "erase-after-visit" schedules the erasure for the day after the last visit, which the retention pass performs.
 * After the commit: the refunds owed, and the deleted e-mails' .eml files (trial mode).
 */
export async function eraseGuest(
  deps: ErasureDeps,
  request: GuestEraseRequest,
  actor: Actor,
): Promise<GuestEraseAnswer> {
  const { db, now } = deps;
  const query = request.q;
  const done = await db.transaction(async (tx) => {
    const found = await findRows(tx, query);
    const upcoming = upcomingOf(found, londonToday(now));
    if (upcoming.length === 0) {
      const erased = await eraseFound(tx, found, { actor, now });
      return { outcome: 'erased' as const, bookingsCancelled: 0, refunds: [], ...erased };
    }
    if (request.upcoming === null) throw conflict(GUEST_DATA_MESSAGES.upcomingRefused(upcoming.length));
    if (request.upcoming === 'erase-after-visit') {
      return {
        outcome: 'scheduled' as const,
        dueOn: await scheduleErasure(tx, query, upcoming, { actor, now }),
      };
    }
    const refunds = await cancelUpcoming(tx, deps, upcoming, { deposit: request.deposit, actor });
    const remaining = await keepUntilSent(tx, await findRows(tx, query), found);
    const bookingsCancelled = upcoming.length;
    const erased = await eraseFound(tx, remaining, { actor, now, bookingsCancelled });
    return { outcome: 'erased' as const, bookingsCancelled, refunds, ...erased };
  });
  if (done.outcome === 'scheduled') return done;
  for (const booking of done.refunds) await refundAfterCancelling(deps, booking, actor);
  deps.mail.nudge();
  try {
    await deleteOutboxFiles(deps.dataDir, () => new Set(done.mailIds));
  } catch (error) {
    deps.log.error(
      { err: error },
      'an erased guest’s .eml files were not deleted; the next retention run will',
    );
  }
  return { outcome: 'erased', bookingsCancelled: done.bookingsCancelled, erasure: done.erasure };
}

/**
 * Performs the scheduled erasures due by `now`'s London day, on the retention run's transaction (issue 26), as
 * the system. Someone who has booked again since is erased the day after their new last visit instead. Answers
 * how many were erased; their e-mails' .eml files go with the run's sweep.
 */
export async function eraseScheduledGuests(tx: Database, now: Date): Promise<number> {
  const today = londonToday(now);
  const due = await tx
    .select()
    .from(guestErasureRequests)
    .where(lte(guestErasureRequests.dueOn, today))
    .orderBy(asc(guestErasureRequests.requestedAt));
  /** Requests an earlier erasure of this run deleted: the same person asked for by another address or number. */
  const done = new Set<string>();
  let erased = 0;
  for (const request of due) {
    if (done.has(request.id)) continue;
    // Stored from a search the API had parsed: it parses again.
    const query = parseGuestQuery(request.query) as GuestQuery;
    const found = await findRows(tx, query);
    const upcoming = upcomingOf(found, today);
    if (upcoming.length > 0) {
      await scheduleErasure(tx, query, upcoming, { actor: SYSTEM, now });
      continue;
    }
    await eraseFound(tx, found, { actor: SYSTEM, now, subjectId: request.id });
    for (const row of found.requestRows) done.add(row.id);
    erased += 1;
  }
  return erased;
}

function erasureSummary(erasure: GuestErasure, bookingsCancelled: number): string {
  return [
    ...(bookingsCancelled > 0 ? [`${bookingsCancelled} upcoming bookings cancelled`] : []),
    `${erasure.bookingsAnonymised} bookings`,
    `${erasure.christmasBookingsAnonymised} Christmas bookings`,
    `${erasure.christmasReservationsAnonymised} Christmas reservations`,
    `${erasure.enquiriesAnonymised} enquiries anonymised`,
    `${erasure.marketingConsentsDeleted} consents`,
    `${erasure.emailsDeleted} e-mails deleted`,
  ].join(', ');
}
