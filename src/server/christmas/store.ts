import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings, occasionDiners } from '#db/schema.ts';
import type { CancelledBy } from '#shared/booking/cancelled-by.ts';
import {
  CHRISTMAS_OCCASION_NAME,
  CHRISTMAS_OCCASION_SLUG,
  COURSES,
  type SittingId,
} from '#shared/christmas/ids.ts';
import type { ReservationState } from '#shared/christmas/reservation.ts';
import type { ChristmasSelections } from '#shared/christmas/schemas.ts';
import {
  CHRISTMAS_BOOKING_STATUSES,
  type ChristmasBookingSource,
  type ChristmasBookingStatus,
} from '#shared/christmas/status.ts';
import type { StaffPaymentMethod } from '#shared/money/taken-by-staff.ts';
import type { OccasionCancelReason } from '#shared/occasions/api.ts';
import { NO_DISH } from '#shared/occasions/rules.ts';
import { insertWithReference } from '../lib/references.ts';
import { newOccasionToken } from '../occasions/organiser-links.ts';

/*
 * Christmas Day's bookings and checkouts are rows of the `christmas-day` occasion (decision 049): one row from
 * the checkout to the booking, its dish counts as diners "Guest 1…N". The Christmas services read and write them
 * here, as the Christmas booking and reservation they have always spoken of.
 */

type OccasionRow = typeof occasionBookings.$inferSelect;
type DinerRow = typeof occasionDiners.$inferSelect;
type OccasionPatch = Partial<typeof occasionBookings.$inferInsert>;

