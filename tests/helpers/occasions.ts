import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  occasionBookings,
  occasionClosures,
  occasionDiners,
  occasionOrganiserLinks,
  stripeEvents,
} from '../../src/db/schema.ts';
import { SYSTEM } from '../../src/server/audit/trail.ts';
import { bookingByOrganiserToken } from '../../src/server/occasions/organiser-links.ts';
import type { Occasion } from '../../src/shared/occasions/schema.ts';

/** 20 November 2026, 10:00 in London: every party night of the seed is still open for booking and choices. */
export const BEFORE_PARTY_NIGHTS = new Date('2026-11-20T10:00:00Z');
/** The seed's set-menu occasion: Fridays and Saturdays 4–19 December 2026, lunch and dinner of 40, £10 deposit. */
export const PARTY_NIGHTS = 'christmas-party-nights';
/** The seed's ticketed event: 22 January 2027, one sitting ("supper") of 24, £45 paid in full. */
export const SUPPER_CLUB = 'winter-supper-club';

export interface OccasionBookingOptions {
  slug: string;
  date: string;
  sittingId: string;
  adults: number;
  children?: number;
  name?: string;
  email?: string;
  phone?: string;
  notes?: string;
  /** The client's address; each booking gets its own unless given. */
  ip?: string;
}

export interface BookedOccasion {
  bookingId: string;
  reference: string;
  /** The organiser's personal link's token (the one the return page answered). */
  organiserToken: string;
  /** The diners' shared link's token. */
  dinerToken: string;
  /** The checkout's pid. */
  pid: string;
}

let bookingCount = 0;

/** The body of POST /api/occasions/:slug/bookings. */
export function occasionBookingPayload(options: Omit<OccasionBookingOptions, 'slug' | 'ip'>) {
  bookingCount += 1;
  return {
    date: options.date,
    sittingId: options.sittingId,
    adults: options.adults,
    children: options.children ?? 0,
    name: options.name ?? 'Olive Organiser',
    email: options.email ?? `organiser${bookingCount}@example.com`,
    phone: options.phone ?? '07700 900456',
    notes: options.notes ?? '',
  };
}

function appOf(target: FastifyInstance | { app: FastifyInstance }): FastifyInstance {
  return 'app' in target && !('inject' in target) ? target.app : (target as FastifyInstance);
}

function tokenOf(url: string): string {
  const token = new URL(url).pathname.split('/').at(-1) ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Error(`not an organiser link: ${url}`);
  return token;
}

/**
 * Books an occasion online as an organiser would and answers the CONFIRMED booking: with nothing to pay it is
 * confirmed at once; otherwise it is paid on the demo checkout (the test app's provider without Stripe keys).
 * Takes the app or a test app; the app's clock must be before the date's online booking closes.
 */
export async function bookOccasion(
  target: FastifyInstance | { app: FastifyInstance },
  options: OccasionBookingOptions,
): Promise<BookedOccasion> {
  const app = appOf(target);
  const response = await app.inject({
    method: 'POST',
    url: `/api/occasions/${options.slug}/bookings`,
    remoteAddress: options.ip ?? `198.18.${Math.floor(bookingCount / 250) % 250}.${(bookingCount % 250) + 1}`,
    payload: occasionBookingPayload(options),
  });
  if (response.statusCode !== 201)
    throw new Error(`booking refused: ${response.statusCode} ${response.body}`);
  const url = new URL(response.json().url as string);
  let organiserToken: string;
  let pid = url.searchParams.get('pid');
  if (pid) {
    const paid = await app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/demo-pay` });
    if (paid.statusCode !== 200) throw new Error(`demo payment refused: ${paid.statusCode} ${paid.body}`);
    const state = await app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` });
    const { status, organiserUrl } = state.json();
    if (status !== 'CONFIRMED') throw new Error(`checkout not confirmed: ${state.body}`);
    organiserToken = tokenOf(organiserUrl);
  } else {
    organiserToken = tokenOf(url.toString());
  }
  const row = pid
    ? await occasionBookingByPid(app, pid)
    : await bookingByOrganiserToken(app.db, organiserToken);
  if (!row) throw new Error('the booking is not stored');
  pid ??= row.pid;
  return { bookingId: row.id, reference: row.reference, organiserToken, dinerToken: row.dinerToken, pid };
}

/** Back to nothing booked, held or closed for any occasion, and no Stripe event seen. */
export async function clearOccasions(target: FastifyInstance | { app: FastifyInstance }): Promise<void> {
  const { db } = appOf(target);
  await db.delete(occasionDiners);
  await db.delete(occasionOrganiserLinks);
  await db.delete(occasionBookings);
  await db.delete(occasionClosures);
  await db.delete(stripeEvents);
}

/** The stored booking of a pid. */
export async function occasionBookingByPid(target: FastifyInstance | { app: FastifyInstance }, pid: string) {
  const [row] = await appOf(target).db.select().from(occasionBookings).where(eq(occasionBookings.pid, pid));
  if (!row) throw new Error(`no occasion booking ${pid}`);
  return row;
}

/** Saves the occasions document with one occasion changed (its price, payment, dates, published …). */
export async function editOccasion(
  target: FastifyInstance | { app: FastifyInstance },
  slug: string,
  change: (occasion: Occasion) => Occasion,
): Promise<void> {
  const app = appOf(target);
  const { version, document } = await app.content.latest('occasions');
  const occasions = document.occasions.map((occasion) =>
    occasion.slug === slug ? change(occasion) : occasion,
  );
  await app.content.save(
    'occasions',
    version,
    { ...document, occasions },
    { email: 'tests@pub.test', at: app.clock(), actor: SYSTEM },
  );
}
