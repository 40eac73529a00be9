import { asc, eq, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_NAME } from '#shared/privacy/guest-query.ts';
import {
  databaseAtRelease,
  selectChristmasBookings,
  selectReservations,
} from '#tests/helpers/previous-release.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import type { Database, DatabaseHandle } from './client.ts';
import { auditEvents, manageLinks, occasionBookings, occasionClosures, occasionDiners } from './schema.ts';

const MARGARET = '00000000-0000-4000-8000-0000000000b1';
const ARTHUR = '00000000-0000-4000-8000-0000000000b2';
const EDITH = '00000000-0000-4000-8000-0000000000b3';
const CORA = '00000000-0000-4000-8000-0000000000b4';
const ANONYMISED = '00000000-0000-4000-8000-0000000000b5';
const LAST_SEASON = '00000000-0000-4000-8000-0000000000b6';
const MARGARET_CHECKOUT = '00000000-0000-4000-8000-0000000000c1';
const EDITH_CHECKOUT = '00000000-0000-4000-8000-0000000000c3';
const ANONYMISED_CHECKOUT = '00000000-0000-4000-8000-0000000000c5';
const VIOLET_PENDING = '00000000-0000-4000-8000-0000000000c6';
const TOM_AWAITING = '00000000-0000-4000-8000-0000000000c7';
const SYBIL_UNSEATABLE = '00000000-0000-4000-8000-0000000000c8';
const MATTHEW_EXPIRED = '00000000-0000-4000-8000-0000000000c9';
const LATE_FULL = '00000000-0000-4000-8000-0000000000d1';
const LATE_SHORT_STAFFED = '00000000-0000-4000-8000-0000000000d2';
const EARLY_PRIVATE = '00000000-0000-4000-8000-0000000000d3';
const EARLY_LAST_SEASON = '00000000-0000-4000-8000-0000000000d4';

const two = (starter: string, main: string, dessert: string) => ({
  starters: [{ item: starter, count: 2 }],
  mains: [{ item: main, count: 2 }],
  desserts: [{ item: dessert, count: 2 }],
});
/** Four guests, two of them without a starter, two sharing the cheese board. */
const MARGARET_ORDER = {
  starters: [{ item: 'parsnip-soup', count: 2 }],
  mains: [
    { item: 'roast-turkey', count: 3 },
    { item: 'sea-bass', count: 1 },
  ],
  desserts: [
    { item: 'christmas-pudding', count: 2 },
    { item: 'cheese-board', count: 2 },
  ],
};
const EDITH_ORDER = two('smoked-salmon', 'lamb-shank', 'mulled-pear');
const ARTHUR_ORDER = two('prawn-cocktail', 'sirloin-of-beef', 'sticky-toffee-pudding');
const CORA_ORDER = {
  starters: [{ item: 'goats-cheese-tart', count: 3 }],
  mains: [{ item: 'chestnut-wellington', count: 3 }],
  desserts: [{ item: 'chocolate-yule-log', count: 3 }],
};
const LAST_SEASON_ORDER = two('parsnip-soup', 'roast-turkey', 'christmas-pudding');
const ANONYMISED_ORDER = two('chicken-liver-parfait', 'roast-turkey', 'baileys-creme-brulee');
const VIOLET_ORDER = {
  starters: [{ item: 'parsnip-soup', count: 3 }],
  mains: [{ item: 'roast-turkey', count: 3 }],
  desserts: [{ item: 'christmas-pudding', count: 3 }],
};
const TOM_ORDER = {
  starters: [{ item: 'prawn-cocktail', count: 4 }],
  mains: [{ item: 'sirloin-of-beef', count: 4 }],
  desserts: [{ item: 'cheese-board', count: 4 }],
};
const SYBIL_ORDER = {
  starters: [{ item: 'smoked-salmon', count: 3 }],
  mains: [{ item: 'sea-bass', count: 3 }],
  desserts: [{ item: 'mulled-pear', count: 3 }],
};
const MATTHEW_ORDER = two('parsnip-soup', 'roast-turkey', 'christmas-pudding');

const season = (year: number) => ({
  year,
  date: `${year}-12-25`,
  sittings: [
    { id: 'xmas-early', start: '12:00', end: '14:00', capacity: 30 },
    { id: 'xmas-late', start: '14:30', end: '16:30', capacity: 32 },
  ],
  prices: { adult: 95, child: 50, depositPerGuest: 25, cheeseBoardSupplement: 10 },
  onlineCutoff: `${year}-12-23T23:59`,
});

const booking = {
  allergies: '',
  occasion_notes: '',
  special_notes: '',
  reservation_id: null,
  reminded_at: null,
  coming_confirmed_at: null,
  cancelled_by: null,
  refund_pence: null,
  refund_id: null,
  made_by: null,
  changed_by: null,
  anonymised_at: null,
  deposit_method: null,
};

