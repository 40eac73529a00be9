import { and, asc, eq, gte, inArray, lte, min } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import { standbyEntries, standbyOffers } from '#db/schema.ts';
import { type Service, toMinutes, turnMinutesFor } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { standbyClaimPath } from '#shared/standby/links.ts';
import { claimExpiresAt, slotsInWindow } from '#shared/standby/rules.ts';
import { assignPlace } from '#shared/tables/assignment.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { type Actor, actorName, SYSTEM } from '../audit/trail.ts';
import {
  availabilityFrom,
  type BookingContent,
  bookingContentOf,
  type DateLoad,
  findAvailability,
  loadDate,
} from '../booking/availability.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { lockSeating } from '../tables/seating.ts';
import { tablesDayFrom } from '../tables/tables-day.ts';
import { recordStandby } from './audit.ts';
import { standbyGoneEmail, standbyOfferEmail } from './emails.ts';
import { entryPartySize, type StandbyEntryRow, type StandbyOfferRow } from './rows.ts';
import { newStandbyToken } from './tokens.ts';

export interface OfferContext {
  now: Date;
  content: SiteContent;
  publicUrl: string;
}

/**
 * Offers `timeSlot` to the entry: a new claim link (only its hash kept), valid for the settings' claim minutes,
 * e-mailed and audited in the caller's transaction. An offer of a slot the entry had before (staff offering it
 * again) is opened afresh with a new link.
 */
export async function makeOffer(
  tx: Database,
  entry: StandbyEntryRow,
  timeSlot: string,
  { now, content, publicUrl }: OfferContext,
  actor: Actor,
): Promise<StandbyOfferRow> {
  const { token, tokenHash } = newStandbyToken();
  const settings = content['booking-settings'];
  const offered = {
    state: 'OPEN' as const,
    tokenHash,
    expiresAt: claimExpiresAt(now, settings),
    offeredBy: actor.kind === 'staff' ? actorName(actor) : null,
    bookingId: null,
    createdAt: now,
    updatedAt: now,
  };
  const [offer] = await tx
    .insert(standbyOffers)
    .values({ entryId: entry.id, date: entry.date, timeSlot, ...offered })
    .onConflictDoUpdate({
      target: [standbyOffers.entryId, standbyOffers.date, standbyOffers.timeSlot],
      set: offered,
    })
    .returning();
  if (!offer) throw new Error('The offer was not stored');
  await enqueueMail(tx, { kind: 'standby-offer', reference: entry.reference, now }, [
    standbyOfferEmail(entry, offer, content.venue, {
      url: `${publicUrl}${standbyClaimPath(token)}`,
      minutes: settings.standbyClaimMinutes,
    }),
  ]);
  await recordStandby(tx, entry, { actor, type: 'standby.offered', timeSlot }, now);
  return offer;
}

/** The open offers of a date's service, each with its entry, oldest first. */
async function openOffersOf(tx: Database, date: string, service: Service) {
  return tx
    .select({ offer: standbyOffers, entry: standbyEntries })
    .from(standbyOffers)
    .innerJoin(standbyEntries, eq(standbyEntries.id, standbyOffers.entryId))
    .where(
      and(eq(standbyOffers.date, date), eq(standbyEntries.service, service), eq(standbyOffers.state, 'OPEN')),
    )
    .orderBy(asc(standbyOffers.createdAt), asc(standbyOffers.id));
}

/** The date's slots for a party of each size asked, read once per size within one pass. */
function availabilityBySize(tx: Database, date: string, now: Date, content: BookingContent) {
  const read = new Map<number, Promise<AvailabilitySlot[]>>();
  return (guests: number) => {
    let slots = read.get(guests);
    if (!slots) {
      slots = findAvailability(tx, date, now, content, guests);
      read.set(guests, slots);
    }
    return slots;
  };
}

/**
 * After a booking took covers of a date's service (a claim, or staff booking an entry), the open offers of
 * other entries whose slot no longer has room for their party are GONE, and their guests told they stay on
 * the list. In the booking's transaction, under its seating lock.
 */
export async function dropOffersThatNoLongerFit(
  tx: Database,
  { date, service, keptEntryId }: { date: string; service: Service; keptEntryId: string },
  { now, content }: OfferContext,
): Promise<void> {
  const slotsFor = availabilityBySize(tx, date, now, bookingContentOf(content));
  for (const { offer, entry } of await openOffersOf(tx, date, service)) {
    if (entry.id === keptEntryId) continue;
    const slot = (await slotsFor(entryPartySize(entry))).find((each) => each.time === offer.timeSlot);
    if (slot && !slot.closed && slot.remaining >= entryPartySize(entry)) continue;
    await tx
      .update(standbyOffers)
      .set({ state: 'GONE', updatedAt: now })
      .where(and(eq(standbyOffers.id, offer.id), eq(standbyOffers.state, 'OPEN')));
    await enqueueMail(tx, { kind: 'standby-gone', reference: entry.reference, now }, [
      standbyGoneEmail(entry, offer, content.venue),
    ]);
  }
}

interface HeldPlace {
  timeSlot: string;
  guests: number;
}

/**
 * In tables mode, the date's load with each open offer's party seated at its time, at the place assignment
 * would give it: a freed table is offered to one party, not to as many as its seats would hold.
 */
