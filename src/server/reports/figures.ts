import { and, asc, between, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  bookingPayments,
  bookings,
  occasionBookings,
  occasionDiners,
  outboxMessages,
  voucherLedger,
  vouchers,
} from '#db/schema.ts';
import { SERVICES, type Service } from '#shared/booking/rules.ts';
import { BOOKING_SOURCES } from '#shared/booking/status.ts';
import { CHRISTMAS_OCCASION_NAME } from '#shared/christmas/ids.ts';
import {
  type BookingCount,
  PARTY_SIZE_BANDS,
  partySizeBand,
  type ReportFigures,
  type ReportService,
} from '#shared/reports/api.ts';
import { daysOf, type ReportPeriod } from '#shared/reports/period.ts';
import { addDays, londonInstant } from '#shared/time/london-time.ts';
import { isChristmasBooking } from '../christmas/store.ts';
import { isOccasionRow } from '../occasions/rows.ts';
import { christmasMadeBeforeVisitOn } from '../privacy/visit-dates.ts';

/**
 * The one set of queries behind every report figure (issue 32): six aggregates, one per kind of record, each
 * read in the caller's transaction. The field comments of `ReportFigures` (shared/reports/api.ts) say what each
 * figure counts.
 */

export interface FiguresScope extends ReportPeriod {
  service: ReportService;
  /** Occasions sold as tickets, with no dishes to choose: their places are left out of the pre-order figures. */
  ticketedOccasions: readonly string[];
}

const partySize = sql<number>`(${bookings.partyAdults} + ${bookings.partyChildren})`;
const standing = sql`${bookings.status} <> 'CANCELLED'`;
// A cancelled booking without `cancelled_by` predates its recording, or is a deposit hold that lapsed unpaid:
// neither was the guest's own choice, so it counts as cancelled by staff.
const cancelledByGuest = sql`${bookings.status} = 'CANCELLED' and ${bookings.cancelledBy} = 'guest'`;
const cancelledByStaff = sql`${bookings.status} = 'CANCELLED' and ${bookings.cancelledBy} is distinct from 'guest'`;
const seated = sql`${standing} and (${bookings.seatedAt} is not null or ${bookings.arrivedAt} is not null)`;
const noShow = sql`${standing} and ${bookings.noShowAt} is not null`;
const walkIn = sql`${bookings.source} = 'walk-in'`;

/** The bookings and covers among the group's rows that meet `condition`. */
function tally(condition: SQL) {
  return {
    bookings: sql<number>`(count(*) filter (where ${condition}))::int`,
    covers: sql<number>`coalesce(sum(${partySize}) filter (where ${condition}), 0)::int`,
  };
}

/** Table bookings of the period's visit dates, of one service or all. */
function bookingsInScope(scope: FiguresScope): SQL | undefined {
  return and(
    between(bookings.date, scope.from, scope.to),
    scope.service === 'all' ? undefined : eq(bookings.service, scope.service),
  );
}

/**
 * One pass over the table bookings, grouped five ways at once: the whole period (the status counts), and the
 * standing bookings per day, per source, per party size and per slot.
 */
function bookingGroups(db: Database, scope: FiguresScope) {
  return db
    .select({
      date: bookings.date,
      source: bookings.source,
      partySize,
      service: bookings.service,
      time: bookings.timeSlot,
      perDay: sql<boolean>`grouping(${bookings.date}) = 0`,
      perSource: sql<boolean>`grouping(${bookings.source}) = 0`,
      perPartySize: sql<boolean>`grouping(${partySize}) = 0`,
      perSlot: sql<boolean>`grouping(${bookings.service}, ${bookings.timeSlot}) = 0`,
      booked: tally(sql`true`),
      standing: tally(standing),
      seated: tally(seated),
      cancelledByGuest: tally(cancelledByGuest),
      cancelledByStaff: tally(cancelledByStaff),
      noShow: tally(noShow),
      walkIns: tally(walkIn),
    })
    .from(bookings)
    .where(bookingsInScope(scope))
    .groupBy(
      sql`grouping sets ((), (${bookings.date}), (${bookings.source}), (${partySize}), (${bookings.service}, ${bookings.timeSlot}))`,
    );
}