/** Christmas Day as the previous release kept it: every kind of booking, checkout and closure. */
const christmasBookings = [
  {
    ...booking,
    id: MARGARET,
    reference: 'XMAS-MG42',
    sitting_id: 'xmas-early',
    sitting_label: '12pm–2pm',
    name: 'Margaret Ellis',
    email: 'Margaret.Ellis@example.com',
    phone: '07700 900123',
    party_adults: 3,
    party_children: 1,
    party_size: 4,
    status: 'CONFIRMED',
    selections: MARGARET_ORDER,
    allergies: 'Coeliac: one of us eats no gluten',
    occasion_notes: 'Grandma’s 90th',
    special_notes: 'A high chair, please',
    total_pence: 35500,
    deposit_paid_pence: 10000,
    source: 'online',
    reservation_id: MARGARET_CHECKOUT,
    reminded_at: '2026-12-23T10:00:00Z',
    coming_confirmed_at: '2026-12-23T11:12:00Z',
    created_at: '2026-11-02T10:06:00Z',
    updated_at: '2026-12-23T11:12:00Z',
  },
  {
    ...booking,
    id: ARTHUR,
    reference: 'XMAS-AP07',
    sitting_id: 'xmas-late',
    sitting_label: '2:30pm–4:30pm',
    name: 'Arthur Pennington',
    email: 'arthur@example.com',
    phone: '0118 496 0555',
    party_adults: 2,
    party_children: 0,
    party_size: 2,
    status: 'CONFIRMED',
    selections: ARTHUR_ORDER,
    special_notes: 'By the fire',
    total_pence: 19000,
    deposit_paid_pence: 5000,
    deposit_method: 'card-by-phone',
    source: 'phone',
    made_by: 'Sam Carter',
    changed_by: 'Jo Baker',
    created_at: '2026-11-03T14:00:00Z',
    updated_at: '2026-11-10T09:30:00Z',
  },
  {
    ...booking,
    id: EDITH,
    reference: 'XMAS-EC19',
    sitting_id: 'xmas-late',
    sitting_label: '2:30pm–4:30pm',
    name: 'Edith Crawley',
    email: 'edith@example.com',
    phone: '07700 900556',
    party_adults: 2,
    party_children: 0,
    party_size: 2,
    status: 'CANCELLED',
    selections: EDITH_ORDER,
    total_pence: 19000,
    deposit_paid_pence: 5000,
    source: 'online',
    reservation_id: EDITH_CHECKOUT,
    cancelled_by: 'guest',
    refund_pence: 5000,
    refund_id: 're_3EdithRefund',
    changed_by: 'Guest',
    created_at: '2026-11-04T08:01:00Z',
    updated_at: '2026-11-20T19:45:00Z',
  },
  {
    ...booking,
    id: CORA,
    reference: 'XMAS-CG88',
    sitting_id: 'xmas-early',
    sitting_label: '12pm–2pm',
    name: 'Cora Grantham',
    email: 'cora@example.com',
    phone: '0118 496 0777',
    party_adults: 3,
    party_children: 0,
    party_size: 3,
    status: 'CANCELLED',
    selections: CORA_ORDER,
    allergies: 'Nuts',
    total_pence: 28500,
    deposit_paid_pence: 7500,
    deposit_method: 'cash',
    source: 'phone',
    cancelled_by: 'staff',
    refund_pence: 7500,
    made_by: 'Sam Carter',
    changed_by: 'Jo Baker',
    created_at: '2026-11-05T12:00:00Z',
    updated_at: '2026-11-25T16:00:00Z',
  },
  {
    ...booking,
    id: ANONYMISED,
    reference: 'XMAS-AN01',
    sitting_id: 'xmas-early',
    sitting_label: '12pm–2pm',
    name: ANONYMISED_NAME,
    email: '',
    phone: '',
    party_adults: 2,
    party_children: 0,
    party_size: 2,
    status: 'CONFIRMED',
    selections: ANONYMISED_ORDER,
    total_pence: 19000,
    deposit_paid_pence: 5000,
    source: 'online',
    reservation_id: ANONYMISED_CHECKOUT,
    anonymised_at: '2026-11-30T03:00:00Z',
    created_at: '2026-11-06T09:10:00Z',
    updated_at: '2026-11-30T03:00:00Z',
  },
  {
    ...booking,
    id: LAST_SEASON,
    reference: 'XMAS-LS25',
    sitting_id: 'xmas-early',
    sitting_label: '12pm–2pm',
    name: 'Rose MacClare',
    email: 'rose@example.com',
    phone: '07700 900222',
    party_adults: 2,
    party_children: 0,
    party_size: 2,
    status: 'CONFIRMED',
    selections: LAST_SEASON_ORDER,
    total_pence: 18000,
    deposit_method: 'waived',
    source: 'phone',
    made_by: 'Sam Carter',
    reminded_at: '2025-12-23T10:00:00Z',
    created_at: '2025-11-12T11:00:00Z',
    updated_at: '2025-12-23T10:00:00Z',
  },
];

const checkout = {
  allergies: '',
  occasion_notes: '',
  special_notes: '',
  utm_source: null,
  holder_ip: null,
  stripe_session_id: null,
  payment_intent_id: null,
  amount_paid_pence: null,
  cancel_reason: null,
  refund_id: null,
  booking_id: null,
};

