import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { occasionBookings, occasionClosures, stripeEvents } from '../../src/db/schema.ts';
import {
  isChristmasRow,
  selectChristmasBooking,
  selectReservation,
} from '../../src/server/christmas/store.ts';
import { CHRISTMAS_OCCASION_SLUG } from '../../src/shared/christmas/ids.ts';
import { deliverQueuedMail, mailInOutboxFolder } from './outbox.ts';
import type { TestApp } from './test-app.ts';

/** Back to a season with nothing booked, held or closed, and no Stripe event seen. */
export async function clearChristmas(t: TestApp): Promise<void> {
  const { db } = t.database;
  // A booking's diners and manage links go with it.
  await db.delete(occasionBookings).where(isChristmasRow);
  await db.delete(occasionClosures).where(eq(occasionClosures.occasionSlug, CHRISTMAS_OCCASION_SLUG));
  await db.delete(stripeEvents);
}

/** Sends what the last test queued, at its own time, and empties the outbox folder. */
export async function emptyOutboxFolder(t: TestApp): Promise<void> {
  await deliverQueuedMail(t.app);
  await rm(join(t.dataDir, 'outbox'), { recursive: true, force: true });
}

/** POST /api/stripe/create-checkout-session from `remoteAddress` (the inject default when not given). */
export function sendChristmasCheckout(t: TestApp, payload: object, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Starts a checkout that must be taken, and answers the pid of its reservation. */
export async function startChristmasCheckout(t: TestApp, payload: object, remoteAddress?: string) {
  const response = await sendChristmasCheckout(t, payload, remoteAddress);
  expect(response.statusCode, response.body).toBe(201);
  return new URL(response.json().url).searchParams.get('pid') as string;
}

/** The guest pays on the demo checkout. */
export async function payOnDemoCheckout(t: TestApp, pid: string) {
  const paid = await t.app.inject({ method: 'POST', url: `/api/christmas/demo-checkout/${pid}/pay` });
  expect(paid.statusCode).toBe(200);
}

/** What GET /api/christmas/availability answers, each sitting by its id. */
export async function christmasSeats(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/christmas/availability' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The checkout of `pid`, in whatever state. */
export function reservationByPid(t: TestApp, pid: string) {
  return selectReservation(t.database.db, eq(occasionBookings.pid, pid));
}

/** The (confirmed or cancelled) Christmas booking of `email`. */
export function christmasBookingFor(t: TestApp, email: string) {
  return selectChristmasBooking(t.database.db, eq(occasionBookings.email, email));
}

/** The token of the manage link in the newest e-mail to `email` whose subject starts with `subject`. */
export async function christmasManageToken(t: TestApp, email: string, subject: string): Promise<string> {
  const mail = (await mailInOutboxFolder(t))
    .filter((message) => message.headers.get('to')?.includes(email) && message.subject.startsWith(subject))
    .at(-1);
  const link = mail?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
  expect(link).toMatch(/^https:\/\/pub\.test\/christmas\/manage\/[A-Za-z0-9_-]{43}$/);
  expect(mail?.html).toContain(`href="${link}"`);
  return link.split('/').at(-1) ?? '';
}
