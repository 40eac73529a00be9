import type { Database } from '../../src/db/client.ts';
import {
  bookingPayments,
  bookings,
  occasionBookings,
  occasionDiners,
  outboxMessages,
  voucherLedger,
  vouchers,
} from '../../src/db/schema.ts';
import { insertChristmasBooking } from '../../src/server/christmas/store.ts';
import { christmasVisitDate } from '../../src/server/privacy/visit-dates.ts';
import type { Service } from '../../src/shared/booking/rules.ts';
import type { BookingSource, BookingStatus } from '../../src/shared/booking/status.ts';
import type { FeeState, PaymentState, TopUpState } from '../../src/shared/deposits/payment.ts';
import { addDays } from '../../src/shared/time/london-time.ts';
import type { LedgerKind, VoucherStatus } from '../../src/shared/vouchers/status.ts';

/**
 * The reports' fixture (issue 32): 200 table bookings over three months made by a seeded loop (dates, services,
 * times, party sizes, statuses, who cancelled, sources, arrival marks, deposits and their refunds, keeps and
 * fees), a couple of dozen the year before for the comparison, two outside every period, occasion bookings
 * with diners, Christmas bookings (of both, some paid to staff and settled at the till), outbox rows and gift
 * vouchers with their ledgers. Written straight into the tables (Christmas's through its store, as rows of the
 * `christmas-day` occasion); the reports' tests hold the figures counted by hand from it.
 */

/** Three months: October to December 2026 (the clocks go back on 25 October; Christmas Day inside). */
export const REPORT_PERIOD = { from: '2026-10-01', to: '2026-12-31' } as const;
/** The same days 52 weeks before. */
export const LAST_YEAR_PERIOD = { from: '2025-10-02', to: '2026-01-01' } as const;

export interface FixturePayment {
  kind: 'deposit' | 'guarantee';
  state: PaymentState;
  paidPence: number;
  refund: { pence: number; state: 'owed' | 'refunded' } | null;
  kept: boolean;
  fee: { pence: number; state: FeeState } | null;
  topUp: { pence: number; state: TopUpState } | null;
}

export interface FixtureBooking {
  reference: string;
  date: string;
  service: Service;
  timeSlot: string;
  adults: number;
  children: number;
  status: BookingStatus;
  cancelledBy: 'guest' | 'staff' | null;
  source: BookingSource;
  arrival: 'seated' | 'arrived' | 'no-show' | null;
  payment: FixturePayment | null;
}

/** mulberry32: the same numbers on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (weighted.at(-1) as readonly [T, number])[0];
}

const LUNCH_TIMES = ['12:00', '12:30', '13:00', '13:30'] as const;
const DINNER_TIMES = ['18:00', '18:30', '19:00', '19:30', '20:00'] as const;

const SOURCES: readonly (readonly [BookingSource, number])[] = [
  ['online', 50],
  ['phone', 18],
  ['walk-in', 12],
  ['email', 6],
  ['enquiry', 4],
  ['standby', 10],
];

/** Every money story a booking's payment can have, each built for a party of `size`. */
const PAYMENT_STORIES: readonly ((size: number) => FixturePayment)[] = [
  (size) => deposit(size),
  (size) => ({ ...deposit(size), refund: { pence: size * 1000, state: 'refunded' } }),
  (size) => ({ ...deposit(size), refund: { pence: size * 1000, state: 'owed' } }),
  (size) => ({ ...deposit(size), kept: true }),
  (size) => ({ ...guarantee(), fee: { pence: size * 1500, state: 'charged' } }),
  (size) => ({ ...guarantee(), fee: { pence: size * 1500, state: 'failed' } }),
  (size) => ({ ...guarantee(), fee: { pence: size * 1500, state: 'charging' } }),
  () => guarantee(),
  () => ({ ...deposit(0), state: 'awaiting' }),
  // Paid after its hold lapsed and the places had gone: refunded in full.
  (size) => ({ ...deposit(size), state: 'lapsed', refund: { pence: size * 1000, state: 'refunded' } }),
  () => ({ ...deposit(0), state: 'waived' }),
  (size) => ({ ...deposit(size), topUp: { pence: 2000, state: 'refunded' } }),
  (size) => ({ ...deposit(size), topUp: { pence: 1500, state: 'refund-owed' } }),
  // A change's difference paid: the deposit now holds it.
  (size) => ({ ...deposit(size), paidPence: size * 1000 + 1000, topUp: { pence: 1000, state: 'paid' } }),
];