const christmasReservations = [
  {
    ...checkout,
    id: MARGARET_CHECKOUT,
    pid: 'pid-margaret-7f3a9c2e41d84b6f',
    state: 'PAID_CONFIRMED',
    sitting_id: 'xmas-early',
    name: 'Margaret Ellis',
    email: 'Margaret.Ellis@example.com',
    phone: '07700 900123',
    party_adults: 3,
    party_children: 1,
    selections: MARGARET_ORDER,
    allergies: 'Coeliac: one of us eats no gluten',
    occasion_notes: 'Grandma’s 90th',
    special_notes: 'A high chair, please',
    total_pence: 35500,
    deposit_pence: 10000,
    utm_source: 'facebook',
    holder_ip: '203.0.113.7',
    expires_at: '2026-11-02T10:35:00Z',
    stripe_session_id: 'cs_test_margaret',
    payment_intent_id: 'pi_margaret',
    amount_paid_pence: 10000,
    booking_id: MARGARET,
    created_at: '2026-11-02T10:05:00Z',
    updated_at: '2026-11-02T10:06:00Z',
  },
  {
    ...checkout,
    id: EDITH_CHECKOUT,
    pid: 'pid-edith-0b1c2d3e4f5a6b7c',
    state: 'PAID_CONFIRMED',
    sitting_id: 'xmas-late',
    name: 'Edith Crawley',
    email: 'edith@example.com',
    phone: '07700 900556',
    party_adults: 2,
    party_children: 0,
    selections: EDITH_ORDER,
    total_pence: 19000,
    deposit_pence: 5000,
    holder_ip: '198.51.100.20',
    expires_at: '2026-11-04T08:30:00Z',
    stripe_session_id: 'cs_test_edith',
    payment_intent_id: 'pi_edith',
    amount_paid_pence: 5000,
    booking_id: EDITH,
    created_at: '2026-11-04T08:00:00Z',
    updated_at: '2026-11-04T08:01:00Z',
  },
  {
    ...checkout,
    id: ANONYMISED_CHECKOUT,
    pid: 'pid-anonymised-99aa88bb77cc',
    state: 'PAID_CONFIRMED',
    sitting_id: 'xmas-early',
    name: ANONYMISED_NAME,
    email: '',
    phone: '',
    party_adults: 2,
    party_children: 0,
    selections: ANONYMISED_ORDER,
    total_pence: 19000,
    deposit_pence: 5000,
    expires_at: '2026-11-06T09:35:00Z',
    stripe_session_id: 'cs_test_anonymised',
    payment_intent_id: 'pi_anonymised',
    amount_paid_pence: 5000,
    // An erasure that missed the checkout (staff had changed the booking's e-mail) left its address.
    holder_ip: '192.0.2.99',
    booking_id: ANONYMISED,
    created_at: '2026-11-06T09:05:00Z',
    updated_at: '2026-11-30T03:00:00Z',
  },
  {
    ...checkout,
    id: VIOLET_PENDING,
    pid: 'pid-violet-1234567890abcdef',
    state: 'PENDING',
    sitting_id: 'xmas-early',
    name: 'Violet Crawley',
    email: 'violet@example.com',
    phone: '07700 900777',
    party_adults: 2,
    party_children: 1,
    selections: VIOLET_ORDER,
    special_notes: 'Step-free, please',
    total_pence: 24000,
    deposit_pence: 7500,
    utm_source: 'newsletter',
    holder_ip: '192.0.2.44',
    expires_at: '2026-12-01T10:30:00Z',
    stripe_session_id: 'cs_test_violet',
    created_at: '2026-12-01T10:00:00Z',
    updated_at: '2026-12-01T10:00:00Z',
  },
  {
    ...checkout,
    id: TOM_AWAITING,
    pid: 'pid-tom-fedcba0987654321',
    state: 'PAID_AWAITING',
    sitting_id: 'xmas-late',
    name: 'Tom Branson',
    email: 'tom@example.com',
    phone: '07700 900888',
    party_adults: 4,
    party_children: 0,
    selections: TOM_ORDER,
    occasion_notes: 'Engagement',
    total_pence: 42000,
    deposit_pence: 10000,
    holder_ip: '192.0.2.45',
    expires_at: '2026-12-01T09:40:00Z',
    stripe_session_id: 'cs_test_tom',
    payment_intent_id: 'pi_tom',
    created_at: '2026-12-01T09:10:00Z',
    updated_at: '2026-12-01T09:20:00Z',
  },
  {
    ...checkout,
    id: SYBIL_UNSEATABLE,
    pid: 'pid-sybil-aabbccddeeff0011',
    state: 'CANCELLED',
    sitting_id: 'xmas-late',
    name: 'Sybil Branson',
    email: 'sybil@example.com',
    phone: '07700 900999',
    party_adults: 3,
    party_children: 0,
    selections: SYBIL_ORDER,
    total_pence: 28500,
    deposit_pence: 7500,
    holder_ip: '192.0.2.46',
    expires_at: '2026-11-21T18:30:00Z',
    stripe_session_id: 'cs_test_sybil',
    payment_intent_id: 'pi_sybil',
    amount_paid_pence: 7500,
    cancel_reason: 'unseatable',
    refund_id: 're_3SybilLate',
    created_at: '2026-11-21T18:00:00Z',
    updated_at: '2026-11-21T19:02:00Z',
  },
  {
    ...checkout,
    id: MATTHEW_EXPIRED,
    pid: 'pid-matthew-0011223344556677',
    state: 'CANCELLED',
    sitting_id: 'xmas-early',
    name: 'Matthew Crawley',
    email: 'matthew@example.com',
    phone: '07700 900111',
    party_adults: 2,
    party_children: 0,
    selections: MATTHEW_ORDER,
    total_pence: 19000,
    deposit_pence: 5000,
    holder_ip: '192.0.2.47',
    expires_at: '2026-11-15T12:30:00Z',
    stripe_session_id: 'cs_test_matthew',
    cancel_reason: 'expired',
    created_at: '2026-11-15T12:00:00Z',
    updated_at: '2026-11-15T12:31:00Z',
  },
];