type BookingGroup = Awaited<ReturnType<typeof bookingGroups>>[number];

const NO_BOOKINGS: BookingCount = { bookings: 0, covers: 0 };

function bookingFigures(scope: FiguresScope, groups: readonly BookingGroup[]) {
  const whole = groups.find(
    (group) => !group.perDay && !group.perSource && !group.perPartySize && !group.perSlot,
  );
  const perDay = new Map(groups.filter((group) => group.perDay).map((group) => [group.date, group.standing]));
  const perSource = new Map(
    groups.filter((group) => group.perSource).map((group) => [group.source, group.standing]),
  );
  const perBand = new Map(PARTY_SIZE_BANDS.map((band) => [band, 0]));
  for (const group of groups.filter((row) => row.perPartySize)) {
    const band = partySizeBand(group.partySize);
    perBand.set(band, (perBand.get(band) ?? 0) + group.standing.bookings);
  }
  const serviceOrder = (service: Service) => SERVICES.indexOf(service);
  const busiestSlots = groups
    .filter((group) => group.perSlot && group.standing.bookings > 0)
    .map((group) => ({
      service: group.service,
      time: group.time,
      covers: group.standing.covers,
      bookings: group.standing.bookings,
    }))
    .sort(
      (a, b) =>
        b.covers - a.covers ||
        serviceOrder(a.service) - serviceOrder(b.service) ||
        a.time.localeCompare(b.time),
    );
  return {
    bookings: {
      booked: whole?.booked ?? NO_BOOKINGS,
      seated: whole?.seated ?? NO_BOOKINGS,
      cancelledByGuest: whole?.cancelledByGuest ?? NO_BOOKINGS,
      cancelledByStaff: whole?.cancelledByStaff ?? NO_BOOKINGS,
      noShow: whole?.noShow ?? NO_BOOKINGS,
      walkIns: whole?.walkIns ?? NO_BOOKINGS,
    },
    byDay: daysOf(scope).map((date) => ({ date, ...(perDay.get(date) ?? NO_BOOKINGS) })),
    bySource: BOOKING_SOURCES.map((source) => ({
      source,
      ...(perSource.get(source) ?? NO_BOOKINGS),
    })),
    partySizes: PARTY_SIZE_BANDS.map((band) => ({ band, bookings: perBand.get(band) ?? 0 })),
    busiestSlots,
  };
}

/**
 * The money of the table bookings in scope, moved as Stripe moved it: what was paid (a deposit, its paid
 * difference, or a payment that came after its hold had lapsed), refunds made (not those still owed), deposits
 * kept, and no-show fees charged (not those being charged or failed).
 */
async function depositFigures(db: Database, scope: FiguresScope): Promise<ReportFigures['deposits']> {
  const topUpBack = sql`${bookingPayments.topUpState} in ('refund-owed', 'refunded')`;
  const [row] = await db
    .select({
      takenPence: sql<number>`coalesce(sum(${bookingPayments.paidPence} + case when ${topUpBack} then coalesce(${bookingPayments.topUpPence}, 0) else 0 end), 0)::int`,
      refundedPence: sql<number>`coalesce(sum(
        case when ${bookingPayments.refundState} = 'refunded' then coalesce(${bookingPayments.refundPence}, 0) else 0 end
        + case when ${bookingPayments.topUpState} = 'refunded' then coalesce(${bookingPayments.topUpPence}, 0) else 0 end
      ), 0)::int`,
      keptPence: sql<number>`coalesce(sum(${bookingPayments.paidPence}) filter (where ${bookingPayments.keptReason} is not null), 0)::int`,
      noShowFeesPence: sql<number>`coalesce(sum(${bookingPayments.feePence}) filter (where ${bookingPayments.feeState} = 'charged'), 0)::int`,
    })
    .from(bookingPayments)
    .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .where(bookingsInScope(scope));
  return row ?? { takenPence: 0, refundedPence: 0, keptPence: 0, noShowFeesPence: 0 };
}

