import { expect } from 'vitest';
import type { StoredBooking } from '../../src/shared/booking/schemas.ts';
import { createTestAdmin, signIn } from './admin-session.ts';
import { mailInOutboxFolder } from './outbox.ts';
import type { TestApp } from './test-app.ts';

/** The guests the suites book tables for: name, phone and e-mail as the public form sends them. */
export const GUESTS = {
  margaret: { name: 'Margaret Ellis', phone: '07700 900123', email: 'margaret@example.com' },
  edith: { name: 'Edith Crawley', phone: '07700 900321', email: 'edith@example.com' },
} as const;

/** A guest's table booking as the public form sends it: Margaret Ellis and one other at 7pm on `date`. */
export function tableBookingRequest(date: string, overrides: Record<string, unknown> = {}) {
  return {
    ...GUESTS.margaret,
    date,
    timeSlot: '19:00',
    partyAdults: 2,
    partyChildren: 0,
    ...overrides,
  };
}

/** Sends a guest's booking through the public form's route and answers the stored booking. */
export async function bookTable(
  t: TestApp,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<StoredBooking> {
  const response = await t.app.inject({ method: 'POST', url: '/api/bookings', headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as StoredBooking;
}

/** The manage link of a booking's confirmation e-mail, delivered to the outbox folder. */
export async function manageLinkOf(t: TestApp, reference: string): Promise<string> {
  const confirmation = (await mailInOutboxFolder(t)).find(
    (mail) => mail.subject.startsWith('Your table') && mail.text.includes(reference),
  );
  const link = confirmation?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
  expect(link).toMatch(/\/bookings\/manage\/[A-Za-z0-9_-]{43}$/);
  expect(confirmation?.html).toContain(`href="${link}"`);
  return link;
}

/** Books a table and answers its id, its reference and the token of the link in its confirmation. */
export async function bookAndOpenLink(t: TestApp, payload: Record<string, unknown>) {
  const { _id: id, reference } = await bookTable(t, payload);
  const token = (await manageLinkOf(t, reference)).split('/').at(-1) ?? '';
  return { id, reference, token };
}

/** The day's bookings as staff list them, seen by the test admin (stored and signed in for it). */
export async function bookingsListedForStaff(t: TestApp, date: string) {
  await createTestAdmin(t);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/bookings?date=${date}`,
    headers: { cookie: await signIn(t) },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as StoredBooking[];
}