function deposit(size: number): FixturePayment {
  return {
    kind: 'deposit',
    state: 'paid',
    paidPence: size * 1000,
    refund: null,
    kept: false,
    fee: null,
    topUp: null,
  };
}

function guarantee(): FixturePayment {
  return {
    kind: 'guarantee',
    state: 'card-held',
    paidPence: 0,
    refund: null,
    kept: false,
    fee: null,
    topUp: null,
  };
}

function generateBookings(prefix: string, from: string, days: number, count: number, seed: number) {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, index): FixtureBooking => {
    let date = addDays(from, Math.floor(random() * days));
    if (date.endsWith('-12-25')) date = addDays(date, -1);
    const service: Service = random() < 0.4 ? 'lunch' : 'dinner';
    const times = service === 'lunch' ? LUNCH_TIMES : DINNER_TIMES;
    const timeSlot = times[Math.floor(random() * times.length)] as string;
    const adults = pick(random, [
      [1, 8],
      [2, 40],
      [3, 12],
      [4, 18],
      [5, 6],
      [6, 7],
      [7, 3],
      [8, 3],
      [10, 3],
    ]);
    const children = adults >= 2 && random() < 0.2 ? 1 + Math.floor(random() * 2) : 0;
    const source = pick(random, SOURCES);
    const status = pick<BookingStatus>(random, [
      ['CONFIRMED', 80],
      ['PENDING', 5],
      ['CANCELLED', 15],
    ]);
    const cancelledBy =
      status === 'CANCELLED'
        ? pick<FixtureBooking['cancelledBy']>(random, [
            ['guest', 6],
            ['staff', 3],
            [null, 1],
          ])
        : null;
    const arrival = pick<FixtureBooking['arrival']>(random, [
      ['seated', 55],
      ['arrived', 20],
      ['no-show', 10],
      [null, 15],
    ]);
    const story =
      random() < 0.35 ? PAYMENT_STORIES[Math.floor(random() * PAYMENT_STORIES.length)] : undefined;
    return {
      reference: `${prefix}-${String(index + 1).padStart(3, '0')}`,
      date,
      service,
      timeSlot,
      adults,
      children,
      status,
      cancelledBy,
      source,
      arrival,
      payment: story ? story(adults + children) : null,
    };
  });
}

/** The three months' 200 bookings. */
export const PERIOD_BOOKINGS: readonly FixtureBooking[] = generateBookings(
  'RP',
  REPORT_PERIOD.from,
  92,
  200,
  32,
);
/** The same three months a year before: fewer, for the comparison. */
export const LAST_YEAR_BOOKINGS: readonly FixtureBooking[] = generateBookings(
  'RY',
  LAST_YEAR_PERIOD.from,
  90,
  24,
  2025,
);

const outside = (reference: string, date: string): FixtureBooking => ({
  reference,
  date,
  service: 'dinner',
  timeSlot: '19:00',
  adults: 4,
  children: 0,
  status: 'CONFIRMED',
  cancelledBy: null,
  source: 'online',
  arrival: 'seated',
  payment: deposit(4),
});

/** The day before the period (inside the week-before comparison's) and the day after it. */
export const BOOKINGS_OUTSIDE: readonly FixtureBooking[] = [
  outside('RO-001', '2026-09-30'),
  outside('RO-002', '2027-01-01'),
];

export interface FixtureOccasionBooking {
  slug: string;
  name: string;
  date: string;
  status: 'HELD' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED';
  partySize: number;
  paidPence: number;
  refund: { pence: number; made: boolean } | null;
  /** How many of the party have chosen. */
  diners: number;
  /** Booked by phone and paid in cash; once cancelled, what staff recorded giving back at the till (0: kept). */
  tillRefundPence?: number;
}

