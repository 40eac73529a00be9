import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockOccasionHolder, lockOccasionSitting } from '#db/locks.ts';
import { occasionBookings } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { type StaffPaymentMethod, staffPaidPence } from '#shared/money/taken-by-staff.ts';
import type { StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Diner, OccasionBookingRequest, OccasionCancelReason } from '#shared/occasions/api.ts';
import { type OccasionBookingProblem, occasionBookingProblem } from '#shared/occasions/booking-rules.ts';
import { checkoutCancelPath, checkoutReturnPath, organiserPath } from '#shared/occasions/links.ts';
import { OCCASION_BOOKING_MESSAGES } from '#shared/occasions/messages.ts';
import { partySizeWords } from '#shared/occasions/party-change.ts';
import { amountDuePence, isTicketed, partyPricePence, supplementsPence } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionSitting } from '#shared/occasions/schema.ts';
import { occasionPaymentText, staffPaymentProblem } from '#shared/occasions/staff-payment.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { type Actor, actorName, GUEST, recordAudit } from '../audit/trail.ts';
import { conflict, DomainError, notFound } from '../lib/errors.ts';
import { insertWithReference } from '../lib/references.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { CheckoutSession, Payments } from '../payments/payments.ts';
import type { PaymentServiceDeps } from '../payments/service-deps.ts';
import { sittingSeats } from './availability.ts';
import { occasionConfirmationEmail, occasionPubNotice } from './emails.ts';
import { issueOrganiserToken, newOccasionToken, type OccasionBookingRow } from './organiser-links.ts';
import { isOccasionRow } from './rows.ts';

/** What the occasion services need of the app; routes build it per request, with the app's clock. */
export interface OccasionDeps extends PaymentServiceDeps {
  /** Every occasion as the content document stands for this request, drafts included. */
  occasions: readonly Occasion[];
  venue: Venue;
}

/**
 * How long a checkout holds its seats, and when its Checkout Session expires: Stripe's shortest, 30 minutes,
 * plus one minute so the request's own time can never push it below Stripe's minimum (as for Christmas).
 */
export const HOLD_DURATION_MS = 31 * 60 * 1000;
/** A booking with nothing to pay sent again this soon (a double click) is refused, not booked twice. */
const RESUBMISSION_WINDOW_MS = 10 * 60 * 1000;

/** The occasion of a slug: published only, unless staff ask. */
export function findOccasion(
  deps: Pick<OccasionDeps, 'occasions'>,
  slug: string,
  { drafts = false } = {},
): Occasion {
  const occasion = deps.occasions.find((candidate) => candidate.slug === slug);
  if (!occasion || (!occasion.published && !drafts))
    throw notFound(OCCASION_BOOKING_MESSAGES.unknownOccasion);
  return occasion;
}

/** 32 random base64url characters: the browser's secret for its checkout. */
function newPid(): string {
  return randomBytes(24).toString('base64url');
}

export type OccasionBookingInput = Pick<
  OccasionBookingRequest,
  | 'date'
  | 'sittingId'
  | 'adults'
  | 'children'
  | 'name'
  | 'email'
  | 'phone'
  | 'notes'
  | 'allergies'
  | 'occasionNotes'
>;

/** A refusal of the booking rule, naming its field so the form shows it there. */
function refusal(problem: OccasionBookingProblem): DomainError {
  return new DomainError(problem.kind, problem.message, {}, [
    { path: problem.field, message: problem.message },
  ]);
}

/**
 * The shared booking rule before any lock, its first problem thrown. Staff (`by: 'staff'`) may book after online
 * booking closes, any party size, and with a phone or an e-mail.
 */
export function checkOccasionBooking(
  occasion: Occasion,
  input: OccasionBookingInput,
  context: { now: Date; phone: string; by: 'guest' | 'staff' },
): { sitting: OccasionSitting } {
  const problem = occasionBookingProblem(occasion, input, context);
  if (problem) throw refusal(problem);
  // The rule has found the sitting.
  return {
    sitting: occasion.sittings.find((candidate) => candidate.id === input.sittingId) as OccasionSitting,
  };
}

