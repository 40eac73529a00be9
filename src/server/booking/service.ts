import { createHash } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockIdempotencyKey } from '#db/locks.ts';
import { bookings, events, idempotencyKeys } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { serviceForTime } from '#shared/booking/rules.ts';
import type {
  AvailabilitySlot,
  BookingRequest,
  StaffBookingRequest,
  StoredBooking,
} from '#shared/booking/schemas.ts';
import type { BookingSource } from '#shared/booking/status.ts';
import {
  BOOKING_MESSAGES,
  type BookingOccasion,
  type BookingProblem,
  checkBooking,
  checkStaffBooking,
  isPlausiblePhone,
} from '#shared/booking/validation.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { type DepositTerms, depositTermsForBooking } from '#shared/deposits/rules.ts';
import { unsubscribeUrl } from '#shared/privacy/unsubscribe.ts';
import { staffChannelOf } from '#shared/tables/assignment.ts';
import { type Actor, actorName, GUEST } from '../audit/trail.ts';
import { holdForPayment, ONLINE_HOLD_MS, PAYMENT_LINK_HOLD_MS, waiveDeposit } from '../deposits/checkout.ts';
import { paymentRequestEmail } from '../deposits/emails.ts';
import type { PaymentRow } from '../deposits/rows.ts';
import { DomainError, invalidFields, problemError } from '../lib/errors.ts';
import { insertWithReference } from '../lib/references.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { newTableManageUrl } from '../manage/links.ts';
import { recordMarketingConsent } from '../privacy/consents.ts';
import { lockSeating, seatBooking } from '../tables/seating.ts';
import { recordBookingMade } from './audit.ts';
import { bookingContentOf, findAvailability } from './availability.ts';
import { bookingEmails, guestConfirmation } from './emails.ts';

const IDEMPOTENCY_KEY_REUSED = 'This request was already used for a different booking.';
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An answer stored before these fields existed is answered again with their empty values (issue 18). */
const FIELDS_ADDED_SINCE = {
  cancelledBy: null,
  comingConfirmedAt: null,
  madeBy: null,
  changedBy: null,
} as const;

type BookingRow = typeof bookings.$inferSelect;

export type CreateBookingOutcome =
  /**
   * With the guest's own link, answered once: a replay's stored answer never holds a working link. Where a
   * deposit rule applies (issue 29) the booking waits, PENDING, with `payment` holding its places.
   */
  | { kind: 'created'; booking: StoredBooking; manageUrl: string; payment: PaymentRow | null }
  /** The booking first made with this Idempotency-Key, answered again. */
  | { kind: 'replayed'; booking: StoredBooking };

export function toStoredBooking(row: BookingRow): StoredBooking {
  return {
    _id: row.id,
    reference: row.reference,
    date: row.date,
    service: row.service,
    timeSlot: row.timeSlot,
    name: row.name,
    email: row.email,
    phone: row.phone,
    partyAdults: row.partyAdults,
    partyChildren: row.partyChildren,
    partySize: partySize(row.partyAdults, row.partyChildren),
    status: row.status,
    source: row.source,
    eventSlug: row.eventSlug,
    cancelledBy: row.cancelledBy,
    comingConfirmedAt: row.comingConfirmedAt?.toISOString() ?? null,
    madeBy: row.madeBy,
    changedBy: row.changedBy,
    hasAccessibilityNeeds: row.hasAccessibilityNeeds,
    accessibilityNotes: row.accessibilityNotes,
    occasion: row.occasion as BookingOccasion,
    occasionNotes: row.occasionNotes,
    allergies: row.allergies,
    specialNotes: row.specialNotes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const CHECKED_BEFORE_PHONE_SHAPE = new Set<string>([
  BOOKING_MESSAGES.spam,
  BOOKING_MESSAGES.name,
  BOOKING_MESSAGES.phone,
]);

/** Spec §5 in its order, with the server's phone-shape check slotted in right after rule 3 (phone given). */
export function checkOnServer(
  request: Omit<BookingRequest, 'marketingConsent'>,
  availability: readonly AvailabilitySlot[],
): BookingProblem | null {
  const problem = checkBooking(request, availability);
  if (problem && CHECKED_BEFORE_PHONE_SHAPE.has(problem.message)) return problem;
  if (!isPlausiblePhone(request.phone)) return { kind: 'invalid', message: BOOKING_MESSAGES.phoneInvalid };
  return problem;
}

async function eventExists(db: Database, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.slug, slug)).limit(1);
  return row !== undefined;
}