export const OCCASION_BOOKINGS: readonly FixtureOccasionBooking[] = [
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2026-12-11',
    status: 'CONFIRMED',
    partySize: 8,
    paidPence: 8000,
    refund: null,
    diners: 8,
  },
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2026-12-11',
    status: 'CONFIRMED',
    partySize: 6,
    paidPence: 6000,
    refund: null,
    diners: 2,
  },
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2026-12-18',
    status: 'CONFIRMED',
    partySize: 10,
    paidPence: 10000,
    refund: null,
    diners: 0,
  },
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2026-12-18',
    status: 'CANCELLED',
    partySize: 4,
    paidPence: 4000,
    refund: { pence: 4000, made: true },
    diners: 1,
  },
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2026-12-19',
    status: 'CANCELLED',
    partySize: 5,
    paidPence: 5000,
    refund: { pence: 5000, made: false },
    diners: 0,
  },
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2026-12-19',
    status: 'HELD',
    partySize: 6,
    paidPence: 0,
    refund: null,
    diners: 0,
  },
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2026-12-19',
    status: 'EXPIRED',
    partySize: 3,
    paidPence: 0,
    refund: null,
    diners: 0,
  },
  // A later booking after the occasion was renamed: the report names it so.
  {
    slug: 'christmas-party-nights',
    name: 'Festive Party Nights',
    date: '2026-12-20',
    status: 'CONFIRMED',
    partySize: 2,
    paidPence: 2000,
    refund: null,
    diners: 1,
  },
  {
    slug: 'winter-supper-club',
    name: 'Winter Supper Club',
    date: '2026-11-20',
    status: 'CONFIRMED',
    partySize: 2,
    paidPence: 9000,
    refund: null,
    diners: 0,
  },
  {
    slug: 'winter-supper-club',
    name: 'Winter Supper Club',
    date: '2026-11-20',
    status: 'CONFIRMED',
    partySize: 4,
    paidPence: 18000,
    refund: null,
    diners: 0,
  },
  // Paid in cash by phone, then cancelled: £90 given back at the till, and £45 kept.
  {
    slug: 'winter-supper-club',
    name: 'Winter Supper Club',
    date: '2026-11-27',
    status: 'CANCELLED',
    partySize: 2,
    paidPence: 9000,
    refund: null,
    diners: 0,
    tillRefundPence: 9000,
  },
  {
    slug: 'winter-supper-club',
    name: 'Winter Supper Club',
    date: '2026-11-27',
    status: 'CANCELLED',
    partySize: 1,
    paidPence: 4500,
    refund: null,
    diners: 0,
    tillRefundPence: 0,
  },
  // Outside the period.
  {
    slug: 'winter-supper-club',
    name: 'Winter Supper Club',
    date: '2027-01-15',
    status: 'CONFIRMED',
    partySize: 4,
    paidPence: 18000,
    refund: null,
    diners: 0,
  },
  // The year before.
  {
    slug: 'christmas-party-nights',
    name: 'Christmas Party Nights',
    date: '2025-12-12',
    status: 'CONFIRMED',
    partySize: 7,
    paidPence: 7000,
    refund: null,
    diners: 7,
  },
];

export interface FixtureChristmasBooking {
  /** The fixture's name for it, in the guest's name and address: the store gives the booking its reference. */
  reference: string;
  /** Each is for the first Christmas Day on or after the day it was made, which the reports count by. */
  createdAt: string;
  status: 'CONFIRMED' | 'CANCELLED';
  partySize: number;
  depositPaidPence: number;
  refund: { pence: number; made: boolean } | null;
  /** Booked by phone, its deposit in cash; once cancelled, what staff recorded giving back at the till (0: kept). */
  tillRefundPence?: number;
}

export const CHRISTMAS_BOOKINGS: readonly FixtureChristmasBooking[] = [
  {
    reference: 'XM-001',
    createdAt: '2026-09-02T10:00:00Z',
    status: 'CONFIRMED',
    partySize: 4,
    depositPaidPence: 4000,
    refund: null,
  },
  {
    reference: 'XM-002',
    createdAt: '2026-10-15T10:00:00Z',
    status: 'CONFIRMED',
    partySize: 6,
    depositPaidPence: 6000,
    refund: null,
  },
  {
    reference: 'XM-003',
    createdAt: '2026-11-01T10:00:00Z',
    status: 'CANCELLED',
    partySize: 2,
    depositPaidPence: 2000,
    refund: { pence: 2000, made: true },
  },
  {
    reference: 'XM-004',
    createdAt: '2026-11-03T10:00:00Z',
    status: 'CANCELLED',
    partySize: 3,
    depositPaidPence: 3000,
    refund: { pence: 3000, made: false },
  },
  // Deposits taken in cash by phone, then cancelled: £40 given back at the till, and £30 kept.
  {
    reference: 'XM-008',
    createdAt: '2026-11-10T10:00:00Z',
    status: 'CANCELLED',
    partySize: 4,
    depositPaidPence: 4000,
    refund: null,
    tillRefundPence: 4000,
  },
  {
    reference: 'XM-009',
    createdAt: '2026-11-12T10:00:00Z',
    status: 'CANCELLED',
    partySize: 3,
    depositPaidPence: 3000,
    refund: null,
    tillRefundPence: 0,
  },
  // Made two days after Christmas 2025: for Christmas 2026.
  {
    reference: 'XM-005',
    createdAt: '2025-12-27T10:00:00Z',
    status: 'CONFIRMED',
    partySize: 2,
    depositPaidPence: 2000,
    refund: null,
  },
  // For Christmas 2025 (the year before).
  {
    reference: 'XM-006',
    createdAt: '2025-11-20T10:00:00Z',
    status: 'CONFIRMED',
    partySize: 5,
    depositPaidPence: 5000,
    refund: null,
  },
  {
    reference: 'XM-007',
    createdAt: '2025-12-25T18:00:00Z',
    status: 'CONFIRMED',
    partySize: 2,
    depositPaidPence: 0,
    refund: null,
  },
];

