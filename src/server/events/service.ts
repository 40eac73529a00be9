import { asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { SLUG_PATTERN } from '../../shared/events/event.ts';
import { EVENT_MESSAGES } from '../../shared/events/form.ts';
import type { EventInput, PublicEvent } from '../../shared/events/schemas.ts';
import { isUniqueViolation } from '../lib/database-errors.ts';
import { conflict, eventNotFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';

type EventRow = typeof events.$inferSelect;

export function toPublicEvent(row: EventRow): PublicEvent {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    date: row.date,
    time: row.time,
    tags: row.tags,
    cover: row.cover,
    badges: row.badges,
    summary: row.summary,
    isMajor: row.isMajor,
    cta: { label: row.ctaLabel },
    takesBookings: row.takesBookings,
    bookingCovers: row.bookingCovers,
    howToCome: row.howToCome,
  };
}

export async function listUpcomingEvents(db: Database, today: string, limit: number): Promise<PublicEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(gte(events.date, today))
    .orderBy(asc(events.date), asc(events.time), asc(events.title))
    .limit(limit);
  return rows.map(toPublicEvent);
}

/** The event at `slug`; a malformed slug (anything a URL may carry) is simply no event. */
export async function findEventBySlug(db: Database, slug: string): Promise<PublicEvent | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
  return row ? toPublicEvent(row) : null;
}

/** Every event, past ones included, for the admin table. */
export async function listAllEvents(db: Database): Promise<PublicEvent[]> {
  const rows = await db.select().from(events).orderBy(asc(events.date), asc(events.time), asc(events.title));
  return rows.map(toPublicEvent);
}

/** The unique index decides a slug clash, so two staff saving the same slug at once cannot both win. */
async function saving(write: () => Promise<EventRow | undefined>): Promise<PublicEvent> {
  let row: EventRow | undefined;
  try {
    row = await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EVENT_MESSAGES.slugTaken);
    throw error;
  }
  if (!row) throw eventNotFound();
  return toPublicEvent(row);
}

export function createEvent(db: Database, input: EventInput, now: Date): Promise<PublicEvent> {
  return saving(async () => {
    const [row] = await db
      .insert(events)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    return row;
  });
}

export async function updateEvent(
  db: Database,
  id: string,
  input: EventInput,
  now: Date,
): Promise<PublicEvent> {
  if (!isUuid(id)) throw eventNotFound();
  return saving(async () => {
    const [row] = await db
      .update(events)
      .set({ ...input, updatedAt: now })
      .where(eq(events.id, id))
      .returning();
    return row;
  });
}

export async function deleteEvent(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw eventNotFound();
  const rows = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (rows.length === 0) throw eventNotFound();
}
