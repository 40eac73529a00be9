import { expect } from 'vitest';
import { createTestAdmin, signIn } from './admin-session.ts';
import { christmasOrder, phoneBooking } from './christmas.ts';
import type { TestApp } from './test-app.ts';

/** One guest who has given the pub everything it asks for: the subject of the retention and erasure suites. */
export const GUEST = {
  name: 'Rosalind Featherstonehaugh',
  email: 'Rosalind.F@example.com',
  phone: '07700 900456',
  /** The same number as another form would have it. */
  phoneElsewhere: '+44 (0)7700-900-456',
  digits: '07700900456',
} as const;

export const NOTES = {
  allergies: 'Severe peanut allergy',
  accessibilityNotes: 'Wheelchair user, needs step-free table',
  occasionNotes: 'Surprise for her sister',
  specialNotes: 'Table by the fire please',
  enquiryNotes: 'Rehearsal dinner, two coeliacs',
} as const;

/** The dates this guest visits: a table and an enquiry on one Tuesday, then Christmas Day. */
export const VISIT = { table: '2026-12-08', enquiry: '2026-12-08', christmas: '2026-12-25' } as const;

export async function staffCookie(t: TestApp): Promise<string> {
  await createTestAdmin(t);
  return signIn(t);
}

/**
 * Makes the guest's records through the site's own forms (at the app's time, before the cut-off): a table
 * booking with every note (sent with an Idempotency-Key), a Christmas phone booking, a Christmas checkout
 * left waiting, and a large-party enquiry. Answers their references.
 */
export async function makeGuestRecords(t: TestApp, cookie: string) {
  const table = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { 'idempotency-key': 'guest-table-1' },
    payload: {
      name: GUEST.name,
      email: GUEST.email,
      phone: GUEST.phone,
      date: VISIT.table,
      timeSlot: '19:00',
      partyAdults: 2,
      partyChildren: 1,
      hasAccessibilityNeeds: true,
      accessibilityNotes: NOTES.accessibilityNotes,
      occasion: 'Birthday',
      occasionNotes: NOTES.occasionNotes,
      allergies: NOTES.allergies,
      specialNotes: NOTES.specialNotes,
    },
  });
  expect(table.statusCode).toBe(201);
  const christmas = await t.app.inject({
    method: 'POST',
    url: '/api/christmas/admin/bookings',
    headers: { cookie },
    payload: phoneBooking(
      { adults: 3 },
      {
        name: GUEST.name,
        email: GUEST.email.toUpperCase(),
        phone: GUEST.phoneElsewhere,
        allergies: NOTES.allergies,
        occasionNotes: NOTES.occasionNotes,
        specialNotes: NOTES.specialNotes,
      },
    ),
  });
  expect(christmas.statusCode).toBe(201);
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    payload: christmasOrder(
      { adults: 2, session: 'xmas-late' },
      {
        name: GUEST.name,
        email: GUEST.email,
        phone: GUEST.phone,
        allergies: NOTES.allergies,
        occasionNotes: NOTES.occasionNotes,
        specialNotes: NOTES.specialNotes,
      },
    ),
  });
  expect(checkout.statusCode).toBe(201);
  const enquiry = await t.app.inject({
    method: 'POST',
    url: '/api/enquiries',
    payload: {
      name: GUEST.name,
      email: GUEST.email,
      phone: GUEST.phone,
      preferredDate: VISIT.enquiry,
      preferredTime: '18:30',
      partySize: 14,
      notes: NOTES.enquiryNotes,
    },
  });
  expect(enquiry.statusCode).toBe(201);
  return {
    table: table.json().reference as string,
    christmas: christmas.json().reference as string,
    enquiry: enquiry.json().reference as string,
  };
}

/** Another guest, who must come through everything untouched. */
export async function makeOtherGuestBooking(t: TestApp) {
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      name: 'Bartholomew Quince',
      email: 'bart@example.org',
      phone: '01632 960111',
      date: VISIT.table,
      timeSlot: '19:30',
      partyAdults: 4,
      partyChildren: 0,
      allergies: 'Shellfish',
    },
  });
  expect(booked.statusCode).toBe(201);
  return booked.json().reference as string;
}