/**
 * Under the sitting's lock: the rule again with the sitting's seats as they now stand. A closed sitting takes
 * nothing online; staff may still seat a party there, within its seats.
 */
async function checkSeats(
  tx: Database,
  now: Date,
  occasion: Occasion,
  input: OccasionBookingInput,
  by: 'guest' | 'staff',
  phone: string,
): Promise<void> {
  const availability = await sittingSeats(tx, now, occasion, input.date, input.sittingId);
  if (!availability) {
    throw refusal({ field: 'sittingId', message: OCCASION_BOOKING_MESSAGES.sitting, kind: 'invalid' });
  }
  const problem = occasionBookingProblem(occasion, input, { now, phone, by, availability });
  if (problem) throw refusal(problem);
}

type NewBooking = Omit<typeof occasionBookings.$inferInsert, 'reference'>;

async function insertOccasionBooking(tx: Database, values: NewBooking): Promise<OccasionBookingRow> {
  return insertWithReference(tx, occasionBookings, values, { prefix: 'OCC', length: 5, what: 'occasion' });
}

function bookingValues(
  occasion: Occasion,
  sitting: OccasionSitting,
  input: OccasionBookingInput,
  now: Date,
): Omit<NewBooking, 'status' | 'source'> {
  const party = { adults: input.adults, children: input.children };
  return {
    occasionSlug: occasion.slug,
    occasionName: occasion.name,
    date: input.date,
    sittingId: sitting.id,
    sittingLabel: sitting.label,
    pid: newPid(),
    name: input.name.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    partyAdults: input.adults,
    partyChildren: input.children,
    partySize: partySize(input.adults, input.children),
    notes: input.notes,
    allergies: input.allergies,
    occasionNotes: input.occasionNotes,
    totalPence: partyPricePence(occasion, party),
    paymentKind: occasion.payment.kind,
    amountDuePence: amountDuePence(occasion, party),
    dinerToken: newOccasionToken(),
    createdAt: now,
    updatedAt: now,
  };
}

function describe(row: OccasionBookingRow): string {
  return `${row.reference}, ${row.occasionName}, ${row.date} ${row.sittingLabel}, ${plural(row.partySize, 'guest', 'guests')}`;
}

/**
 * A booking has just become CONFIRMED in `tx`: the organiser's link is issued, the organiser's confirmation
 * (when there is an address) and the pub's notice are queued, and the trail records it and any money taken.
 * Answers the organiser's token.
 */
export async function completeConfirmation(
  tx: Database,
  deps: OccasionDeps,
  booking: OccasionBookingRow,
  actor: Actor,
): Promise<string> {
  const { now } = deps;
  const token = await issueOrganiserToken(tx, booking.id, now);
  const occasion = deps.occasions.find((candidate) => candidate.slug === booking.occasionSlug);
  const context = { venue: deps.venue, occasion, publicUrl: deps.publicUrl, pubAddress: deps.pubNotifyEmail };
  await enqueueMail(tx, { kind: 'occasion-booking', reference: booking.reference, now }, [
    ...(booking.email !== '' ? [occasionConfirmationEmail(booking, context, token, now)] : []),
    occasionPubNotice(booking, context),
  ]);
  const subject = { type: 'occasion-booking', id: booking.id };
  const waived = booking.paymentMethod === 'waived' ? `: ${occasionPaymentText(booking)}` : '';
  await recordAudit(
    tx,
    {
      actor,
      type: 'occasion.created',
      subject,
      summary: `${describe(booking)} (${booking.source})${waived}`,
    },
    now,
  );
  if (booking.paidPence > 0) {
    await recordAudit(
      tx,
      {
        actor,
        type: 'occasion.paid',
        subject,
        summary: `${booking.reference}: ${occasionPaymentText(booking)}`,
        changes: {
          paidPence: { before: 0, after: booking.paidPence },
          ...(booking.paymentMethod ? { paymentMethod: { before: null, after: booking.paymentMethod } } : {}),
        },
      },
      now,
    );
  }
  return token;
}

