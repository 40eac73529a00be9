import { bookings } from '#db/schema.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

/**
 * Margaret Hale's bookings (issue 32), written straight into the table as of 1 December 2026: three past
 * tables under her address (one visit, one no-show, one cancelled by her the morning of the visit, changed since), her next
 * table on 12 December, and a phone booking made without an e-mail under her number as another form writes it.
 */
export const NOW = new Date('2026-12-01T10:00:00Z');
export const MARGARET = {
  name: 'Margaret Hale',
  email: 'Margaret.Hale@example.com',
  key: 'margaret.hale@example.com',
  phone: '07700 900111',
  phoneElsewhere: '+44 7700 900111',
  nextVisit: '2026-12-12',
} as const;

const table = {
  service: 'dinner' as const,
  timeSlot: '19:00',
  name: MARGARET.name,
  email: MARGARET.email,
  phone: MARGARET.phone,
  partyAdults: 2,
  partyChildren: 0,
  createdAt: new Date('2026-09-01T10:00:00Z'),
  updatedAt: new Date('2026-09-01T10:00:00Z'),
};

export async function makeMargaretsBookings(t: TestApp) {
  await t.database.db.insert(bookings).values([
    { ...table, reference: 'RC-MH0001', date: '2026-10-10', arrivedAt: new Date('2026-10-10T18:00:00Z') },
    { ...table, reference: 'RC-MH0002', date: '2026-11-07', noShowAt: new Date('2026-11-07T19:20:00Z') },
    {
      ...table,
      reference: 'RC-MH0003',
      date: '2026-11-20',
      status: 'CANCELLED',
      cancelledBy: 'guest',
      cancelledAt: new Date('2026-11-20T09:00:00Z'),
      // Changed again after the cancellation (the notes cleared): still a late cancellation.
      updatedAt: new Date('2026-11-27T03:00:00Z'),
    },
    {
      ...table,
      reference: 'RC-MH0004',
      date: MARGARET.nextVisit,
      timeSlot: '19:30',
      createdAt: new Date('2026-11-25T10:00:00Z'),
    },
    {
      ...table,
      reference: 'RC-PH0001',
      date: '2026-09-05',
      service: 'lunch',
      timeSlot: '12:30',
      name: 'Mrs Hale',
      email: '',
      phone: MARGARET.phoneElsewhere,
      source: 'phone',
      madeBy: 'A manager',
    },
    // Someone else, the same night as her next visit.
    {
      ...table,
      reference: 'RC-OTHER1',
      date: MARGARET.nextVisit,
      name: 'John Thornton',
      email: 'john@example.com',
      phone: '07700 900222',
    },
  ]);
}

export const REGULAR_WITH_NOTE = { tags: ['Regular'], note: 'likes the window table; partner is coeliac' };