export interface FixtureMail {
  createdAt: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  sms?: boolean;
}

const mailOn = (createdAt: string, status: FixtureMail['status'], count: number): FixtureMail[] =>
  Array.from({ length: count }, () => ({ createdAt, status }));

export const OUTBOX_ROWS: readonly FixtureMail[] = [
  ...mailOn('2026-10-05T12:00:00Z', 'SENT', 12),
  ...mailOn('2026-11-14T09:30:00Z', 'SENT', 9),
  ...mailOn('2026-12-20T17:00:00Z', 'FAILED', 3),
  ...mailOn('2026-12-30T20:00:00Z', 'PENDING', 2),
  // 00:30 on 1 October in London (summer time): inside.
  { createdAt: '2026-09-30T23:30:00Z', status: 'FAILED' },
  // 23:59 on 30 September in London: outside.
  { createdAt: '2026-09-30T22:59:00Z', status: 'SENT' },
  // 23:59 on 31 December (winter time, London is UTC): inside; a minute later, outside.
  { createdAt: '2026-12-31T23:59:00Z', status: 'SENT' },
  { createdAt: '2027-01-01T00:00:00Z', status: 'PENDING' },
  // A text message is not an e-mail.
  { createdAt: '2026-11-14T19:00:00Z', status: 'SENT', sms: true },
  ...mailOn('2025-11-01T12:00:00Z', 'SENT', 5),
  { createdAt: '2025-12-01T12:00:00Z', status: 'FAILED' },
];

export interface FixtureVoucher {
  status: VoucherStatus;
  expiresOn: string;
  /** Its ledger, oldest first: each line's kind, instant, amount and the balance after it. */
  ledger: readonly (readonly [LedgerKind, string, number, number])[];
}

/** Gift vouchers: sold or given, used, voided, refunded, one past its last day, one on each side of a midnight. */
export const VOUCHERS: readonly FixtureVoucher[] = [
  // Sold in October, £30 used in November, the rest after the period.
  {
    status: 'ACTIVE',
    expiresOn: '2027-10-09',
    ledger: [
      ['sold', '2026-10-10T12:00:00Z', 5000, 5000],
      ['redeemed', '2026-11-05T13:00:00Z', 3000, 2000],
      ['redeemed', '2027-01-05T13:00:00Z', 2000, 0],
    ],
  },
  // 00:30 on 1 October in London (summer time): inside.
  { status: 'ACTIVE', expiresOn: '2027-09-30', ledger: [['sold', '2026-09-30T23:30:00Z', 2500, 2500]] },
  // 23:59 on 30 September in London: outside the period, inside the week before's.
  { status: 'ACTIVE', expiresOn: '2027-09-29', ledger: [['sold', '2026-09-30T22:59:00Z', 1000, 1000]] },
  // Given by staff on Christmas Eve; £5 taken at 23:59 on 31 December (winter time: London is UTC).
  {
    status: 'ACTIVE',
    expiresOn: '2027-12-23',
    ledger: [
      ['issued', '2026-12-24T10:00:00Z', 2000, 2000],
      ['redeemed', '2026-12-31T23:59:00Z', 500, 1500],
    ],
  },
  {
    status: 'VOID',
    expiresOn: '2027-10-19',
    ledger: [
      ['sold', '2026-10-20T12:00:00Z', 5000, 5000],
      ['voided', '2026-12-01T12:00:00Z', 5000, 0],
    ],
  },
  {
    status: 'REFUNDED',
    expiresOn: '2027-10-31',
    ledger: [
      ['sold', '2026-11-01T12:00:00Z', 2500, 2500],
      ['refunded', '2026-11-03T12:00:00Z', 2500, 0],
    ],
  },
  // Sold before the period, £10 taken in it.
  {
    status: 'ACTIVE',
    expiresOn: '2027-09-19',
    ledger: [
      ['sold', '2026-09-20T12:00:00Z', 4000, 4000],
      ['redeemed', '2026-10-02T12:00:00Z', 1000, 3000],
    ],
  },
  // The year before: £60 left when its last day passed, on 14 November 2026 (no ledger line says so).
  {
    status: 'ACTIVE',
    expiresOn: '2026-11-14',
    ledger: [
      ['sold', '2025-11-15T12:00:00Z', 10000, 10000],
      ['redeemed', '2025-12-20T12:00:00Z', 4000, 6000],
    ],
  },
  // Never paid: no ledger, nothing sold.
  { status: 'PENDING', expiresOn: '2027-11-30', ledger: [] },
];

