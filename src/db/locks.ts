import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Every advisory lock the app takes, each in its own namespace (the first key of
 * `pg_advisory_xact_lock(namespace, key)`), so that two kinds of thing can never share a lock by accident.
 * Each is held until its transaction ends.
 */
const NAMESPACE = {
  bookingService: 1,
  idempotencyKey: 2,
  serviceClosure: 3,
  christmasSitting: 4,
  christmasHolder: 5,
  contentStart: 6,
  occasionSitting: 7,
  occasionHolder: 8,
} as const;

async function lock(db: Database, namespace: number, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${namespace}::int, hashtext(${key}))`);
}

/**
 * One service (lunch or dinner) on one date: checking its covers and taking some is a single step. The whole
 * service, not the slot: a party's table time overlaps the slots after its own.
 */
export function lockBookingService(db: Database, date: string, service: string): Promise<void> {
  return lock(db, NAMESPACE.bookingService, `${date} ${service}`);
}

/** One Idempotency-Key: a repeated submission waits for the first and then finds its answer. */
export function lockIdempotencyKey(db: Database, key: string): Promise<void> {
  return lock(db, NAMESPACE.idempotencyKey, key);
}

/** One service on one date: two staff closing it at once store one closure. */
export function lockServiceClosure(db: Database, date: string, service: string): Promise<void> {
  return lock(db, NAMESPACE.serviceClosure, `${date} ${service}`);
}

/** One Christmas sitting: its seats are checked and taken one checkout or staff booking at a time. */
export function lockChristmasSitting(db: Database, sittingId: string): Promise<void> {
  return lock(db, NAMESPACE.christmasSitting, sittingId);
}

/**
 * One client of the Christmas checkout, by its e-mail (in any case) and its IP address: its live checkouts are
 * replaced one request at a time. Taken before the sitting's lock, e-mail before IP, so that requests never
 * wait for each other in a circle.
 */
export async function lockChristmasHolder(
  db: Database,
  holder: { email: string; ip: string },
): Promise<void> {
  await lock(db, NAMESPACE.christmasHolder, `email ${holder.email.toLowerCase()}`);
  await lock(db, NAMESPACE.christmasHolder, `ip ${holder.ip}`);
}

/**
 * The content documents at start (seeding the missing ones, applying content migrations): one server does it
 * while the others wait, then finds it done.
 */
export function lockContentStart(db: Database): Promise<void> {
  return lock(db, NAMESPACE.contentStart, 'content');
}

/** One sitting of one date of an occasion: its seats are checked and taken one booking at a time. */
export function lockOccasionSitting(
  db: Database,
  slug: string,
  date: string,
  sittingId: string,
): Promise<void> {
  return lock(db, NAMESPACE.occasionSitting, `${slug} ${date} ${sittingId}`);
}

/**
 * One client of the occasions' checkout, by its e-mail (in any case) and its IP address, as for Christmas:
 * taken before the sitting's lock, e-mail before IP.
 */
export async function lockOccasionHolder(db: Database, holder: { email: string; ip: string }): Promise<void> {
  await lock(db, NAMESPACE.occasionHolder, `email ${holder.email.toLowerCase()}`);
  await lock(db, NAMESPACE.occasionHolder, `ip ${holder.ip}`);
}