type OccasionFigures = ReportFigures['occasions'][number];

/**
 * What went back of an occasion's (or Christmas Day's) money: refunds the provider made (not those still owed),
 * and money staff took that they recorded given back at the till (decision 051; kept is 0, unrecorded null).
 */
const occasionRefundedPence = sql<number>`(
  coalesce(sum(${occasionBookings.refundPence}) filter (where ${occasionBookings.refundId} is not null), 0)
  + coalesce(sum(${occasionBookings.tillRefundPence}), 0)
)::int`;

/**
 * The occasions with bookings on the period's dates: sales are the confirmed bookings; money counts every
 * booking that took any (a cancelled one's payment and its refund made); a held or expired checkout sold nothing.
 */
async function occasionFigures(db: Database, scope: FiguresScope): Promise<OccasionFigures[]> {
  const diners = db
    .select({ bookingId: occasionDiners.bookingId, chosen: sql<number>`count(*)::int`.as('chosen') })
    .from(occasionDiners)
    .groupBy(occasionDiners.bookingId)
    .as('diners');
  const confirmed = sql`${occasionBookings.status} = 'CONFIRMED'`;
  const preOrdered = and(confirmed, notInArray(occasionBookings.occasionSlug, [...scope.ticketedOccasions]));
  return db
    .select({
      // A renamed occasion keeps its bookings together under its latest name.
      name: sql<string>`(array_agg(${occasionBookings.occasionName} order by ${occasionBookings.createdAt} desc))[1]`,
      bookings: sql<number>`(count(*) filter (where ${confirmed}))::int`,
      covers: sql<number>`coalesce(sum(${occasionBookings.partySize}) filter (where ${confirmed}), 0)::int`,
      paidPence: sql<number>`coalesce(sum(${occasionBookings.paidPence}), 0)::int`,
      refundedPence: occasionRefundedPence,
      dinersChosen: sql<number>`coalesce(sum(least(coalesce(${diners.chosen}, 0), ${occasionBookings.partySize})) filter (where ${preOrdered}), 0)::int`,
      places: sql<number>`coalesce(sum(${occasionBookings.partySize}) filter (where ${preOrdered}), 0)::int`,
    })
    .from(occasionBookings)
    .leftJoin(diners, eq(diners.bookingId, occasionBookings.id))
    .where(
      and(
        // Christmas Day's bookings share the table (decision 049): christmasFigures counts them.
        isOccasionRow,
        between(occasionBookings.date, scope.from, scope.to),
        inArray(occasionBookings.status, ['CONFIRMED', 'CANCELLED']),
      ),
    )
    .groupBy(occasionBookings.occasionSlug);
}

/**
 * Christmas Day as one more occasion, when the period holds a 25 December: its bookings are those made for it
 * (`christmasMadeBeforeVisitOn`); its checkouts that never became a booking sold nothing. Every Christmas
 * diner's dishes are chosen as they book.
 */
async function christmasFigures(db: Database, scope: FiguresScope): Promise<OccasionFigures | null> {
  const confirmed = sql`${occasionBookings.status} = 'CONFIRMED'`;
  const confirmedCovers = sql<number>`coalesce(sum(${occasionBookings.partySize}) filter (where ${confirmed}), 0)::int`;
  const [row] = await db
    .select({
      made: sql<number>`count(*)::int`,
      bookings: sql<number>`(count(*) filter (where ${confirmed}))::int`,
      covers: confirmedCovers,
      paidPence: sql<number>`coalesce(sum(${occasionBookings.paidPence}), 0)::int`,
      refundedPence: occasionRefundedPence,
      dinersChosen: confirmedCovers,
      places: confirmedCovers,
    })
    .from(occasionBookings)
    .where(
      and(
        isChristmasBooking,
        gte(occasionBookings.createdAt, christmasMadeBeforeVisitOn(addDays(scope.from, -1))),
        lt(occasionBookings.createdAt, christmasMadeBeforeVisitOn(scope.to)),
      ),
    );
  if (!row || row.made === 0) return null;
  const { made, ...figures } = row;
  return { name: CHRISTMAS_OCCASION_NAME, ...figures };
}