async function insertBooking(
  db: Database,
  request: Omit<BookingRequest, 'website' | 'marketingConsent'>,
  now: Date,
  source: BookingSource = 'online',
  madeBy: string | null = null,
  status: 'CONFIRMED' | 'PENDING' = 'CONFIRMED',
): Promise<BookingRow> {
  const eventSlug =
    request.eventSlug && (await eventExists(db, request.eventSlug)) ? request.eventSlug : null;
  const values = {
    date: request.date,
    service: serviceForTime(request.timeSlot),
    timeSlot: request.timeSlot,
    name: request.name,
    email: request.email,
    phone: request.phone,
    partyAdults: request.partyAdults,
    partyChildren: request.partyChildren,
    status,
    source,
    madeBy,
    eventSlug,
    hasAccessibilityNeeds: request.hasAccessibilityNeeds,
    accessibilityNotes: request.hasAccessibilityNeeds ? request.accessibilityNotes : '',
    occasion: request.occasion,
    occasionNotes: request.occasionNotes,
    allergies: request.allergies,
    specialNotes: request.specialNotes,
    createdAt: now,
    updatedAt: now,
  };
  return insertWithReference(db, bookings, values, { prefix: 'RC', what: 'booking' });
}

/**
 * Checks and stores a table booking; a broken rule is thrown as a DomainError. The capacity check and the
 * insert run in one transaction holding an advisory lock on the slot, so simultaneous requests for the last
 * place are served one after another and only the first gets it. With an Idempotency-Key, a lock on the key
 * does the same for repeated submissions, and a successful answer is stored with the booking; failures are
 * not stored, so a guest may correct the form and send again with the same key. A new booking's confirmation
 * and the pub's notification are queued in the same transaction (a replay queues nothing).
 */
export async function createBooking(
  db: Database,
  request: BookingRequest,
  options: GuestBookingOptions & { idempotencyKey?: string },
): Promise<CreateBookingOutcome> {
  const { now, idempotencyKey } = options;
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const terms = guestDepositTerms(request, options);
  return db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      await lockIdempotencyKey(tx, idempotencyKey);
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.key, idempotencyKey),
            gt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)),
          ),
        )
        .limit(1);
      if (previous) {
        if (previous.requestHash !== requestHash) throw new DomainError('key-reused', IDEMPOTENCY_KEY_REUSED);
        return {
          kind: 'replayed',
          booking: { ...FIELDS_ADDED_SINCE, ...(previous.responseBody as StoredBooking) },
        };
      }
    }

    const { booking, manageUrl, payment } = await bookForGuest(tx, request, terms, options, 'online');
    if (idempotencyKey !== undefined) {
      // Stored answers carry a guest's name and phone number: none is kept past its lifetime. This also
      // clears an expired answer for this very key (a live one was answered above).
      await tx
        .delete(idempotencyKeys)
        .where(lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)));
      await tx.insert(idempotencyKeys).values({
        key: idempotencyKey,
        requestHash,
        responseBody: booking,
        createdAt: now,
      });
    }
    return { kind: 'created', booking, manageUrl, payment };
  });
}

/** A guest's booking as the checks and the e-mails read it: what `createBooking` is given beside the request. */
export interface GuestBookingOptions {
  now: Date;
  content: SiteContent;
  pubNotifyEmail: string | undefined;
  publicUrl: string;
  /** Whether this server can take a deposit: a booking that needs one is refused without. */
  takesPayments: boolean;
}

/** The deposit a guest's booking needs, if a rule asks for one; refused where this server cannot take it. */
export function guestDepositTerms(
  request: Pick<BookingRequest, 'date' | 'timeSlot' | 'partyAdults' | 'partyChildren' | 'eventSlug'>,
  { content, takesPayments }: Pick<GuestBookingOptions, 'content' | 'takesPayments'>,
): DepositTerms | null {
  const terms = depositTermsForBooking(content['deposit-rules'], request);
  if (terms && !takesPayments) {
    throw new DomainError('not-configured', DEPOSIT_MESSAGES.notConfigured(content.venue.phone));
  }
  return terms;
}

/**
 * A guest's booking inside the caller's transaction `tx`: online, or a standby offer claimed (issue 31). Takes
 * the seating lock, checks the request against the slot's covers, stores it (PENDING with `payment` holding its
 * places when `terms` ask for a deposit) and queues its e-mails.
 */
