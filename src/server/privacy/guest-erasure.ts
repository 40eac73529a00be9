import { and, asc, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockChristmasSitting } from '#db/locks.ts';
import {
  bookings,
  enquiries,
  guestErasureRequests,
  idempotencyKeys,
  manageLinks,
  marketingConsents,
  occasionBookings,
  occasionDiners,
  occasionOrganiserLinks,
  outboxMessages,
} from '#db/schema.ts';
import { serviceForTime } from '#shared/booking/rules.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import {
  ANONYMISED_NAME,
  GUEST_DATA_MESSAGES,
  type GuestQuery,
  parseGuestQuery,
} from '#shared/privacy/guest-query.ts';
import type {
  GuestEraseAnswer,
  GuestEraseRequest,
  GuestErasure,
  GuestUpcomingBooking,
} from '#shared/privacy/guests.ts';
import { plural } from '#shared/text/plural.ts';
import { addDays, formatLongDate, londonToday } from '#shared/time/london-time.ts';
import { type Actor, recordAudit, SYSTEM } from '../audit/trail.ts';
import { updateBooking } from '../booking/admin.ts';
import { cancelChristmasBookingByStaff } from '../christmas/admin.ts';
import { refundAfterCancelling } from '../christmas/cancellation.ts';
import type { ChristmasDeps } from '../christmas/fulfilment.ts';
import {
  type ChristmasBookingRow,
  isChristmasRow,
  selectChristmasBookings,
  updateChristmasBookings,
  updateReservations,
} from '../christmas/store.ts';
import { conflict } from '../lib/errors.ts';
import { deleteOutboxFiles } from '../mail/delivery.ts';
import { anonymisePayments } from './booking-payments.ts';
import { deleteProfileRows } from './guest-profiles.ts';
import { type FoundRows, findGuestRows, guestKeyOf, upcomingOf } from './guests.ts';
import { anonymiseVoucherRows } from './vouchers.ts';
import { deleteWaitingRows } from './waiting-lists.ts';

/** A guest's erasure (issues 19 and 26): now, after their last visit, or when a scheduled one falls due. */

/** An occasion booking's party notes, as an erasure and retention leave them: blank. */
export const noOccasionNotes = { notes: '', allergies: '', occasionNotes: '' };

