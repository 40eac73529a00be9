import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings, occasionDiners } from '#db/schema.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type {
  DINER_CHOSEN_BY,
  Diner,
  DinerChoiceRequest,
  DinerPage,
  OrganiserPage,
} from '#shared/occasions/api.ts';
import { dinerIssues } from '#shared/occasions/choices.ts';
import { dinerPath } from '#shared/occasions/links.ts';
import { firstNameOf, PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { isTicketed, preOrderDeadline, refundCutoff } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { paidToStaff } from '#shared/occasions/staff-payment.ts';
import { plural } from '#shared/text/plural.ts';
import { londonInstant } from '#shared/time/london-time.ts';
import { type Actor, actorName, changedFields, recordAudit } from '../audit/trail.ts';
import { conflict, DomainError, invalidFields, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { toDiner } from './admin.ts';
import { bookingByDinerToken, bookingByOrganiserToken, type OccasionBookingRow } from './organiser-links.ts';
import { isOccasionRow } from './rows.ts';

/**
 * Group pre-orders (issue 30): the organiser's page and the diners' link, each diner's choices until the
 * deadline, and staff's changes after it. Every change of a diner is made under the lock of its booking's row,
 * so the party's places are counted one change at a time, and is recorded in the trail.
 */

export type DinerRow = typeof occasionDiners.$inferSelect;
export type ChosenBy = (typeof DINER_CHOSEN_BY)[number];

export interface PreOrderDeps {
  db: Database;
  now: Date;
  content: SiteContent;
  publicUrl: string;
}

/** The occasion of a booking as it is published now, or undefined when staff have removed it. */
export function occasionOf(
  content: SiteContent,
  booking: Pick<OccasionBookingRow, 'occasionSlug'>,
): Occasion | undefined {
  return content.occasions.occasions.find((occasion) => occasion.slug === booking.occasionSlug);
}

/**
 * What a booking's pages show of an occasion staff have since removed: its name as booked, its date and sitting
 * as stored, no courses (its menu went with it) and deadlines at the start of its day, so its page still opens,
 * closed to choices.
 */
function removedOccasion(booking: OccasionBookingRow): Occasion {
  return {
    slug: booking.occasionSlug,
    name: booking.occasionName,
    summary: booking.occasionName,
    description: '',
    terms: '',
    published: false,
    featured: false,
    dates: { kind: 'dates', dates: [booking.date] },
    sittings: [
      {
        id: booking.sittingId,
        label: booking.sittingLabel,
        start: '00:00',
        end: '23:59',
        seats: booking.partySize,
      },
    ],
    courses: [],
    prices: {
      adultPence: Math.max(1, Math.round(booking.totalPence / Math.max(1, booking.partySize))),
      childPence: null,
    },
    payment: { kind: 'none' },
    party: { minOnline: 1, maxOnline: Math.max(1, booking.partySize) },
    preOrderDaysBefore: 0,
    refundDaysBefore: 0,
  };
}

/** The booking's occasion, its deadlines, and whether choices are closed (locked, or the deadline passed). */
function bookingContext(deps: Pick<PreOrderDeps, 'content' | 'now'>, booking: OccasionBookingRow) {
  const published = occasionOf(deps.content, booking);
  const occasion = published ?? removedOccasion(booking);
  const deadline = published
    ? preOrderDeadline(occasion, booking.date)
    : londonInstant(booking.date, '00:00');
  const cutoff = published ? refundCutoff(occasion, booking.date) : deadline;
  const closed = booking.lockedAt !== null || !published || deps.now.getTime() > deadline.getTime();
  return { occasion, published, deadline, cutoff, closed };
}

/** A party's diners in the order they were added. */
export async function dinersOf(db: Database, bookingId: string): Promise<DinerRow[]> {
  return db
    .select()
    .from(occasionDiners)
    .where(eq(occasionDiners.bookingId, bookingId))
    .orderBy(asc(occasionDiners.createdAt), asc(occasionDiners.id));
}

export function dinerUrl(publicUrl: string, booking: OccasionBookingRow): string {
  return `${publicUrl}${dinerPath(booking.dinerToken)}`;
}

/** The organiser's page: their booking, its occasion, its diners and the link to share. */
export async function organiserPage(deps: PreOrderDeps, token: string): Promise<OrganiserPage> {
  const booking = await bookingByOrganiserToken(deps.db, token);
  if (!booking || booking.status === 'HELD' || booking.status === 'EXPIRED') {
    throw notFound(PRE_ORDER_MESSAGES.linkNotFound);
  }
  const { occasion, deadline, cutoff, closed } = bookingContext(deps, booking);
  const diners = await dinersOf(deps.db, booking.id);
  return {
    reference: booking.reference,
    occasion,
    date: booking.date,
    sittingId: booking.sittingId,
    name: booking.name,
    partySize: booking.partySize,
    allergies: booking.allergies,
    occasionNotes: booking.occasionNotes,
    status: booking.status,
    totalPence: booking.totalPence,
    paidPence: booking.paidPence,
    refundPence: booking.refundPence,
    refundMade: booking.refundId !== null,
    paidToStaff: paidToStaff(booking),
    tillRefundPence: booking.tillRefundPence,
    preOrderDeadline: deadline.toISOString(),
    refundCutoff: cutoff.toISOString(),
    locked: closed || booking.status === 'CANCELLED',
    comingConfirmedAt: booking.comingConfirmedAt?.toISOString() ?? null,
    dinerUrl: dinerUrl(deps.publicUrl, booking),
    diners: diners.map(toDiner),
  };
}

/** What a diner's link shows: the occasion and how many places are left, and of the organiser only a first name. */
export async function dinerPage(deps: PreOrderDeps, token: string): Promise<DinerPage> {
  const booking = await bookingByDinerToken(deps.db, token);
  if (!booking || booking.status === 'HELD' || booking.status === 'EXPIRED') {
    throw notFound(PRE_ORDER_MESSAGES.linkNotFound);
  }
  if (booking.status === 'CANCELLED') throw notFound(PRE_ORDER_MESSAGES.cancelled);
  const { occasion, deadline, closed } = bookingContext(deps, booking);
  const diners = await dinersOf(deps.db, booking.id);
  return {
    occasion,
    date: booking.date,
    sittingId: booking.sittingId,
    organiserFirstName: firstNameOf(booking.name),
    preOrderDeadline: deadline.toISOString(),
    locked: closed,
    placesLeft: Math.max(0, booking.partySize - diners.length),
  };
}

/** Who is changing a party's choices, and through which door: staff may still change a closed order. */
interface Chooser {
  chosenBy: Exclude<ChosenBy, 'default'>;
  actor: Actor;
}

/**
 * The booking locked for a change of its diners, checked: confirmed, with a menu, and (but for staff) still
 * open to choices. Answers the occasion, or throws the refusal the guest reads.
 */
async function lockedForChange(
  tx: Database,
  deps: PreOrderDeps,
  bookingId: string,
  chooser: Chooser,
): Promise<{ booking: OccasionBookingRow; occasion: Occasion }> {
  const [booking] = await tx
    .select()
    .from(occasionBookings)
    .where(and(isOccasionRow, eq(occasionBookings.id, bookingId)))
    .for('update');
  if (!booking) {
    throw notFound(
      chooser.chosenBy === 'staff' ? PRE_ORDER_MESSAGES.bookingNotFound : PRE_ORDER_MESSAGES.linkNotFound,
    );
  }
  if (booking.status === 'CANCELLED') throw conflict(PRE_ORDER_MESSAGES.cancelled);
  if (booking.status !== 'CONFIRMED') throw conflict(PRE_ORDER_MESSAGES.notConfirmed);
  const { occasion, published, deadline, closed } = bookingContext(deps, booking);
  if (!published) throw conflict(PRE_ORDER_MESSAGES.menuRemoved);
  if (isTicketed(occasion)) throw conflict(PRE_ORDER_MESSAGES.ticketed);
  if (chooser.chosenBy !== 'staff' && closed) {
    throw conflict(
      chooser.chosenBy === 'diner'
        ? PRE_ORDER_MESSAGES.closed(deadline, firstNameOf(booking.name))
        : PRE_ORDER_MESSAGES.closedForOrganiser(deadline),
    );
  }
  return { booking, occasion };
}

function checkDiner(occasion: Occasion, request: DinerChoiceRequest): void {
  const issues = dinerIssues(occasion, request);
  if (issues.length > 0) throw invalidFields(issues[0]?.message ?? PRE_ORDER_MESSAGES.nameNeeded, issues);
}

/** What the trail shows of a diner: their dishes as they are, their name, e-mail and allergies only as changed. */
const DINER_PERSONAL = ['name', 'email', 'allergies'] as const;
function trailed(row: Pick<DinerRow, 'name' | 'email' | 'choices' | 'allergies' | 'chosenBy'>) {
  return {
    name: row.name,
    email: row.email,
    choices: row.choices,
    allergies: row.allergies,
    chosenBy: row.chosenBy,
  };
}

/** "PN-AB12, 12 guests: diner added by the diner's link (4 of 12)": never a diner's name. */
function summaryOf(booking: OccasionBookingRow, what: string, count: number): string {
  return `${booking.reference}, ${plural(booking.partySize, 'guest', 'guests')}: ${what} (${count} of ${booking.partySize} chosen)`;
}

/** A diner changed by staff is a change of the booking: it names who made it. */
async function recordStaffChange(
  tx: Database,
  booking: OccasionBookingRow,
  chooser: Chooser,
  now: Date,
): Promise<void> {
  if (chooser.chosenBy !== 'staff') return;
  await tx
    .update(occasionBookings)
    .set({ changedBy: actorName(chooser.actor), updatedAt: now })
    .where(eq(occasionBookings.id, booking.id));
}

const CHOOSER_WORDS: Record<Chooser['chosenBy'], string> = {
  diner: 'through the diners’ link',
  organiser: 'by the organiser',
  staff: 'by staff',
};

/** Adds a diner to the party, unless every place already has one. */
async function addDiner(
  deps: PreOrderDeps,
  bookingId: string,
  request: DinerChoiceRequest,
  chooser: Chooser,
): Promise<DinerRow> {
  return deps.db.transaction(async (tx) => {
    const { booking, occasion } = await lockedForChange(tx, deps, bookingId, chooser);
    const diners = await dinersOf(tx, booking.id);
    if (diners.length >= booking.partySize)
      throw new DomainError(
        'unavailable',
        PRE_ORDER_MESSAGES.full(booking.partySize, chooser.chosenBy === 'diner'),
      );
    checkDiner(occasion, request);
    const [row] = await tx
      .insert(occasionDiners)
      .values({
        bookingId: booking.id,
        name: request.name,
        email: request.email,
        choices: request.choices,
        allergies: request.allergies,
        chosenBy: chooser.chosenBy,
        defaultedCourses: [],
        createdAt: deps.now,
        updatedAt: deps.now,
      })
      .returning();
    const added = row as DinerRow;
    await recordStaffChange(tx, booking, chooser, deps.now);
    await recordAudit(
      tx,
      {
        actor: chooser.actor,
        type: 'occasion.diner-added',
        subject: { type: 'occasion-booking', id: booking.id },
        summary: summaryOf(booking, `diner added ${CHOOSER_WORDS[chooser.chosenBy]}`, diners.length + 1),
        changes: changedFields<Record<string, unknown>>(
          { name: null, email: null, choices: null, allergies: null, chosenBy: null },
          trailed(added),
          DINER_PERSONAL,
        ),
      },
      deps.now,
    );
    return added;
  });
}

/**
 * Changes one diner's choices. A course that keeps the dish the deadline gave it stays marked as defaulted; a
 * course changed no longer is.
 */
async function changeDiner(
  deps: PreOrderDeps,
  bookingId: string,
  dinerId: string,
  request: DinerChoiceRequest,
  chooser: Chooser,
): Promise<DinerRow> {
  return deps.db.transaction(async (tx) => {
    const { booking, occasion } = await lockedForChange(tx, deps, bookingId, chooser);
    const [before] = isUuid(dinerId)
      ? await tx
          .select()
          .from(occasionDiners)
          .where(and(eq(occasionDiners.id, dinerId), eq(occasionDiners.bookingId, booking.id)))
      : [];
    if (!before) throw notFound(PRE_ORDER_MESSAGES.dinerNotFound);
    checkDiner(occasion, request);
    const defaultedCourses = before.defaultedCourses.filter(
      (courseId) => before.choices[courseId] === request.choices[courseId],
    );
    const [row] = await tx
      .update(occasionDiners)
      .set({
        name: request.name,
        // The organiser's and staff's screens never see a diner's e-mail: a blank one keeps the diner's own.
        email: request.email || before.email,
        choices: request.choices,
        allergies: request.allergies,
        chosenBy: chooser.chosenBy,
        defaultedCourses,
        updatedAt: deps.now,
      })
      .where(eq(occasionDiners.id, before.id))
      .returning();
    const after = row as DinerRow;
    await recordStaffChange(tx, booking, chooser, deps.now);
    const count = (await dinersOf(tx, booking.id)).length;
    await recordAudit(
      tx,
      {
        actor: chooser.actor,
        type: 'occasion.diner-changed',
        subject: { type: 'occasion-booking', id: booking.id },
        summary: summaryOf(booking, `diner changed ${CHOOSER_WORDS[chooser.chosenBy]}`, count),
        changes: changedFields(trailed(before), trailed(after), DINER_PERSONAL),
      },
      deps.now,
    );
    return after;
  });
}

async function organisersBooking(deps: PreOrderDeps, token: string): Promise<OccasionBookingRow> {
  const booking = await bookingByOrganiserToken(deps.db, token);
  if (!booking) throw notFound(PRE_ORDER_MESSAGES.linkNotFound);
  return booking;
}

/** The organiser chooses for someone not yet on the list. */
export async function addDinerAsOrganiser(
  deps: PreOrderDeps,
  token: string,
  request: DinerChoiceRequest,
  actor: Actor,
): Promise<Diner> {
  const booking = await organisersBooking(deps, token);
  return toDiner(await addDiner(deps, booking.id, request, { chosenBy: 'organiser', actor }));
}

/** The organiser changes someone's choices. */
export async function changeDinerAsOrganiser(
  deps: PreOrderDeps,
  token: string,
  dinerId: string,
  request: DinerChoiceRequest,
  actor: Actor,
): Promise<Diner> {
  const booking = await organisersBooking(deps, token);
  return toDiner(await changeDiner(deps, booking.id, dinerId, request, { chosenBy: 'organiser', actor }));
}

/** A diner adds themselves through the shared link. */
export async function addDinerThroughLink(
  deps: PreOrderDeps,
  token: string,
  request: DinerChoiceRequest,
  actor: Actor,
): Promise<Diner> {
  const booking = await bookingByDinerToken(deps.db, token);
  if (!booking || booking.status === 'HELD' || booking.status === 'EXPIRED') {
    throw notFound(PRE_ORDER_MESSAGES.linkNotFound);
  }
  return toDiner(await addDiner(deps, booking.id, request, { chosenBy: 'diner', actor }));
}

function staffBookingId(bookingId: string): string {
  if (!isUuid(bookingId)) throw notFound(PRE_ORDER_MESSAGES.bookingNotFound);
  return bookingId;
}

/** Staff add a diner (by phone), even once the order is locked. */
export async function addDinerAsStaff(
  deps: PreOrderDeps,
  bookingId: string,
  request: DinerChoiceRequest,
  actor: Actor,
): Promise<Diner> {
  return toDiner(await addDiner(deps, staffBookingId(bookingId), request, { chosenBy: 'staff', actor }));
}

/** Staff change a diner's choices (by phone), even once the order is locked. */
export async function changeDinerAsStaff(
  deps: PreOrderDeps,
  bookingId: string,
  dinerId: string,
  request: DinerChoiceRequest,
  actor: Actor,
): Promise<Diner> {
  return toDiner(
    await changeDiner(deps, staffBookingId(bookingId), dinerId, request, { chosenBy: 'staff', actor }),
  );
}

/** Staff take a diner off the party (someone who can no longer come, by phone), even once the order is locked. */
export async function removeDinerAsStaff(
  deps: PreOrderDeps,
  bookingId: string,
  dinerId: string,
  actor: Actor,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const chooser: Chooser = { chosenBy: 'staff', actor };
    const { booking } = await lockedForChange(tx, deps, staffBookingId(bookingId), chooser);
    const [removed] = isUuid(dinerId)
      ? await tx
          .delete(occasionDiners)
          .where(and(eq(occasionDiners.id, dinerId), eq(occasionDiners.bookingId, booking.id)))
          .returning()
      : [];
    if (!removed) throw notFound(PRE_ORDER_MESSAGES.dinerNotFound);
    await recordStaffChange(tx, booking, chooser, deps.now);
    const count = (await dinersOf(tx, booking.id)).length;
    await recordAudit(
      tx,
      {
        actor,
        type: 'occasion.diner-removed',
        subject: { type: 'occasion-booking', id: booking.id },
        summary: summaryOf(booking, 'diner taken off the party by staff', count),
        changes: changedFields<Record<string, unknown>>(
          trailed(removed),
          { name: null, email: null, choices: null, allergies: null, chosenBy: null },
          DINER_PERSONAL,
        ),
      },
      deps.now,
    );
  });
}