const instantOf = (date: string) => new Date(`${date}T12:00:00Z`);

function bookingValues(booking: FixtureBooking): typeof bookings.$inferInsert {
  const visit = new Date(`${booking.date}T${booking.timeSlot}:00Z`);
  return {
    reference: booking.reference,
    date: booking.date,
    service: booking.service,
    timeSlot: booking.timeSlot,
    name: `Guest ${booking.reference}`,
    email: `${booking.reference.toLowerCase()}@example.com`,
    phone: '07700 900456',
    partyAdults: booking.adults,
    partyChildren: booking.children,
    status: booking.status,
    cancelledBy: booking.cancelledBy,
    source: booking.source,
    arrivedAt: booking.arrival === 'arrived' || booking.arrival === 'seated' ? visit : null,
    seatedAt: booking.arrival === 'seated' ? visit : null,
    noShowAt: booking.arrival === 'no-show' ? visit : null,
    createdAt: instantOf(addDays(booking.date, -10)),
  };
}

function paymentValues(bookingId: string, reference: string, payment: FixturePayment) {
  return {
    bookingId,
    pid: `pid-${reference}`,
    kind: payment.kind,
    state: payment.state,
    terms: {},
    paidPence: payment.paidPence,
    refundPence: payment.refund?.pence ?? null,
    refundState: payment.refund?.state ?? null,
    keptReason: payment.kept ? 'no-show' : null,
    keptBy: payment.kept ? 'A manager' : null,
    feePence: payment.fee?.pence ?? null,
    feeState: payment.fee?.state ?? null,
    topUpPid: payment.topUp ? `top-up-${reference}` : null,
    topUpPence: payment.topUp?.pence ?? null,
    topUpState: payment.topUp?.state ?? null,
  } satisfies typeof bookingPayments.$inferInsert;
}