const christmasClosures = [
  { id: LATE_FULL, sitting_id: 'xmas-late', reason: 'Fully booked', created_at: '2026-11-20T09:00:00Z' },
  {
    id: LATE_SHORT_STAFFED,
    sitting_id: 'xmas-late',
    reason: 'Kitchen short-staffed',
    created_at: '2026-11-21T09:00:00Z',
  },
  {
    id: EARLY_PRIVATE,
    sitting_id: 'xmas-early',
    reason: 'Private party',
    created_at: '2026-11-22T09:00:00Z',
  },
  {
    id: EARLY_LAST_SEASON,
    sitting_id: 'xmas-early',
    reason: 'Fully booked',
    created_at: '2025-12-01T09:00:00Z',
  },
];

/** An occasion a manager had named `christmas-day` before Christmas Day took the slug. */
const managersOccasion = {
  reference: 'OCC-XD01',
  occasion_slug: 'christmas-day',
  occasion_name: 'Christmas Day brunch',
  date: '2026-12-25',
  sitting_id: 'brunch',
  sitting_label: '10am–11:30am',
  status: 'CONFIRMED',
  pid: 'pid-brunch-0001',
  name: 'Mary Crawley',
  email: 'mary@example.com',
  phone: '07700 900333',
  party_adults: 2,
  party_children: 0,
  party_size: 2,
  total_pence: 7000,
  payment_kind: 'deposit',
  amount_due_pence: 2000,
  paid_pence: 2000,
  source: 'online',
  diner_token: 'diner-brunch-0001',
};
const managersClosure = {
  occasion_slug: 'christmas-day',
  date: '2026-12-25',
  sitting_id: 'brunch',
  reason: 'Full',
};

const links = [
  {
    token_hash: 'hash-of-margarets-link',
    christmas_booking_id: MARGARET,
    created_at: '2026-11-02T10:06:00Z',
  },
  { token_hash: 'hash-of-arthurs-link', christmas_booking_id: ARTHUR, created_at: '2026-11-03T14:00:00Z' },
  { token_hash: 'hash-of-ediths-link', christmas_booking_id: EDITH, created_at: '2026-11-04T08:01:00Z' },
  { token_hash: 'hash-of-coras-link', christmas_booking_id: CORA, created_at: '2026-11-05T12:00:00Z' },
];

const trail = [
  {
    at: '2026-11-02T10:06:00Z',
    actor_kind: 'guest',
    actor_name: 'Guest',
    type: 'christmas.created',
    subject_type: 'christmas-booking',
    subject_id: MARGARET,
    summary: 'XMAS-MG42: Margaret Ellis, 4 guests, 12pm–2pm',
  },
  {
    at: '2026-11-20T19:45:00Z',
    actor_kind: 'guest',
    actor_name: 'Guest',
    type: 'christmas.cancelled',
    subject_type: 'christmas-booking',
    subject_id: EDITH,
    summary: 'XMAS-EC19: cancelled, £50.00 to refund',
  },
  {
    at: '2026-11-21T19:02:00Z',
    actor_kind: 'system',
    actor_name: 'System',
    type: 'christmas.refunded',
    subject_type: 'christmas-reservation',
    subject_id: SYBIL_UNSEATABLE,
    summary: 'Late payment refunded, £75.00: the sitting was full',
  },
];

