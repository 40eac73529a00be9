import { createHash } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockBookingService, lockIdempotencyKey } from '#db/locks.ts';
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
import { unsubscribeUrl } from '#shared/privacy/unsubscribe.ts';
import { type Actor, actorName, GUEST } from '../audit/trail.ts';
import { DomainError, problemError } from '../lib/errors.ts';
import { newReference } from '../lib/references.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { issueManageToken, tableManageUrl } from '../manage/links.ts';
import { recordMarketingConsent } from '../privacy/consents.ts';
import { recordBookingMade } from './audit.ts';
import { bookingContentOf, findAvailability } from './availability.ts';
import { bookingEmails, guestConfirmation } from './emails.ts';

const IDEMPOTENCY_KEY_REUSED = 'This request was already used for a different booking.';
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const REFERENCE_ATTEMPTS = 5;
/** An answer stored before these fields existed is answered again with their empty values (issue 18). */
const FIELDS_ADDED_SINCE = {
  cancelledBy: null,
  comingConfirmedAt: null,
  madeBy: null,
  changedBy: null,
} as const;

type BookingRow = typeof bookings.$inferSelect;

export type CreateBookingOutcome =
  /** With the guest's own link, answered once: a replay's stored answer never holds a working link. */
  | { kind: 'created'; booking: StoredBooking; manageUrl: string }
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
    status: 'CONFIRMED' as const,
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
  // A clash of random references is rare, but it must cost a retry, not the booking.
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(bookings)
      .values({ ...values, reference: newReference('RC') })
      .onConflictDoNothing({ target: bookings.reference })
      .returning();
    if (row) return row;
  }
  throw new Error(`No free booking reference after ${REFERENCE_ATTEMPTS} attempts`);
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
  options: {
    now: Date;
    idempotencyKey?: string;
    content: SiteContent;
    pubNotifyEmail: string | undefined;
    publicUrl: string;
  },
): Promise<CreateBookingOutcome> {
  const { now, idempotencyKey, content, pubNotifyEmail, publicUrl } = options;
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
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

    // A party holds covers across the slots its table time overlaps: one lock per service and date.
    await lockBookingService(tx, request.date, serviceForTime(request.timeSlot));
    const guests = partySize(request.partyAdults, request.partyChildren);
    const availability = await findAvailability(tx, request.date, now, bookingContentOf(content), guests, {
      event: request.eventSlug ?? undefined,
    });
    const problem = checkOnServer(request, availability);
    if (problem) throw problemError(problem);
    const row = await insertBooking(tx, request, now);
    await recordBookingMade(tx, row, GUEST, now);
    const unsubscribeToken = request.marketingConsent
      ? await recordMarketingConsent(
          tx,
          { name: row.name, email: row.email, source: 'booking', reference: row.reference },
          now,
        )
      : null;
    const booking = toStoredBooking(row);
    const manageUrl = tableManageUrl(publicUrl, await issueManageToken(tx, { bookingId: booking._id }, now));
    await enqueueMail(
      tx,
      { kind: 'table-booking', reference: booking.reference, now },
      bookingEmails(
        booking,
        { venue: content.venue, pubAddress: pubNotifyEmail },
        { publicUrl, settings: content['booking-settings'] },
        manageUrl,
        unsubscribeToken ? unsubscribeUrl(publicUrl, unsubscribeToken) : undefined,
      ),
    );
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
    return { kind: 'created', booking, manageUrl };
  });
}

/**
 * A booking staff take by phone, at the bar or from an e-mail (issue 17): any party size, any slot of the
 * day's services, checked against the covers under the same lock as a guest's, and past them only when staff
 * book anyway. The guest's confirmation is queued in the same transaction when staff ask for it and there is
 * an address to send it to; the pub is not told of its own booking.
 */
export async function createStaffBooking(
  db: Database,
  request: StaffBookingRequest,
  options: { now: Date; content: SiteContent; publicUrl: string; actor: Actor },
): Promise<StoredBooking> {
  const { now, content, publicUrl, actor } = options;
  return db.transaction(async (tx) => {
    await lockBookingService(tx, request.date, serviceForTime(request.timeSlot));
    const guests = partySize(request.partyAdults, request.partyChildren);
    const availability = await findAvailability(tx, request.date, now, bookingContentOf(content), guests, {
      staff: true,
      event: request.eventSlug ?? undefined,
    });
    const problem = checkStaffBooking(request, availability);
    if (problem) throw problemError(problem);
    const row = await insertBooking(tx, request, now, request.source, actorName(actor));
    await recordBookingMade(tx, row, actor, now);
    const booking = toStoredBooking(row);
    if (request.notifyGuest && booking.email) {
      const token = await issueManageToken(tx, { bookingId: booking._id }, now);
      await enqueueMail(tx, { kind: 'table-booking', reference: booking.reference, now }, [
        guestConfirmation(
          booking,
          content.venue,
          { publicUrl, settings: content['booking-settings'] },
          tableManageUrl(publicUrl, token),
        ),
      ]);
    }
    return booking;
  });
}
