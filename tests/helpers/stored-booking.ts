import type { StoredBooking } from '../../src/shared/booking/schemas.ts';

/** A confirmed online table for two, as the API answers it: Tom Adeyemi, Tuesday 8 December 2026, 7pm. */
export function storedBookingFixture(overrides: Partial<StoredBooking> = {}): StoredBooking {
  return {
    _id: 'b1',
    reference: 'RC-ABC234',
    date: '2026-12-08',
    service: 'dinner',
    timeSlot: '19:00',
    name: 'Tom Adeyemi',
    email: 'tom@example.com',
    phone: '07700 900456',
    partyAdults: 2,
    partyChildren: 0,
    partySize: 2,
    status: 'CONFIRMED',
    source: 'online',
    eventSlug: null,
    cancelledBy: null,
    comingConfirmedAt: null,
    madeBy: null,
    changedBy: null,
    hasAccessibilityNeeds: false,
    accessibilityNotes: '',
    occasion: 'None',
    occasionNotes: '',
    allergies: '',
    specialNotes: '',
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}