/** A confirmed (or since cancelled) Christmas Day booking, paid online or taken by staff. */
export interface ChristmasBookingRow {
  id: string;
  reference: string;
  sittingId: SittingId;
  sittingLabel: string;
  name: string;
  email: string;
  phone: string;
  partyAdults: number;
  partyChildren: number;
  partySize: number;
  status: ChristmasBookingStatus;
  selections: ChristmasSelections;
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
  totalPence: number;
  depositPaidPence: number;
  /** How staff took a phone booking's deposit; null when paid online, or taken before it was recorded. */
  depositMethod: StaffPaymentMethod | null;
  source: ChristmasBookingSource;
  /** The checkout it came from: the row itself for a booking paid online, null for one taken by staff. */
  reservationId: string | null;
  /** When the visit's reminder was queued. */
  remindedAt: Date | null;
  comingConfirmedAt: Date | null;
  cancelledBy: CancelledBy | null;
  /** The deposit owed back by a cancellation (decision 017); null when it was kept or none paid. */
  refundPence: number | null;
  refundId: string | null;
  /**
   * What staff recorded of a cancelled phone booking's deposit they took (decision 051): given back at the till
   * (its pence), kept (0), or not recorded yet (null).
   */
  tillRefundPence: number | null;
  madeBy: string | null;
  changedBy: string | null;
  anonymisedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A Christmas checkout: while PENDING and unexpired (or PAID_AWAITING: paid by a method that settles later) it
 * holds its seats; `pid` is the unguessable id the guest's browser carries.
 */
export interface ReservationRow {
  id: string;
  pid: string;
  state: ReservationState;
  sittingId: SittingId;
  name: string;
  email: string;
  phone: string;
  partyAdults: number;
  partyChildren: number;
  selections: ChristmasSelections;
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
  totalPence: number;
  depositPence: number;
  utmSource: string | null;
  holderIp: string | null;
  /** When the hold ends; null once paid by a method still settling. */
  expiresAt: Date | null;
  stripeSessionId: string | null;
  paymentIntentId: string | null;
  amountPaidPence: number | null;
  cancelReason: OccasionCancelReason | null;
  refundId: string | null;
  /** The booking it became: the row itself, once paid and seated. */
  bookingId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Christmas Day's rows among the occasions'. */
export const isChristmasRow = eq(occasionBookings.occasionSlug, CHRISTMAS_OCCASION_SLUG);
/** Christmas Day's bookings: a checkout that became one (since cancelled or not), or one staff took. */
export const isChristmasBooking = and(
  isChristmasRow,
  inArray(occasionBookings.status, CHRISTMAS_BOOKING_STATUSES),
) as SQL;
/**
 * Christmas Day's checkouts: the rows paid (or to be paid) online, whether they became a booking or not; a booking
 * staff took never was one.
 */
export const isChristmasCheckout = and(isChristmasRow, eq(occasionBookings.source, 'online')) as SQL;

/** The rows of checkouts in one state, as Christmas has always named them. */
export function reservationIn(state: ReservationState): SQL {
  switch (state) {
    case 'PENDING':
      return and(eq(occasionBookings.status, 'HELD'), isNotNull(occasionBookings.holdExpiresAt)) as SQL;
    case 'PAID_AWAITING':
      return and(eq(occasionBookings.status, 'HELD'), isNull(occasionBookings.holdExpiresAt)) as SQL;
    case 'PAID_CONFIRMED':
      return and(isChristmasBooking, isChristmasCheckout) as SQL;
    case 'CANCELLED':
      return eq(occasionBookings.status, 'EXPIRED');
  }
}

function stateOf(row: OccasionRow): ReservationState {
  if (row.status === 'HELD') return row.holdExpiresAt ? 'PENDING' : 'PAID_AWAITING';
  return row.status === 'EXPIRED' ? 'CANCELLED' : 'PAID_CONFIRMED';
}

/** Diners in the order they were seated: "Guest 1" first. */
function inPlaceOrder(diners: readonly DinerRow[]): DinerRow[] {
  return [...diners].sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() || a.name.localeCompare(b.name, 'en', { numeric: true }),
  );
}

/** The dish counts of a party's diners, course by course in the order their dishes first appear. */
export function selectionsOf(diners: readonly DinerRow[]): ChristmasSelections {
  const selections = {} as ChristmasSelections;
  for (const course of COURSES) {
    const counts = new Map<string, number>();
    for (const diner of inPlaceOrder(diners)) {
      const item = diner.choices[course];
      if (item && item !== NO_DISH) counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    selections[course] = [...counts].map(([item, count]) => ({ item, count }));
  }
  return selections;
}

/**
 * A party's diners from its dish counts: place N has the Nth dish of each course in the counts' order, and
 * "none" for a starter or dessert nobody at that place has. No count is lost: there are as many places as the
 * party, or as the largest course if a stored order ever held more.
 */
export function placesFor(selections: ChristmasSelections, guests: number): Record<string, string>[] {
  const dishes = Object.fromEntries(
    COURSES.map((course) => [
      course,
      (selections[course] ?? []).flatMap(({ item, count }) => Array.from({ length: count }, () => item)),
    ]),
  ) as Record<(typeof COURSES)[number], string[]>;
  const places = Math.max(guests, ...COURSES.map((course) => dishes[course].length));
  return Array.from({ length: places }, (_, place) =>
    Object.fromEntries(COURSES.map((course) => [course, dishes[course][place] ?? NO_DISH])),
  );
}

async function writeDiners(
  db: Database,
  row: Pick<OccasionRow, 'id' | 'source'>,
  selections: ChristmasSelections,
  guests: number,
  now: Date,
): Promise<void> {
  await db.delete(occasionDiners).where(eq(occasionDiners.bookingId, row.id));
  const places = placesFor(selections, guests);
  if (places.length === 0) return;
  await db.insert(occasionDiners).values(
    places.map((choices, index) => {
      // A millisecond apart, so the places read back in their order.
      const seatedAt = new Date(now.getTime() + index + 1);
      return {
        bookingId: row.id,
        name: `Guest ${index + 1}`,
        choices,
        chosenBy: row.source === 'phone' ? ('staff' as const) : ('organiser' as const),
        createdAt: seatedAt,
        updatedAt: seatedAt,
      };
    }),
  );
}

async function dinersOf(db: Database, rows: readonly OccasionRow[]): Promise<Map<string, DinerRow[]>> {
  const byBooking = new Map<string, DinerRow[]>();
  if (rows.length === 0) return byBooking;
  const diners = await db
    .select()
    .from(occasionDiners)
    .where(
      inArray(
        occasionDiners.bookingId,
        rows.map((row) => row.id),
      ),
    );
  for (const diner of diners) {
    byBooking.set(diner.bookingId, [...(byBooking.get(diner.bookingId) ?? []), diner]);
  }
  return byBooking;
}

/** Rows with their diners, read in one query, in the shape `from` gives them. */
async function withDiners<Row>(
  db: Database,
  rows: readonly OccasionRow[],
  from: (row: OccasionRow, diners: readonly DinerRow[]) => Row,
): Promise<Row[]> {
  const diners = await dinersOf(db, rows);
  return rows.map((row) => from(row, diners.get(row.id) ?? []));
}

function bookingFrom(row: OccasionRow, diners: readonly DinerRow[]): ChristmasBookingRow {
  return {
    id: row.id,
    reference: row.reference,
    sittingId: row.sittingId as SittingId,
    sittingLabel: row.sittingLabel,
    name: row.name,
    email: row.email,
    phone: row.phone,
    partyAdults: row.partyAdults,
    partyChildren: row.partyChildren,
    partySize: row.partySize,
    status: row.status as ChristmasBookingStatus,
    selections: selectionsOf(diners),
    allergies: row.allergies,
    occasionNotes: row.occasionNotes,
    specialNotes: row.notes,
    totalPence: row.totalPence,
    depositPaidPence: row.paidPence,
    depositMethod: row.paymentMethod,
    source: row.source,
    reservationId: row.source === 'online' ? row.id : null,
    remindedAt: row.visitRemindedAt,
    comingConfirmedAt: row.comingConfirmedAt,
    cancelledBy: row.cancelledBy,
    refundPence: row.refundPence,
    refundId: row.refundId,
    tillRefundPence: row.tillRefundPence,
    madeBy: row.madeBy,
    changedBy: row.changedBy,
    anonymisedAt: row.anonymisedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function reservationFrom(row: OccasionRow, diners: readonly DinerRow[]): ReservationRow {
  const state = stateOf(row);
  return {
    id: row.id,
    pid: row.pid,
    state,
    sittingId: row.sittingId as SittingId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    partyAdults: row.partyAdults,
    partyChildren: row.partyChildren,
    selections: selectionsOf(diners),
    allergies: row.allergies,
    occasionNotes: row.occasionNotes,
    specialNotes: row.notes,
    totalPence: row.totalPence,
    depositPence: row.amountDuePence,
    utmSource: row.utmSource,
    holderIp: row.holderIp,
    expiresAt: row.holdExpiresAt,
    stripeSessionId: row.stripeSessionId,
    paymentIntentId: row.paymentIntentId,
    amountPaidPence: state === 'PENDING' && row.paidPence === 0 ? null : row.paidPence,
    cancelReason: row.cancelReason,
    refundId: row.refundId,
    bookingId: state === 'PAID_CONFIRMED' ? row.id : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

interface ReadOptions {
  orderBy?: SQL[];
  /** Locks the rows for the caller's transaction. */
  forUpdate?: boolean;
  limit?: number;
}

async function selectRows(
  db: Database,
  where: SQL | undefined,
  options: ReadOptions,
): Promise<OccasionRow[]> {
  const query = db
    .select()
    .from(occasionBookings)
    .where(and(isChristmasRow, where))
    .orderBy(...(options.orderBy ?? [asc(occasionBookings.createdAt), asc(occasionBookings.reference)]))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.forUpdate) query.for('update');
  return query;
}

/** Christmas bookings (confirmed or cancelled) matching `where`, a condition on `occasionBookings`. */
export async function selectChristmasBookings(
  db: Database,
  where?: SQL,
  options: ReadOptions = {},
): Promise<ChristmasBookingRow[]> {
  return withDiners(db, await selectRows(db, and(isChristmasBooking, where), options), bookingFrom);
}

export async function selectChristmasBooking(
  db: Database,
  where: SQL,
  options: Omit<ReadOptions, 'limit'> = {},
): Promise<ChristmasBookingRow | undefined> {
  const [row] = await selectChristmasBookings(db, where, { ...options, limit: 1 });
  return row;
}

/**
 * Christmas checkouts in any state matching `where`, a condition on `occasionBookings`: the guests' own, online;
 * a booking staff took never was one.
 */
export async function selectReservations(
  db: Database,
  where?: SQL,
  options: ReadOptions = {},
): Promise<ReservationRow[]> {
  return withDiners(db, await selectRows(db, and(isChristmasCheckout, where), options), reservationFrom);
}

export async function selectReservation(
  db: Database,
  where: SQL,
  options: Omit<ReadOptions, 'limit'> = {},
): Promise<ReservationRow | undefined> {
  const [row] = await selectReservations(db, where, { ...options, limit: 1 });
  return row;
}

const CHRISTMAS_REFERENCE = { prefix: 'XMAS', length: 4, what: 'Christmas' };

/**
 * A booking as staff take it, or as tests store one; `date` is the season's. Unless given, it is made now,
 * confirmed, with nothing paid and no notes.
 */
export type NewChristmasBooking = Pick<
  ChristmasBookingRow,
  | 'sittingId'
  | 'sittingLabel'
  | 'name'
  | 'email'
  | 'phone'
  | 'partyAdults'
  | 'partyChildren'
  | 'partySize'
  | 'selections'
  | 'totalPence'
  | 'source'
> &
  Partial<Omit<ChristmasBookingRow, 'id' | 'reference' | 'reservationId'>> & { date: string };

/** Stores a Christmas booking under a new short reference, with its dish counts as its diners. */
export async function insertChristmasBooking(
  db: Database,
  { date, ...values }: NewChristmasBooking,
): Promise<ChristmasBookingRow> {
  const createdAt = values.createdAt ?? new Date();
  const columns: Omit<typeof occasionBookings.$inferInsert, 'reference'> = {
    ...bookingColumns(values),
    occasionSlug: CHRISTMAS_OCCASION_SLUG,
    occasionName: CHRISTMAS_OCCASION_NAME,
    date,
    sittingId: values.sittingId,
    sittingLabel: values.sittingLabel,
    status: values.status ?? 'CONFIRMED',
    pid: newOccasionToken(),
    dinerToken: newOccasionToken(),
    name: values.name,
    email: values.email,
    phone: values.phone,
    partyAdults: values.partyAdults,
    partyChildren: values.partyChildren,
    partySize: values.partySize,
    totalPence: values.totalPence,
    paymentKind: 'deposit',
    amountDuePence: values.depositPaidPence ?? 0,
    source: values.source,
    lockedAt: createdAt,
    createdAt,
    updatedAt: values.updatedAt ?? createdAt,
  };
  const row = await insertWithReference(db, occasionBookings, columns, CHRISTMAS_REFERENCE);
  await writeDiners(db, row, values.selections, values.partySize, createdAt);
  return bookingFrom(row, await dinersOfOne(db, row.id));
}

/**
 * A checkout as the guest starts it, PENDING until its hold ends (or in another state, as tests store one);
 * `date` is the season's.
 */
export type NewReservation = Pick<
  ReservationRow,
  | 'pid'
  | 'sittingId'
  | 'name'
  | 'email'
  | 'phone'
  | 'partyAdults'
  | 'partyChildren'
  | 'selections'
  | 'totalPence'
  | 'depositPence'
> & { expiresAt: Date; sittingLabel: string; date: string } & Partial<
    Omit<ReservationRow, 'id' | 'bookingId' | 'expiresAt'>
  >;

export async function insertReservation(
  db: Database,
  { date, sittingLabel, ...values }: NewReservation,
): Promise<ReservationRow> {
  const createdAt = values.createdAt ?? new Date();
  const guests = values.partyAdults + values.partyChildren;
  const row = await insertWithReference(
    db,
    occasionBookings,
    {
      ...reservationColumns(values),
      occasionSlug: CHRISTMAS_OCCASION_SLUG,
      occasionName: CHRISTMAS_OCCASION_NAME,
      date,
      sittingId: values.sittingId,
      sittingLabel,
      status: 'HELD',
      holdExpiresAt: values.expiresAt,
      ...(values.state ? stateColumns(values.state, values.expiresAt) : {}),
      pid: values.pid,
      dinerToken: newOccasionToken(),
      name: values.name,
      email: values.email,
      phone: values.phone,
      partyAdults: values.partyAdults,
      partyChildren: values.partyChildren,
      partySize: guests,
      totalPence: values.totalPence,
      paymentKind: 'deposit',
      amountDuePence: values.depositPence,
      source: 'online',
      lockedAt: createdAt,
      createdAt,
      updatedAt: values.updatedAt ?? createdAt,
    },
    CHRISTMAS_REFERENCE,
  );
  await writeDiners(db, row, values.selections, guests, createdAt);
  return reservationFrom(row, await dinersOfOne(db, row.id));
}

async function dinersOfOne(db: Database, bookingId: string): Promise<DinerRow[]> {
  return db.select().from(occasionDiners).where(eq(occasionDiners.bookingId, bookingId));
}

type BookingPatch = Partial<Omit<ChristmasBookingRow, 'id' | 'reservationId'>>;

/** A Christmas booking's fields in the occasion's columns, for the ones given (diners aside). */
function bookingColumns(patch: BookingPatch): Omit<OccasionPatch, 'reference'> {
  const { selections: _diners, specialNotes, depositPaidPence, depositMethod, remindedAt, ...same } = patch;
  return {
    ...same,
    ...(specialNotes !== undefined ? { notes: specialNotes } : {}),
    ...(depositPaidPence !== undefined ? { paidPence: depositPaidPence } : {}),
    ...(depositMethod !== undefined ? { paymentMethod: depositMethod } : {}),
    ...(remindedAt !== undefined ? { visitRemindedAt: remindedAt } : {}),
  };
}

type ReservationPatch = Partial<Omit<ReservationRow, 'id' | 'pid' | 'bookingId'>>;

function stateColumns(state: ReservationState, expiresAt: Date | null | undefined): OccasionPatch {
  switch (state) {
    case 'PENDING':
      return { status: 'HELD', ...(expiresAt ? { holdExpiresAt: expiresAt } : {}) };
    case 'PAID_AWAITING':
      return { status: 'HELD', holdExpiresAt: null };
    case 'PAID_CONFIRMED':
      return { status: 'CONFIRMED', holdExpiresAt: null };
    case 'CANCELLED':
      return { status: 'EXPIRED' };
  }
}

function reservationColumns(patch: ReservationPatch): OccasionPatch {
  const {
    selections: _diners,
    state,
    specialNotes,
    depositPence,
    amountPaidPence,
    expiresAt,
    sittingId: _sitting,
    ...same
  } = patch;
  return {
    ...same,
    ...(expiresAt !== undefined ? { holdExpiresAt: expiresAt } : {}),
    ...(state ? stateColumns(state, expiresAt) : {}),
    ...(specialNotes !== undefined ? { notes: specialNotes } : {}),
    ...(depositPence !== undefined ? { amountDuePence: depositPence } : {}),
    ...(amountPaidPence !== undefined ? { paidPence: amountPaidPence ?? 0 } : {}),
  };
}

/** Changes the bookings matching `where` (a condition on `occasionBookings`); new dish counts replace the diners. */
export async function updateChristmasBookings(
  db: Database,
  where: SQL,
  patch: BookingPatch,
): Promise<ChristmasBookingRow[]> {
  const rows = await db
    .update(occasionBookings)
    .set(bookingColumns(patch))
    .where(and(isChristmasBooking, where))
    .returning();
  if (patch.selections) {
    for (const row of rows) {
      await writeDiners(db, row, patch.selections, row.partySize, patch.updatedAt ?? row.updatedAt);
    }
  }
  return withDiners(db, rows, bookingFrom);
}

export async function updateChristmasBooking(
  db: Database,
  id: string,
  patch: BookingPatch,
): Promise<ChristmasBookingRow | undefined> {
  const [row] = await updateChristmasBookings(db, eq(occasionBookings.id, id), patch);
  return row;
}

/** Changes the checkouts matching `where` (a condition on `occasionBookings`). */
export async function updateReservations(
  db: Database,
  where: SQL,
  patch: ReservationPatch,
): Promise<ReservationRow[]> {
  const rows = await db
    .update(occasionBookings)
    .set(reservationColumns(patch))
    .where(and(isChristmasCheckout, where))
    .returning();
  return withDiners(db, rows, reservationFrom);
}

/**
 * A paid checkout becomes its booking, in the same row: CONFIRMED, what was paid recorded, and made now (a
 * Christmas booking is made when it is paid). The hold's end is kept: the checkout's page still says it.
 */
export async function confirmReservation(
  db: Database,
  reservation: ReservationRow,
  payment: { paymentIntentId: string | null; amountPaidPence: number; sittingLabel: string; now: Date },
): Promise<ChristmasBookingRow> {
  const [row] = await db
    .update(occasionBookings)
    .set({
      status: 'CONFIRMED',
      cancelReason: null,
      paymentIntentId: payment.paymentIntentId,
      paidPence: payment.amountPaidPence,
      sittingLabel: payment.sittingLabel,
      createdAt: payment.now,
      updatedAt: payment.now,
    })
    .where(and(isChristmasRow, eq(occasionBookings.id, reservation.id)))
    .returning();
  if (!row) throw new Error(`Reservation ${reservation.id} vanished`);
  return bookingFrom(row, await dinersOfOne(db, row.id));
}

/** Guests per sitting of the bookings matching `where`. */
export function guestsPerSitting(db: Database, where: SQL) {
  return db
    .select({
      sittingId: occasionBookings.sittingId,
      guests: sql<number>`sum(${occasionBookings.partySize})`,
    })
    .from(occasionBookings)
    .where(and(isChristmasRow, where))
    .groupBy(occasionBookings.sittingId);
}
