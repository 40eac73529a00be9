import type { Database } from '../../src/db/client.ts';
import { type ChristmasBookingRow, insertChristmasBooking } from '../../src/server/christmas/store.ts';
import { seedSeason } from './seed-content.ts';

/** 1 December 2026, 10:00 in London: the season is open for orders. */
export const BEFORE_CUTOFF = new Date('2026-12-01T10:00:00Z');
/** Christmas Eve morning: online orders have closed. */
export const AFTER_CUTOFF = new Date('2026-12-24T09:00:00Z');
/** Christmas Day of the seeded season: the date its bookings and closures are stored under. */
export const CHRISTMAS_DATE = seedSeason.date;

/** A valid checkout payload (spec §3) for a party of `adults` + `children`, one main each. */
export function christmasOrder(
  options: { adults?: number; children?: number; session?: string } = {},
  overrides: Record<string, unknown> = {},
) {
  const adults = options.adults ?? 2;
  const children = options.children ?? 0;
  const guests = adults + children;
  return {
    session: options.session ?? 'xmas-early',
    partyAdults: adults,
    partyChildren: children,
    name: 'Margaret Ellis',
    phone: '07700 900123',
    email: 'margaret@example.com',
    allergies: '',
    occasionNotes: '',
    specialNotes: '',
    selections: {
      starters: [{ item: 'parsnip-soup', count: guests }],
      mains: [{ item: 'roast-turkey', count: guests }],
      desserts: [{ item: 'christmas-pudding', count: guests }],
    },
    ...overrides,
  };
}

/** Confirmed phone bookings taking `guests` seats of a sitting. */
export async function bookSeats(db: Database, sittingId: 'xmas-early' | 'xmas-late', guests: number) {
  await insertChristmasBooking(db, {
    date: CHRISTMAS_DATE,
    sittingId,
    sittingLabel: sittingId,
    name: 'Phone booking',
    email: 'phone@example.com',
    phone: '07700 900000',
    partyAdults: guests,
    partyChildren: 0,
    partySize: guests,
    selections: { starters: [], mains: [], desserts: [] },
    totalPence: guests * 9500,
    source: 'phone',
  });
}

/** A valid phone booking (spec §3 "Christmas booking (admin create)"): every course one per guest. */
export function phoneBooking(
  options: { adults?: number; children?: number; sittingId?: string } = {},
  overrides: Record<string, unknown> = {},
) {
  const adults = options.adults ?? 2;
  const children = options.children ?? 0;
  const guests = adults + children;
  return {
    sittingId: options.sittingId ?? 'xmas-early',
    partyAdults: adults,
    partyChildren: children,
    name: 'Arthur Pennington',
    phone: '0118 496 0555',
    email: 'arthur@example.com',
    allergies: '',
    occasionNotes: '',
    specialNotes: '',
    depositMethod: 'waived',
    selections: {
      starters: [{ item: 'prawn-cocktail', count: guests }],
      mains: [{ item: 'sirloin-of-beef', count: guests }],
      desserts: [{ item: 'sticky-toffee-pudding', count: guests }],
    },
    ...overrides,
  };
}

/** A confirmed online booking of the early sitting as stored: 2 adults and 1 child, £240 with £75 paid. */
export function christmasBookingRow(overrides: Partial<ChristmasBookingRow> = {}): ChristmasBookingRow {
  const created = new Date('2026-11-22T12:00:00.000Z');
  return {
    id: '5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1',
    reference: 'XMAS-ABCD',
    sittingId: 'xmas-early',
    sittingLabel: '12pm–2pm',
    name: 'Margaret Hale',
    email: 'margaret@example.com',
    phone: '07700 900123',
    partyAdults: 2,
    partyChildren: 1,
    partySize: 3,
    status: 'CONFIRMED',
    selections: {
      starters: [{ item: 'parsnip-soup', count: 3 }],
      mains: [{ item: 'roast-turkey', count: 3 }],
      desserts: [{ item: 'christmas-pudding', count: 3 }],
    },
    allergies: '',
    occasionNotes: '',
    specialNotes: '',
    totalPence: 24000,
    depositPaidPence: 7500,
    depositMethod: null,
    source: 'online',
    reservationId: null,
    remindedAt: null,
    comingConfirmedAt: null,
    cancelledBy: null,
    refundPence: null,
    refundId: null,
    tillRefundPence: null,
    madeBy: null,
    changedBy: null,
    anonymisedAt: null,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}