export async function bookForGuest(
  tx: Database,
  request: BookingRequest,
  terms: DepositTerms | null,
  { now, content, pubNotifyEmail, publicUrl }: GuestBookingOptions,
  source: Extract<BookingSource, 'online' | 'standby'>,
): Promise<{ booking: StoredBooking; manageUrl: string; payment: PaymentRow | null }> {
  // A party holds covers across the slots its table time overlaps: one lock per service and date.
  const bookingContent = bookingContentOf(content);
  await lockSeating(tx, [request], bookingContent);
  const guests = partySize(request.partyAdults, request.partyChildren);
  const availability = await findAvailability(tx, request.date, now, bookingContent, guests, {
    event: request.eventSlug ?? undefined,
  });
  const problem = checkOnServer(request, availability);
  if (problem) throw problemError(problem);
  const row = await insertBooking(tx, request, now, source, null, terms ? 'PENDING' : 'CONFIRMED');
  const place = await seatBooking(tx, { ...row, guests }, bookingContent, 'online', { keep: [] });
  if (place === null && bookingContent.tables.mode === 'tables' && row.eventSlug === null) {
    throw problemError({ kind: 'unavailable', message: BOOKING_MESSAGES.slotFull });
  }
  await recordBookingMade(tx, row, GUEST, now);
  const unsubscribeToken = request.marketingConsent
    ? await recordMarketingConsent(
        tx,
        { name: row.name, email: row.email, source: 'booking', reference: row.reference },
        now,
      )
    : null;
  const booking = toStoredBooking(row);
  const manageUrl = await newTableManageUrl(tx, booking._id, { publicUrl, now });
  const unsubscribe = unsubscribeToken ? unsubscribeUrl(publicUrl, unsubscribeToken) : undefined;
  const mail = { venue: content.venue, pubAddress: pubNotifyEmail };
  const calendar = { publicUrl, settings: content['booking-settings'] };
  // A booking waiting for its deposit is confirmed, and e-mailed, when the payment arrives.
  const payment = terms
    ? await holdForPayment(tx, row, terms, new Date(now.getTime() + ONLINE_HOLD_MS), now)
    : null;
  if (!payment) {
    await enqueueMail(
      tx,
      { kind: 'table-booking', reference: booking.reference, now },
      bookingEmails(booking, mail, calendar, manageUrl, unsubscribe),
    );
  }
  return { booking, manageUrl, payment };
}

/**
 * A booking staff take by phone, at the bar or from an e-mail (issue 17): any party size, any slot of the
 * day's services, checked against the covers under the same lock as a guest's, and past them only when staff
 * book anyway. The guest's confirmation is queued in the same transaction when staff ask for it and there is
 * an address to send it to; the pub is not told of its own booking.
 */
export async function createStaffBooking(
  db: Database,
  request: StaffBookingRequest | (Omit<StaffBookingRequest, 'source'> & { source: 'standby' }),
  options: { now: Date; content: SiteContent; publicUrl: string; actor: Actor; takesPayments: boolean },
): Promise<StoredBooking> {
  const { now, content, publicUrl, actor } = options;
  const terms = depositTermsForBooking(content['deposit-rules'], request);
  const choice = terms ? request.deposit : undefined;
  if (terms && !choice) {
    throw invalidFields(DEPOSIT_MESSAGES.waiverNeeded, [
      { path: 'deposit', message: DEPOSIT_MESSAGES.waiverNeeded },
    ]);
  }
  if (choice?.choice === 'request') {
    if (!request.email) {
      throw invalidFields(DEPOSIT_MESSAGES.requestNeedsEmail, [
        { path: 'deposit', message: DEPOSIT_MESSAGES.requestNeedsEmail },
      ]);
    }
    if (!options.takesPayments) {
      throw new DomainError('not-configured', DEPOSIT_MESSAGES.notConfigured(content.venue.phone));
    }
  }
  return db.transaction(async (tx) => {
    const bookingContent = bookingContentOf(content);
    await lockSeating(tx, [request], bookingContent);
    const guests = partySize(request.partyAdults, request.partyChildren);
    const channel = staffChannelOf(request.source);
    const availability = await findAvailability(tx, request.date, now, bookingContent, guests, {
      staff: true,
      channel,
      event: request.eventSlug ?? undefined,
    });
    const problem = checkStaffBooking(request, availability);
    if (problem) throw problemError(problem);
    const awaitsPayment = choice?.choice === 'request';
    const row = await insertBooking(
      tx,
      request,
      now,
      request.source,
      actorName(actor),
      awaitsPayment ? 'PENDING' : 'CONFIRMED',
    );
    // Booked anyway with no table free, it waits on the floor view for staff to place it.
    await seatBooking(tx, { ...row, guests }, bookingContent, channel, {
      keep: [],
      placeId: request.placeId,
    });
    await recordBookingMade(tx, row, actor, now);
    const booking = toStoredBooking(row);
    const calendar = { publicUrl, settings: content['booking-settings'] };
    if (terms && choice?.choice === 'waive') {
      await waiveDeposit(tx, row, terms, { reason: choice.reason, actor, now });
    }
    if (terms && awaitsPayment) {
      const holdUntil = new Date(now.getTime() + PAYMENT_LINK_HOLD_MS);
      await holdForPayment(tx, row, terms, holdUntil, now);
      const manageUrl = await newTableManageUrl(tx, booking._id, { publicUrl, now });
      await enqueueMail(tx, { kind: 'deposit-request', reference: booking.reference, now }, [
        paymentRequestEmail(booking, terms, content.venue, manageUrl, holdUntil),
      ]);
    } else if (request.notifyGuest && booking.email) {
      const manageUrl = await newTableManageUrl(tx, booking._id, { publicUrl, now });
      await enqueueMail(tx, { kind: 'table-booking', reference: booking.reference, now }, [
        guestConfirmation(booking, content.venue, calendar, manageUrl),
      ]);
    }
    return booking;
  });
}