/** Writes the whole fixture into `db`. */
export async function insertReportFixture(db: Database): Promise<void> {
  const tableBookings = [...PERIOD_BOOKINGS, ...LAST_YEAR_BOOKINGS, ...BOOKINGS_OUTSIDE];
  const stored = await db
    .insert(bookings)
    .values(tableBookings.map(bookingValues))
    .returning({ id: bookings.id, reference: bookings.reference });
  const idOf = new Map(stored.map((row) => [row.reference, row.id]));
  await db
    .insert(bookingPayments)
    .values(
      tableBookings.flatMap((booking) =>
        booking.payment
          ? [paymentValues(idOf.get(booking.reference) as string, booking.reference, booking.payment)]
          : [],
      ),
    );

  for (const [index, occasion] of OCCASION_BOOKINGS.entries()) {
    const reference = `OC-R${String(index + 1).padStart(3, '0')}`;
    const [row] = await db
      .insert(occasionBookings)
      .values({
        reference,
        occasionSlug: occasion.slug,
        occasionName: occasion.name,
        date: occasion.date,
        sittingId: 'evening',
        sittingLabel: '7pm',
        status: occasion.status,
        pid: `pid-${reference}`,
        name: `Organiser ${index + 1}`,
        email: `organiser${index + 1}@example.com`,
        phone: '07700 900456',
        partyAdults: occasion.partySize,
        partyChildren: 0,
        partySize: occasion.partySize,
        totalPence: occasion.paidPence * 4,
        paymentKind: 'deposit',
        amountDuePence: occasion.paidPence,
        paidPence: occasion.paidPence,
        paymentMethod: occasion.tillRefundPence === undefined ? null : 'cash',
        refundPence: occasion.refund?.pence ?? null,
        refundId: occasion.refund?.made ? `re_${reference}` : null,
        tillRefundPence: occasion.tillRefundPence ?? null,
        cancelledBy: occasion.status === 'CANCELLED' ? 'guest' : null,
        source: occasion.tillRefundPence === undefined ? 'online' : 'phone',
        dinerToken: `diners-${reference}`,
        createdAt: new Date(Date.UTC(2025, 8, 1) + index * 86_400_000),
      })
      .returning({ id: occasionBookings.id });
    if (occasion.diners > 0) {
      await db.insert(occasionDiners).values(
        Array.from({ length: occasion.diners }, (_, diner) => ({
          bookingId: row?.id as string,
          name: `Diner ${diner + 1}`,
          choices: { starters: 'soup' },
          chosenBy: diner === 0 ? ('organiser' as const) : ('diner' as const),
        })),
      );
    }
  }

  for (const booking of CHRISTMAS_BOOKINGS) {
    const createdAt = new Date(booking.createdAt);
    await insertChristmasBooking(db, {
      date: christmasVisitDate(createdAt),
      sittingId: 'xmas-early',
      sittingLabel: '12:00',
      name: `Guest ${booking.reference}`,
      email: `${booking.reference.toLowerCase()}@example.com`,
      phone: '07700 900456',
      partyAdults: booking.partySize,
      partyChildren: 0,
      partySize: booking.partySize,
      status: booking.status,
      selections: { starters: [], mains: [], desserts: [] },
      totalPence: booking.partySize * 8000,
      depositPaidPence: booking.depositPaidPence,
      depositMethod: booking.tillRefundPence === undefined ? null : 'cash',
      source: booking.tillRefundPence === undefined ? 'online' : 'phone',
      cancelledBy: booking.status === 'CANCELLED' ? 'guest' : null,
      refundPence: booking.refund?.pence ?? null,
      refundId: booking.refund?.made ? `re_${booking.reference}` : null,
      tillRefundPence: booking.tillRefundPence ?? null,
      createdAt,
    });
  }

  await db.insert(outboxMessages).values(
    OUTBOX_ROWS.map((mail, index) => ({
      kind: mail.sms ? 'queue-table-ready-sms' : 'table-booking',
      message: mail.sms
        ? { sms: { to: '+447700900456', body: 'Your table is ready' } }
        : { to: 'guest@example.com', subject: `Message ${index + 1}`, text: 'Hello' },
      status: mail.status,
      createdAt: new Date(mail.createdAt),
      // Far ahead: the app's sender leaves the waiting ones be while a suite runs.
      nextAttemptAt: new Date('2030-01-01T00:00:00Z'),
    })),
  );

  for (const [index, voucher] of VOUCHERS.entries()) {
    const [first] = voucher.ledger;
    const amountPence = first?.[2] ?? 5000;
    const [row] = await db
      .insert(vouchers)
      .values({
        code: `REPORTVOUCHER${String(index + 1).padStart(3, '0')}`,
        kind: first?.[0] === 'issued' ? 'complimentary' : 'sold',
        status: voucher.status,
        amountPence,
        balancePence: voucher.ledger.at(-1)?.[3] ?? amountPence,
        buyerName: `Buyer ${index + 1}`,
        buyerEmail: `buyer${index + 1}@example.com`,
        recipientName: `Recipient ${index + 1}`,
        deliverTo: 'buyer',
        deliverOn: first?.[1].slice(0, 10) ?? '2026-11-30',
        expiresOn: voucher.expiresOn,
        pid: `pid-voucher-${index + 1}`,
        createdAt: new Date(first?.[1] ?? '2026-11-30T12:00:00Z'),
      })
      .returning({ id: vouchers.id });
    if (voucher.ledger.length === 0) continue;
    await db.insert(voucherLedger).values(
      voucher.ledger.map(([kind, at, pence, balanceAfterPence]) => ({
        voucherId: row?.id as string,
        kind,
        amountPence: pence,
        balanceAfterPence,
        by: kind === 'sold' ? 'Guest' : 'A manager',
        createdAt: new Date(at),
      })),
    );
  }
}