/**
 * Anonymises and deletes, on `tx`, what `found` holds (issue 19): every booking, Christmas order, reservation,
 * occasion booking, place at someone's occasion table (issue 30: their name, address and allergies; the dishes
 * stay for the kitchen's counts) and enquiry of theirs is anonymised (the rows and their counts, dates, party
 * sizes and amounts stay), so is every gift voucher they bought or were given (issue 33: its money and code
 * stay, still good at the bar; vouchers.ts), an occasion booking's organiser links are deleted, and a table
 * booking's payment loses its references to them at Stripe (issue 29); their places on the standby list and
 * in the walk-in queue (issue 31: not bookings, nothing of them kept; waiting-lists.ts), the profile staff kept
 * on them (issue 32: tags, note, confirmed numbers; guest-profiles.ts), their consent,
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
  const occasionIds = found.occasionRows.map((row) => row.id);
  const dinerIds = found.dinerRows.map((row) => row.diner.id);
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
    await anonymisePayments(tx, now, bookingIds);
  }
  // A booking paid online is its checkout's row too (decision 049): anonymised, and counted, as each.
  if (christmasIds.length > 0) {
    await updateChristmasBookings(tx, inArray(occasionBookings.id, christmasIds), {
      ...contact,
      ...notes,
      anonymisedAt: now,
      updatedAt: now,
    });
  }
  if (reservationIds.length > 0) {
    await updateReservations(tx, inArray(occasionBookings.id, reservationIds), {
      ...contact,
      ...notes,
      holderIp: null,
      updatedAt: now,
    });
  }
  if (occasionIds.length > 0) {
    await tx
      .update(occasionBookings)
      .set({ ...contact, ...noOccasionNotes, holderIp: null, anonymisedAt: now, updatedAt: now })
      .where(inArray(occasionBookings.id, occasionIds));
  }
  if (dinerIds.length > 0) {
    await tx
      .update(occasionDiners)
      .set({ name: ANONYMISED_NAME, email: '', allergies: '', updatedAt: now })
      .where(inArray(occasionDiners.id, dinerIds));
  }
  const organiserLinks =
    occasionIds.length > 0
      ? await tx
          .delete(occasionOrganiserLinks)
          .where(inArray(occasionOrganiserLinks.bookingId, occasionIds))
          .returning({ tokenHash: occasionOrganiserLinks.tokenHash })
      : [];
  if (enquiryIds.length > 0) {
    await tx
      .update(enquiries)
      .set({ ...contact, notes: '', anonymisedAt: now, updatedAt: now })
      .where(inArray(enquiries.id, enquiryIds));
  }
  const waiting = await deleteWaitingRows(tx, found.waiting);
  const profiles = await deleteProfileRows(tx, found.profileRows);
  const voucherCounts = await anonymiseVoucherRows(tx, found.voucherRows, now);
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
    occasionBookingsAnonymised: occasionIds.length,
    occasionDinersAnonymised: dinerIds.length,
    enquiriesAnonymised: enquiryIds.length,
    ...waiting,
    ...profiles,
    ...voucherCounts,
    marketingConsentsDeleted: consentIds.length,
    emailsDeleted: mailIds.length,
    manageLinksDeleted: links.length,
    organiserLinksDeleted: organiserLinks.length,
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
    .selectDistinct({ sittingId: occasionBookings.sittingId })
    .from(occasionBookings)
    .where(and(isChristmasRow, inArray(occasionBookings.id, christmasIds)))
    .orderBy(asc(occasionBookings.sittingId));
  for (const { sittingId } of sittings) await lockChristmasSitting(tx, sittingId);
  const rows = await selectChristmasBookings(tx, inArray(occasionBookings.id, christmasIds), {
    forUpdate: true,
  });
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
    const found = await findGuestRows(tx, query);
    const upcoming = upcomingOf(found, londonToday(now));
    if (upcoming.length === 0) {
      const erased = await eraseFound(tx, found, { actor, now });
      return { outcome: 'erased' as const, bookingsCancelled: 0, refunds: [], ...erased };
    }
    if (request.upcoming === null) throw conflict(GUEST_DATA_MESSAGES.upcomingRefused(upcoming.length));
    const occasions = upcoming.filter((booking) => booking.kind === 'occasion');
    if (request.upcoming === 'cancel-and-erase' && occasions.length > 0) {
      throw conflict(GUEST_DATA_MESSAGES.occasionCancelFirst(occasions.map((booking) => booking.reference)));
    }
    if (request.upcoming === 'erase-after-visit') {
      return {
        outcome: 'scheduled' as const,
        dueOn: await scheduleErasure(tx, query, upcoming, { actor, now }),
      };
    }
    const refunds = await cancelUpcoming(tx, deps, upcoming, { deposit: request.deposit, actor });
    const remaining = await keepUntilSent(tx, await findGuestRows(tx, query), found);
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
    const found = await findGuestRows(tx, query);
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
    `${erasure.occasionBookingsAnonymised} occasion bookings`,
    `${erasure.occasionDinersAnonymised} occasion diners`,
    `${erasure.enquiriesAnonymised} enquiries anonymised`,
    `${erasure.standbyEntriesDeleted} standby entries`,
    `${erasure.queuePartiesDeleted} queue parties`,
    `${erasure.profilesDeleted} profiles`,
    `${erasure.vouchersAnonymised} vouchers anonymised`,
    `${erasure.marketingConsentsDeleted} consents`,
    `${erasure.emailsDeleted} e-mails deleted`,
  ].join(', ');
}