export function organiserUrl(deps: Pick<OccasionDeps, 'publicUrl'>, token: string): string {
  return `${deps.publicUrl}${organiserPath(token)}`;
}

interface Holder {
  email: string;
  ip: string;
}

type ReplacedHold = Pick<OccasionBookingRow, 'pid' | 'stripeSessionId'>;

/**
 * The holder's live checkouts end (one e-mail or one address holds one at a time), their rows locked in order. A
 * Christmas checkout is not one of them: it keeps to Christmas's own rule.
 */
async function releaseHoldsOf(tx: Database, holder: Holder, now: Date): Promise<ReplacedHold[]> {
  const live = await tx
    .select({ id: occasionBookings.id })
    .from(occasionBookings)
    .where(
      and(
        isOccasionRow,
        eq(occasionBookings.status, 'HELD'),
        gt(occasionBookings.holdExpiresAt, now),
        or(
          sql`lower(${occasionBookings.email}) = lower(${holder.email})`,
          eq(occasionBookings.holderIp, holder.ip),
        ),
      ),
    )
    .orderBy(asc(occasionBookings.id))
    .for('update');
  if (live.length === 0) return [];
  return tx
    .update(occasionBookings)
    .set({ status: 'EXPIRED', cancelReason: 'replaced', updatedAt: now })
    .where(
      inArray(
        occasionBookings.id,
        live.map((row) => row.id),
      ),
    )
    .returning({ pid: occasionBookings.pid, stripeSessionId: occasionBookings.stripeSessionId });
}

/** Ends the sessions of replaced or abandoned holds, so they can no longer be paid; best effort. */
export async function expireSessions(deps: OccasionDeps, holds: readonly ReplacedHold[]): Promise<void> {
  const { payments } = deps;
  if (!payments) return;
  await Promise.all(
    holds.map(async ({ pid, stripeSessionId }) => {
      if (!stripeSessionId) return;
      try {
        await payments.expireCheckoutSession(stripeSessionId);
      } catch (error) {
        deps.log.warn({ err: error, pid }, 'could not expire the Checkout Session of an ended occasion hold');
      }
    }),
  );
}

/** A HELD booking's seats go back (EXPIRED, for `reason`); a booking paid or confirmed meanwhile is left alone. */
export async function releaseHeld(
  deps: Pick<OccasionDeps, 'db' | 'now'>,
  where: { pid: string } | { sessionId: string },
  reason: Exclude<OccasionCancelReason, 'replaced' | 'unseatable'>,
  { keepSettling = false } = {},
): Promise<boolean> {
  const match =
    'pid' in where
      ? eq(occasionBookings.pid, where.pid)
      : eq(occasionBookings.stripeSessionId, where.sessionId);
  const released = await deps.db
    .update(occasionBookings)
    .set({ status: 'EXPIRED', cancelReason: reason, updatedAt: deps.now })
    .where(
      and(
        isOccasionRow,
        match,
        eq(occasionBookings.status, 'HELD'),
        // A payment still settling keeps its seats until its outcome arrives.
        ...(keepSettling ? [isNotNull(occasionBookings.holdExpiresAt)] : []),
      ),
    )
    .returning({ id: occasionBookings.id });
  return released.length > 0;
}

async function abandonCheckout(deps: OccasionDeps, hold: ReplacedHold): Promise<void> {
  await expireSessions(deps, [hold]);
  try {
    await releaseHeld(deps, { pid: hold.pid }, 'checkout_failed');
  } catch (error) {
    deps.log.error(
      { err: error, pid: hold.pid },
      'could not release an unanswered occasion hold; it ends when it expires',
    );
  }
}