function withHeldTables(load: DateLoad, held: readonly HeldPlace[], date: string, content: BookingContent) {
  const sittings = [
    ...tablesDayFrom(
      load.rows.filter((row) => row.kind === 'seated'),
      { date, settings: content.settings, document: content.tables },
    ).sittings,
  ];
  const rows = held.flatMap(({ timeSlot, guests }, index) => {
    const start = toMinutes(timeSlot);
    const end = start + turnMinutesFor(guests, content.settings);
    const place = assignPlace(content.tables, date, { guests, start, end, channel: 'online' }, sittings);
    if (!place) return [];
    const bookingId = `held-${index}`;
    sittings.push({ bookingId, tables: place.tables, start, end, guests, name: '' });
    const row = {
      kind: 'seated' as const,
      key: timeSlot,
      guests,
      bookingId,
      name: null,
      leftAt: null,
      noShowAt: null,
      tables: place.tables.join(','),
      event: null,
      holdUntil: null,
    };
    return [row];
  });
  return { rows: [...load.rows, ...rows] };
}

/**
 * One service's offers, under its seating lock: the waiting entries in the order they joined (those that let
 * an offer lapse behind those that have not, so a place one let go goes to the next), each without an open
 * offer offered the first slot of its window bookable online for its party with the covers free once the open
 * offers' parties are counted out, and not offered to it before. Answers how many were offered.
 */
async function offerForService(
  tx: Database,
  { date, service, anyTime }: { date: string; service: Service; anyTime: string },
  context: OfferContext,
): Promise<number> {
  const { now, content } = context;
  const bookingContent = bookingContentOf(content);
  await lockSeating(tx, [{ date, timeSlot: anyTime }], bookingContent);
  const entries = await tx
    .select()
    .from(standbyEntries)
    .where(
      and(
        eq(standbyEntries.date, date),
        eq(standbyEntries.service, service),
        eq(standbyEntries.status, 'WAITING'),
      ),
    )
    .orderBy(asc(standbyEntries.createdAt), asc(standbyEntries.id));
  if (entries.length === 0) return 0;
  const offers = await tx
    .select()
    .from(standbyOffers)
    .where(
      inArray(
        standbyOffers.entryId,
        entries.map((entry) => entry.id),
      ),
    );
  const held: HeldPlace[] = (await openOffersOf(tx, date, service)).map(({ offer, entry }) => ({
    timeSlot: offer.timeSlot,
    guests: entryPartySize(entry),
  }));
  const load = await loadDate(tx, date);
  const tablesMode = bookingContent.tables.mode === 'tables';
  const offersOf = (entry: StandbyEntryRow) => offers.filter((offer) => offer.entryId === entry.id);
  const lapsed = (entry: StandbyEntryRow) =>
    offersOf(entry).some((offer) => offer.state === 'EXPIRED' || offer.state === 'UNPAID');
  const inTurn = [...entries.filter((entry) => !lapsed(entry)), ...entries.filter(lapsed)];
  let offered = 0;
  for (const entry of inTurn) {
    if (offersOf(entry).some((offer) => offer.state === 'OPEN')) continue;
    const guests = entryPartySize(entry);
    const before = new Set(offersOf(entry).map((offer) => offer.timeSlot));
    // Covers mode counts the open offers' parties out of every slot; tables mode seats them at their tables.
    const spokenFor = tablesMode ? 0 : held.reduce((sum, place) => sum + place.guests, 0);
    const slots = await availabilityFrom({ date, now, content: bookingContent, guests }, async () =>
      tablesMode ? withHeldTables(load, held, date, bookingContent) : load,
    );
    const slot = slotsInWindow(slots, entry.windowStart, entry.windowEnd).find(
      (candidate) =>
        !candidate.closed && candidate.remaining - spokenFor >= guests && !before.has(candidate.time),
    );
    if (!slot) continue;
    await makeOffer(tx, entry, slot.time, context, SYSTEM);
    held.push({ timeSlot: slot.time, guests });
    offered++;
  }
  return offered;
}

export interface StandbyPass {
  /** Open offers whose claim link ran out. */
  expired: number;
  /** Offers e-mailed. */
  offered: number;
}

/**
 * The standby list's pass (issue 31): open offers past their time marked EXPIRED, then, for every date from
 * today (London) with waiting entries, each service's freed places offered. Each service runs in its own
 * transaction under its seating lock, and an entry is offered a slot once (a unique index), so two servers
 * passing at once send one offer.
 */
export async function offerFreedPlaces({
  db,
  now,
  content,
  publicUrl,
  log,
}: OfferContext & { db: Database; log: FastifyBaseLogger }): Promise<StandbyPass> {
  const expired = await db
    .update(standbyOffers)
    .set({ state: 'EXPIRED', updatedAt: now })
    .where(and(eq(standbyOffers.state, 'OPEN'), lte(standbyOffers.expiresAt, now)))
    .returning({ id: standbyOffers.id });
  const services = await db
    .select({
      date: standbyEntries.date,
      service: standbyEntries.service,
      anyTime: min(standbyEntries.windowStart),
    })
    .from(standbyEntries)
    .where(and(eq(standbyEntries.status, 'WAITING'), gte(standbyEntries.date, londonToday(now))))
    .groupBy(standbyEntries.date, standbyEntries.service)
    .orderBy(asc(standbyEntries.date), asc(standbyEntries.service));
  let offered = 0;
  for (const { date, service, anyTime } of services) {
    if (anyTime === null) continue;
    offered += await db.transaction((tx) =>
      offerForService(tx, { date, service, anyTime }, { now, content, publicUrl }),
    );
  }
  if (expired.length > 0 || offered > 0) {
    log.info({ expired: expired.length, offered }, 'standby list: offers made');
  }
  return { expired: expired.length, offered };
}