/** The period's London days as instants: from the first's midnight to the midnight after the last. */
const periodStart = (scope: FiguresScope) => londonInstant(scope.from, '00:00');
const periodEnd = (scope: FiguresScope) => londonInstant(addDays(scope.to, 1), '00:00');

/** E-mails queued on the period's London days, as they stand; text messages are not e-mails. */
async function emailFigures(db: Database, scope: FiguresScope): Promise<ReportFigures['emails']> {
  const counted = (status: string) =>
    sql<number>`(count(*) filter (where ${outboxMessages.status} = ${status}))::int`;
  const [row] = await db
    .select({ sent: counted('SENT'), pending: counted('PENDING'), failed: counted('FAILED') })
    .from(outboxMessages)
    .where(
      and(
        gte(outboxMessages.createdAt, periodStart(scope)),
        lt(outboxMessages.createdAt, periodEnd(scope)),
        sql`${outboxMessages.message} -> 'sms' is null`,
      ),
    );
  return row ?? { sent: 0, pending: 0, failed: 0 };
}

/**
 * The vouchers' money, from their ledgers: the lines of the period's London days by kind, and what was still owed
 * as the period ended, each voucher's balance after its last line before then (a void, refunded or expired one's
 * is 0), those past their last day left out.
 */
async function voucherFigures(db: Database, scope: FiguresScope): Promise<ReportFigures['vouchers']> {
  const moved = (kind: 'sold' | 'issued' | 'redeemed') =>
    sql<number>`coalesce(sum(${voucherLedger.amountPence}) filter (where ${voucherLedger.kind} = ${kind}), 0)::int`;
  const [period] = await db
    .select({ soldPence: moved('sold'), issuedPence: moved('issued'), redeemedPence: moved('redeemed') })
    .from(voucherLedger)
    .where(
      and(gte(voucherLedger.createdAt, periodStart(scope)), lt(voucherLedger.createdAt, periodEnd(scope))),
    );
  // A voucher's lines of one instant go by the balance after them, which only falls after its first.
  const balances = db
    .selectDistinctOn([voucherLedger.voucherId], {
      voucherId: voucherLedger.voucherId,
      balancePence: voucherLedger.balanceAfterPence,
    })
    .from(voucherLedger)
    .where(lt(voucherLedger.createdAt, periodEnd(scope)))
    .orderBy(voucherLedger.voucherId, desc(voucherLedger.createdAt), asc(voucherLedger.balanceAfterPence))
    .as('balances');
  const [owed] = await db
    .select({ outstandingPence: sql<number>`coalesce(sum(${balances.balancePence}), 0)::int` })
    .from(balances)
    .innerJoin(vouchers, eq(vouchers.id, balances.voucherId))
    .where(gte(vouchers.expiresOn, scope.to));
  return {
    soldPence: period?.soldPence ?? 0,
    issuedPence: period?.issuedPence ?? 0,
    redeemedPence: period?.redeemedPence ?? 0,
    outstandingPence: owed?.outstandingPence ?? 0,
  };
}

/** Every figure of one period; run it in one transaction with the compared period's for one snapshot. */
export async function reportFigures(db: Database, scope: FiguresScope): Promise<ReportFigures> {
  const groups = await bookingGroups(db, scope);
  const deposits = await depositFigures(db, scope);
  const occasions = await occasionFigures(db, scope);
  const christmas = await christmasFigures(db, scope);
  const emails = await emailFigures(db, scope);
  const voucherMoney = await voucherFigures(db, scope);
  return {
    from: scope.from,
    to: scope.to,
    ...bookingFigures(scope, groups),
    deposits,
    occasions: [...occasions, ...(christmas ? [christmas] : [])].sort((a, b) => a.name.localeCompare(b.name)),
    emails,
    vouchers: voucherMoney,
  };
}