async function openCheckoutSession(
  deps: OccasionDeps,
  payments: Payments,
  occasion: Occasion,
  booking: OccasionBookingRow,
): Promise<CheckoutSession> {
  const deposit = occasion.payment.kind === 'deposit' ? occasion.payment : null;
  const ticketed = isTicketed(occasion);
  try {
    return await payments.createCheckoutSession({
      pid: booking.pid,
      purpose: 'occasion',
      mode: 'payment',
      unitAmountPence: deposit ? deposit.perPersonPence : booking.amountDuePence,
      quantity: deposit ? booking.partySize : 1,
      productName: `${occasion.name} — ${deposit ? 'deposit' : ticketed ? 'tickets' : 'your party'} — ${deps.venue.name}`,
      productDescription:
        `${formatLongDate(booking.date)}, ${booking.sittingLabel}, ${partySizeWords(occasion, booking.partySize)}` +
        (deposit ? ': deposit per guest, taken off the bill on the day' : ''),
      customerEmail: booking.email,
      expiresAt: booking.holdExpiresAt as Date,
      successUrl: `${deps.publicUrl}${checkoutReturnPath(booking.pid)}`,
      cancelUrl: `${deps.publicUrl}${checkoutCancelPath(booking.pid)}`,
    });
  } catch (error) {
    deps.log.error(
      { err: error, pid: booking.pid },
      'occasion Checkout Session could not be created; hold released',
    );
    await abandonCheckout(deps, { pid: booking.pid, stripeSessionId: null });
    throw new DomainError('provider-failed', OCCASION_BOOKING_MESSAGES.provider);
  }
}

/**
 * The organiser's online booking. Checked, then in one transaction under the holder's and the sitting's locks
 * (the holder's earlier live checkout released first) the seats are checked and the booking stored: CONFIRMED
 * at once when there is nothing to pay (answering the organiser's page), otherwise HELD until its Checkout
 * Session expires (answering the payment page). A hold whose payment page cannot reach the guest (the provider
 * refusing, a newer checkout replacing it, the guest gone) is released before this returns.
 */
export async function startOccasionBooking(
  deps: OccasionDeps,
  slug: string,
  request: OccasionBookingRequest,
  holderIp: string,
  guestLeft?: AbortSignal,
): Promise<string> {
  const { now, payments } = deps;
  const phone = deps.venue.phone;
  const occasion = findOccasion(deps, slug);
  const { sitting } = checkOccasionBooking(occasion, request, { now, phone, by: 'guest' });
  const values = bookingValues(occasion, sitting, request, now);
  const toPay = values.amountDuePence > 0;
  if (toPay && !payments) {
    deps.log.error('occasion checkout refused: online payments are not configured');
    throw new DomainError('not-configured', OCCASION_BOOKING_MESSAGES.notConfigured(phone));
  }
  const holder: Holder = { email: values.email, ip: holderIp };

  const { booking, replaced, token } = await deps.db.transaction(async (tx) => {
    await lockOccasionHolder(tx, holder);
    await lockOccasionSitting(tx, occasion.slug, request.date, sitting.id);
    if (!toPay) {
      const [recent] = await tx
        .select({ id: occasionBookings.id })
        .from(occasionBookings)
        .where(
          and(
            sql`lower(${occasionBookings.email}) = lower(${holder.email})`,
            eq(occasionBookings.occasionSlug, occasion.slug),
            eq(occasionBookings.date, request.date),
            eq(occasionBookings.sittingId, sitting.id),
            eq(occasionBookings.status, 'CONFIRMED'),
            eq(occasionBookings.source, 'online'),
            gt(occasionBookings.createdAt, new Date(now.getTime() - RESUBMISSION_WINDOW_MS)),
          ),
        )
        .limit(1);
      if (recent) throw conflict(OCCASION_BOOKING_MESSAGES.alreadyBooked);
    }
    const replaced = toPay ? await releaseHoldsOf(tx, holder, now) : [];
    await checkSeats(tx, now, occasion, request, 'guest', phone);
    const inserted = await insertOccasionBooking(tx, {
      ...values,
      status: toPay ? 'HELD' : 'CONFIRMED',
      holdExpiresAt: toPay ? new Date(now.getTime() + HOLD_DURATION_MS) : null,
      holderIp,
      source: 'online',
      utmSource: request.utmSource,
    });
    const token = toPay ? null : await completeConfirmation(tx, deps, inserted, GUEST);
    return { booking: inserted, replaced, token };
  });

  if (token !== null) {
    deps.log.info({ reference: booking.reference }, 'occasion booking confirmed (nothing to pay)');
    deps.mail.nudge();
    return organiserUrl(deps, token);
  }
  const [session] = await Promise.all([
    openCheckoutSession(deps, payments as Payments, occasion, booking),
    expireSessions(deps, replaced),
  ]);
  try {
    const [recorded] = await deps.db
      .update(occasionBookings)
      .set({ stripeSessionId: session.id, updatedAt: now })
      .where(eq(occasionBookings.id, booking.id))
      .returning({ status: occasionBookings.status });
    if (recorded?.status !== 'HELD') throw conflict(OCCASION_BOOKING_MESSAGES.replaced);
    if (!session.url) throw new DomainError('provider-failed', OCCASION_BOOKING_MESSAGES.provider);
    if (guestLeft?.aborted) throw new DomainError('provider-failed', OCCASION_BOOKING_MESSAGES.provider);
    return session.url;
  } catch (error) {
    await abandonCheckout(deps, { pid: booking.pid, stripeSessionId: session.id });
    throw error;
  }
}