/** Rows into an old table, by column name; a JSON value (an order, a season) as jsonb. */
async function insertRows(db: Database, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    const values = Object.values(row).map((value) =>
      value !== null && typeof value === 'object' ? sql`${JSON.stringify(value)}::jsonb` : sql`${value}`,
    );
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${sql.join(
        columns.map((column) => sql.identifier(column)),
        sql`, `,
      )}) values (${sql.join(values, sql`, `)})`,
    );
  }
}

const at = (instant: string) => new Date(instant);

/** Migration 0028 on a database the previous release made and filled with a season of Christmas Day. */
describe.each(databaseTargets)('migration 0028: Christmas Day onto the occasions ($name)', (target) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  const occasionRow = async (id: string) => {
    const [row] = await database.db.select().from(occasionBookings).where(eq(occasionBookings.id, id));
    return row;
  };

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0027_occasion_party_notes', target));
    await insertRows(database.db, 'content_versions', [
      { key: 'christmas-season', version: 1, document: season(2025), saved_by: 'Jo Baker' },
      { key: 'christmas-season', version: 2, document: season(2026), saved_by: 'Jo Baker' },
    ]);
    await insertRows(database.db, 'christmas_bookings', christmasBookings);
    await insertRows(database.db, 'christmas_reservations', christmasReservations);
    await insertRows(database.db, 'christmas_closures', christmasClosures);
    await insertRows(database.db, 'manage_links', links);
    await insertRows(database.db, 'audit_events', trail);
    await insertRows(database.db, 'occasion_bookings', [managersOccasion]);
    await insertRows(database.db, 'occasion_closures', [managersClosure]);
    await database.migrate();
  });
  afterAll(() => close());

  it('keeps every booking, its payment, refund, notes, reminders and who made, changed or cancelled it', async () => {
    const bookings = await selectChristmasBookings(database.db, undefined, {
      orderBy: [asc(occasionBookings.reference)],
    });
    // Never taken by staff, reminded, changed, cancelled, refunded or anonymised: each booking says how it differs.
    const untouched = {
      remindedAt: null,
      comingConfirmedAt: null,
      cancelledBy: null,
      refundPence: null,
      refundId: null,
      tillRefundPence: null,
      madeBy: null,
      changedBy: null,
      anonymisedAt: null,
    };
    expect(bookings).toEqual([
      {
        ...untouched,
        id: ANONYMISED,
        reference: 'XMAS-AN01',
        sittingId: 'xmas-early',
        sittingLabel: '12pm–2pm',
        name: ANONYMISED_NAME,
        email: '',
        phone: '',
        partyAdults: 2,
        partyChildren: 0,
        partySize: 2,
        status: 'CONFIRMED',
        selections: ANONYMISED_ORDER,
        allergies: '',
        occasionNotes: '',
        specialNotes: '',
        totalPence: 19000,
        depositPaidPence: 5000,
        depositMethod: null,
        source: 'online',
        reservationId: ANONYMISED,
        anonymisedAt: at('2026-11-30T03:00:00Z'),
        createdAt: at('2026-11-06T09:10:00Z'),
        updatedAt: at('2026-11-30T03:00:00Z'),
      },
      {
        ...untouched,
        id: ARTHUR,
        reference: 'XMAS-AP07',
        sittingId: 'xmas-late',
        sittingLabel: '2:30pm–4:30pm',
        name: 'Arthur Pennington',
        email: 'arthur@example.com',
        phone: '0118 496 0555',
        partyAdults: 2,
        partyChildren: 0,
        partySize: 2,
        status: 'CONFIRMED',
        selections: ARTHUR_ORDER,
        allergies: '',
        occasionNotes: '',
        specialNotes: 'By the fire',
        totalPence: 19000,
        depositPaidPence: 5000,
        depositMethod: 'card-by-phone',
        source: 'phone',
        reservationId: null,
        madeBy: 'Sam Carter',
        changedBy: 'Jo Baker',
        createdAt: at('2026-11-03T14:00:00Z'),
        updatedAt: at('2026-11-10T09:30:00Z'),
      },
      {
        ...untouched,
        id: CORA,
        reference: 'XMAS-CG88',
        sittingId: 'xmas-early',
        sittingLabel: '12pm–2pm',
        name: 'Cora Grantham',
        email: 'cora@example.com',
        phone: '0118 496 0777',
        partyAdults: 3,
        partyChildren: 0,
        partySize: 3,
        status: 'CANCELLED',
        selections: CORA_ORDER,
        allergies: 'Nuts',
        occasionNotes: '',
        specialNotes: '',
        totalPence: 28500,
        depositPaidPence: 7500,
        depositMethod: 'cash',
        source: 'phone',
        reservationId: null,
        cancelledBy: 'staff',
        // Owed back, not yet refunded: still pending.
        refundPence: 7500,
        refundId: null,
        madeBy: 'Sam Carter',
        changedBy: 'Jo Baker',
        createdAt: at('2026-11-05T12:00:00Z'),
        updatedAt: at('2026-11-25T16:00:00Z'),
      },
      {
        ...untouched,
        id: EDITH,
        reference: 'XMAS-EC19',
        sittingId: 'xmas-late',
        sittingLabel: '2:30pm–4:30pm',
        name: 'Edith Crawley',
        email: 'edith@example.com',
        phone: '07700 900556',
        partyAdults: 2,
        partyChildren: 0,
        partySize: 2,
        status: 'CANCELLED',
        selections: EDITH_ORDER,
        allergies: '',
        occasionNotes: '',
        specialNotes: '',
        totalPence: 19000,
        depositPaidPence: 5000,
        depositMethod: null,
        source: 'online',
        reservationId: EDITH,
        cancelledBy: 'guest',
        refundPence: 5000,
        refundId: 're_3EdithRefund',
        changedBy: 'Guest',
        createdAt: at('2026-11-04T08:01:00Z'),
        updatedAt: at('2026-11-20T19:45:00Z'),
      },
      {
        ...untouched,
        id: LAST_SEASON,
        reference: 'XMAS-LS25',
        sittingId: 'xmas-early',
        sittingLabel: '12pm–2pm',
        name: 'Rose MacClare',
        email: 'rose@example.com',
        phone: '07700 900222',
        partyAdults: 2,
        partyChildren: 0,
        partySize: 2,
        status: 'CONFIRMED',
        selections: LAST_SEASON_ORDER,
        allergies: '',
        occasionNotes: '',
        specialNotes: '',
        totalPence: 18000,
        depositPaidPence: 0,
        depositMethod: 'waived',
        source: 'phone',
        reservationId: null,
        madeBy: 'Sam Carter',
        remindedAt: at('2025-12-23T10:00:00Z'),
        createdAt: at('2025-11-12T11:00:00Z'),
        updatedAt: at('2025-12-23T10:00:00Z'),
      },
      {
        ...untouched,
        id: MARGARET,
        reference: 'XMAS-MG42',
        sittingId: 'xmas-early',
        sittingLabel: '12pm–2pm',
        name: 'Margaret Ellis',
        email: 'Margaret.Ellis@example.com',
        phone: '07700 900123',
        partyAdults: 3,
        partyChildren: 1,
        partySize: 4,
        status: 'CONFIRMED',
        selections: MARGARET_ORDER,
        allergies: 'Coeliac: one of us eats no gluten',
        occasionNotes: 'Grandma’s 90th',
        specialNotes: 'A high chair, please',
        totalPence: 35500,
        depositPaidPence: 10000,
        depositMethod: null,
        source: 'online',
        reservationId: MARGARET,
        remindedAt: at('2026-12-23T10:00:00Z'),
        comingConfirmedAt: at('2026-12-23T11:12:00Z'),
        createdAt: at('2026-11-02T10:06:00Z'),
        updatedAt: at('2026-12-23T11:12:00Z'),
      },
    ]);
  });

  it('gives a booking paid online its checkout’s pid, Stripe ids, source and address, on the Christmas Day it was made for', async () => {
    const christmasDay = { occasionSlug: 'christmas-day', occasionName: 'Christmas Day', date: '2026-12-25' };
    expect(await occasionRow(MARGARET)).toMatchObject({
      ...christmasDay,
      pid: 'pid-margaret-7f3a9c2e41d84b6f',
      holdExpiresAt: null,
      paymentKind: 'deposit',
      amountDuePence: 10000,
      paidPence: 10000,
      stripeSessionId: 'cs_test_margaret',
      paymentIntentId: 'pi_margaret',
      utmSource: 'facebook',
      holderIp: '203.0.113.7',
      cancelReason: null,
      lockedAt: at('2026-11-02T10:06:00Z'),
      visitRemindedAt: at('2026-12-23T10:00:00Z'),
      remindedAt: null,
    });
    expect(await occasionRow(EDITH)).toMatchObject({
      ...christmasDay,
      pid: 'pid-edith-0b1c2d3e4f5a6b7c',
      stripeSessionId: 'cs_test_edith',
      paymentIntentId: 'pi_edith',
      holderIp: '198.51.100.20',
    });
    expect(await occasionRow(ANONYMISED)).toMatchObject({
      ...christmasDay,
      pid: 'pid-anonymised-99aa88bb77cc',
      stripeSessionId: 'cs_test_anonymised',
      paymentIntentId: 'pi_anonymised',
      holderIp: null,
    });
    const arthur = await occasionRow(ARTHUR);
    expect(arthur).toMatchObject({
      ...christmasDay,
      amountDuePence: 5000,
      paymentMethod: 'card-by-phone',
      stripeSessionId: null,
      paymentIntentId: null,
      utmSource: null,
      holderIp: null,
    });
    expect(arthur?.pid).toMatch(/^[0-9a-f]{64}$/);
    expect(await occasionRow(LAST_SEASON)).toMatchObject({ ...christmasDay, date: '2025-12-25' });
    // The paid checkouts live on as their bookings: no second row, under their old id, holds seats.
    const merged = await database.db
      .select()
      .from(occasionBookings)
      .where(inArray(occasionBookings.id, [MARGARET_CHECKOUT, EDITH_CHECKOUT, ANONYMISED_CHECKOUT]));
    expect(merged).toEqual([]);
  });

  it('keeps each checkout that never became a booking in its state, with its payment and refund', async () => {
    const checkouts = new Map(
      (await selectReservations(database.db)).map((reservation) => [reservation.id, reservation]),
    );
    const margaret = [...checkouts.values()].find(
      (reservation) => reservation.pid === 'pid-margaret-7f3a9c2e41d84b6f',
    );
    expect(margaret).toMatchObject({
      id: MARGARET,
      state: 'PAID_CONFIRMED',
      bookingId: MARGARET,
      depositPence: 10000,
      amountPaidPence: 10000,
      stripeSessionId: 'cs_test_margaret',
      paymentIntentId: 'pi_margaret',
      utmSource: 'facebook',
      holderIp: '203.0.113.7',
      selections: MARGARET_ORDER,
    });
    const neverBooked = {
      stripeSessionId: expect.stringMatching(/^cs_test_/),
      refundId: null,
      bookingId: null,
      allergies: '',
    };
    expect(checkouts.get(VIOLET_PENDING)).toEqual({
      ...neverBooked,
      id: VIOLET_PENDING,
      pid: 'pid-violet-1234567890abcdef',
      state: 'PENDING',
      sittingId: 'xmas-early',
      name: 'Violet Crawley',
      email: 'violet@example.com',
      phone: '07700 900777',
      partyAdults: 2,
      partyChildren: 1,
      selections: VIOLET_ORDER,
      occasionNotes: '',
      specialNotes: 'Step-free, please',
      totalPence: 24000,
      depositPence: 7500,
      utmSource: 'newsletter',
      holderIp: '192.0.2.44',
      expiresAt: at('2026-12-01T10:30:00Z'),
      paymentIntentId: null,
      amountPaidPence: null,
      cancelReason: null,
      createdAt: at('2026-12-01T10:00:00Z'),
      updatedAt: at('2026-12-01T10:00:00Z'),
    });
    expect(checkouts.get(TOM_AWAITING)).toEqual({
      ...neverBooked,
      id: TOM_AWAITING,
      pid: 'pid-tom-fedcba0987654321',
      state: 'PAID_AWAITING',
      sittingId: 'xmas-late',
      name: 'Tom Branson',
      email: 'tom@example.com',
      phone: '07700 900888',
      partyAdults: 4,
      partyChildren: 0,
      selections: TOM_ORDER,
      occasionNotes: 'Engagement',
      specialNotes: '',
      totalPence: 42000,
      depositPence: 10000,
      utmSource: null,
      holderIp: '192.0.2.45',
      // Paid by a method still settling: its seats are held with no end.
      expiresAt: null,
      paymentIntentId: 'pi_tom',
      amountPaidPence: 0,
      cancelReason: null,
      createdAt: at('2026-12-01T09:10:00Z'),
      updatedAt: at('2026-12-01T09:20:00Z'),
    });
    expect(checkouts.get(SYBIL_UNSEATABLE)).toMatchObject({
      pid: 'pid-sybil-aabbccddeeff0011',
      state: 'CANCELLED',
      sittingId: 'xmas-late',
      partyAdults: 3,
      selections: SYBIL_ORDER,
      depositPence: 7500,
      stripeSessionId: 'cs_test_sybil',
      paymentIntentId: 'pi_sybil',
      amountPaidPence: 7500,
      cancelReason: 'unseatable',
      refundId: 're_3SybilLate',
      bookingId: null,
      createdAt: at('2026-11-21T18:00:00Z'),
      updatedAt: at('2026-11-21T19:02:00Z'),
    });
    expect(checkouts.get(MATTHEW_EXPIRED)).toMatchObject({
      pid: 'pid-matthew-0011223344556677',
      state: 'CANCELLED',
      selections: MATTHEW_ORDER,
      depositPence: 5000,
      stripeSessionId: 'cs_test_matthew',
      paymentIntentId: null,
      amountPaidPence: 0,
      cancelReason: 'expired',
      refundId: null,
      bookingId: null,
    });
    const held = await database.db
      .select({
        id: occasionBookings.id,
        status: occasionBookings.status,
        reference: occasionBookings.reference,
        sittingLabel: occasionBookings.sittingLabel,
        date: occasionBookings.date,
        source: occasionBookings.source,
      })
      .from(occasionBookings)
      .where(inArray(occasionBookings.id, [VIOLET_PENDING, TOM_AWAITING, SYBIL_UNSEATABLE, MATTHEW_EXPIRED]))
      .orderBy(asc(occasionBookings.createdAt));
    const onChristmasDay = {
      date: '2026-12-25',
      source: 'online',
      reference: expect.stringMatching(/^XMAS-/),
    };
    expect(held).toEqual([
      { ...onChristmasDay, id: MATTHEW_EXPIRED, status: 'EXPIRED', sittingLabel: '12pm–2pm' },
      { ...onChristmasDay, id: SYBIL_UNSEATABLE, status: 'EXPIRED', sittingLabel: '2:30pm–4:30pm' },
      { ...onChristmasDay, id: TOM_AWAITING, status: 'HELD', sittingLabel: '2:30pm–4:30pm' },
      { ...onChristmasDay, id: VIOLET_PENDING, status: 'HELD', sittingLabel: '12pm–2pm' },
    ]);
  });

  it('seats each party’s dishes as its diners, one a guest, course by course in the order’s order', async () => {
    const parties = [
      [MARGARET, 4],
      [ARTHUR, 2],
      [EDITH, 2],
      [CORA, 3],
      [ANONYMISED, 2],
      [VIOLET_PENDING, 3],
      [TOM_AWAITING, 4],
      [SYBIL_UNSEATABLE, 3],
      [MATTHEW_EXPIRED, 2],
      [LAST_SEASON, 2],
    ] as const;
    const diners = await database.db
      .select()
      .from(occasionDiners)
      .orderBy(asc(occasionDiners.bookingId), asc(occasionDiners.createdAt));
    expect(
      Object.fromEntries(
        parties.map(([id]) => [id, diners.filter((diner) => diner.bookingId === id).length]),
      ),
    ).toEqual(Object.fromEntries(parties));
    expect(diners).toHaveLength(parties.reduce((sum, [, guests]) => sum + guests, 0));
    const seat = (starters: string, mains: string, desserts: string) => ({ starters, mains, desserts });
    expect(
      diners
        .filter((diner) => diner.bookingId === MARGARET)
        .map(({ name, choices, chosenBy, email, allergies }) => ({
          name,
          choices,
          chosenBy,
          email,
          allergies,
        })),
    ).toEqual(
      [
        { name: 'Guest 1', choices: seat('parsnip-soup', 'roast-turkey', 'christmas-pudding') },
        { name: 'Guest 2', choices: seat('parsnip-soup', 'roast-turkey', 'christmas-pudding') },
        { name: 'Guest 3', choices: seat('none', 'roast-turkey', 'cheese-board') },
        { name: 'Guest 4', choices: seat('none', 'sea-bass', 'cheese-board') },
      ].map((diner) => ({ ...diner, chosenBy: 'organiser', email: '', allergies: '' })),
    );
    expect(
      new Set(diners.filter((diner) => diner.bookingId === ARTHUR).map((diner) => diner.chosenBy)),
    ).toEqual(new Set(['staff']));
  });

  it('moves the closed sittings, one closure a sitting of each season, the first of each', async () => {
    const closures = await database.db
      .select()
      .from(occasionClosures)
      .where(eq(occasionClosures.occasionSlug, 'christmas-day'))
      .orderBy(asc(occasionClosures.date), asc(occasionClosures.sittingId));
    expect(closures).toEqual([
      {
        id: EARLY_LAST_SEASON,
        occasionSlug: 'christmas-day',
        date: '2025-12-25',
        sittingId: 'xmas-early',
        reason: 'Fully booked',
        createdAt: at('2025-12-01T09:00:00Z'),
      },
      {
        id: EARLY_PRIVATE,
        occasionSlug: 'christmas-day',
        date: '2026-12-25',
        sittingId: 'xmas-early',
        reason: 'Private party',
        createdAt: at('2026-11-22T09:00:00Z'),
      },
      {
        id: LATE_FULL,
        occasionSlug: 'christmas-day',
        date: '2026-12-25',
        sittingId: 'xmas-late',
        reason: 'Fully booked',
        createdAt: at('2026-11-20T09:00:00Z'),
      },
    ]);
  });

  it('keeps every manage link and trail entry naming the same booking, and a deleted booking takes its links', async () => {
    const stored = await database.db.select().from(manageLinks).orderBy(asc(manageLinks.createdAt));
    expect(stored).toEqual(
      links.map((link) => ({
        tokenHash: link.token_hash,
        bookingId: null,
        christmasBookingId: link.christmas_booking_id,
        createdAt: at(link.created_at),
      })),
    );
    const entries = await database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(entries.map((entry) => [entry.type, entry.subjectType, entry.subjectId])).toEqual(
      trail.map((entry) => [entry.type, entry.subject_type, entry.subject_id]),
    );
    const named = await database.db
      .select({ id: occasionBookings.id })
      .from(occasionBookings)
      .where(
        inArray(
          occasionBookings.id,
          entries.map((entry) => entry.subjectId ?? ''),
        ),
      );
    expect(named).toHaveLength(entries.length);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.delete(occasionBookings).where(eq(occasionBookings.id, CORA));
        const left = await tx.select().from(manageLinks).where(eq(manageLinks.christmasBookingId, CORA));
        expect(left).toEqual([]);
        tx.rollback();
      }),
    ).rejects.toThrow(TransactionRollbackError);
  });

  it('moves an occasion a manager had named christmas-day out of Christmas Day’s way, whole', async () => {
    const [moved] = await database.db
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.reference, 'OCC-XD01'));
    expect(moved).toMatchObject({
      occasionSlug: 'christmas-day-occasion',
      occasionName: 'Christmas Day brunch',
      date: '2026-12-25',
      pid: 'pid-brunch-0001',
      paidPence: 2000,
    });
    expect(
      await database.db
        .select({ sittingId: occasionClosures.sittingId })
        .from(occasionClosures)
        .where(eq(occasionClosures.occasionSlug, 'christmas-day-occasion')),
    ).toEqual([{ sittingId: 'brunch' }]);
  });

  it('drops the Christmas tables', async () => {
    const result = await database.db.execute(
      sql`select to_regclass('christmas_bookings') as bookings, to_regclass('christmas_reservations') as reservations,
        to_regclass('christmas_closures') as closures`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { bookings: null, reservations: null, closures: null },
    ]);
  });
});