/**
 * A booking as staff list it; `diners` are its pre-orders (none for a new booking), their supplements priced by
 * the occasion's menu.
 */
export function toStaffOccasionBooking(
  occasion: Pick<Occasion, 'courses'>,
  row: OccasionBookingRow,
  diners: Diner[],
): StaffOccasionBooking {
  return {
    id: row.id,
    reference: row.reference,
    date: row.date,
    sittingId: row.sittingId,
    sittingLabel: row.sittingLabel,
    name: row.name,
    email: row.email,
    phone: row.phone,
    adults: row.partyAdults,
    children: row.partyChildren,
    partySize: row.partySize,
    status: row.status,
    source: row.source,
    totalPence: row.totalPence,
    paidPence: row.paidPence,
    paymentMethod: row.paymentMethod,
    refundPence: row.refundPence,
    tillRefundPence: row.tillRefundPence,
    supplementsPence: supplementsPence(occasion, diners),
    notes: row.notes,
    allergies: row.allergies,
    occasionNotes: row.occasionNotes,
    locked: row.lockedAt !== null,
    comingConfirmed: row.comingConfirmedAt !== null,
    diners,
  };
}

export type StaffOccasionBookingInput = OccasionBookingInput & { paymentMethod: StaffPaymentMethod | null };

/**
 * A party booked by phone: the same checks and the same seat count under the same lock as online, CONFIRMED at
 * once with what the guest paid staff, the organiser e-mailed when there is an address.
 */
export async function createPhoneOccasionBooking(
  deps: OccasionDeps,
  slug: string,
  request: StaffOccasionBookingInput,
  actor: Actor,
): Promise<OccasionBookingRow> {
  const { now } = deps;
  const phone = deps.venue.phone;
  const occasion = findOccasion(deps, slug, { drafts: true });
  const { sitting } = checkOccasionBooking(occasion, request, { now, phone, by: 'staff' });
  const paymentProblem = staffPaymentProblem(occasion, request, request.paymentMethod);
  if (paymentProblem) {
    throw new DomainError('invalid', paymentProblem, {}, [
      { path: 'paymentMethod', message: paymentProblem },
    ]);
  }
  const values = bookingValues(occasion, sitting, request, now);
  const paymentMethod = values.amountDuePence > 0 ? request.paymentMethod : null;
  const booking = await deps.db.transaction(async (tx) => {
    await lockOccasionSitting(tx, occasion.slug, request.date, sitting.id);
    await checkSeats(tx, now, occasion, request, 'staff', phone);
    const inserted = await insertOccasionBooking(tx, {
      ...values,
      status: 'CONFIRMED',
      paidPence: paymentMethod ? staffPaidPence(paymentMethod, values.amountDuePence) : 0,
      paymentMethod,
      source: 'phone',
      madeBy: actorName(actor),
    });
    await completeConfirmation(tx, deps, inserted, actor);
    return inserted;
  });
  deps.log.info({ reference: booking.reference }, 'occasion booking taken by staff');
  deps.mail.nudge();
  return booking;
}
