import { asc, eq, gte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { events } from '#db/schema.ts';
import { SLUG_PATTERN } from '#shared/events/event.ts';
import { EVENT_MESSAGES } from '#shared/events/form.ts';
import type { EventInput, PublicEvent } from '#shared/events/schemas.ts';
import { type Actor, changedFields, recordAudit } from '../audit/trail.ts';
import { cachedRead } from '../lib/cached-read.ts';
import { isUniqueViolation } from '../lib/database-errors.ts';
import { conflict, eventNotFound } from '../lib/errors.ts';
import type { TableChanges } from '../lib/table-changes.ts';
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

/** `listUpcomingEvents` from memory until an event changes (issue 20): the events page and the home page. */
export function upcomingEventsFromMemory(
  db: Database,
  changes: TableChanges,
): (query: { today: string; limit: number }) => Promise<PublicEvent[]> {
  return cachedRead(
    changes,
    ['events'],
    ({ today, limit }) => listUpcomingEvents(db, today, limit),
    ({ today, limit }) => `${today} ${limit}`,
  );
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

/** "Quiz night (quiz-night, 2026-12-08)": the event as the trail names it. */
function eventSummary(row: EventRow): string {
  return `${row.title} (${row.slug}, ${row.date})`;
}

function eventSubject(row: EventRow) {
  return { type: 'event', id: row.id };
}

export function createEvent(db: Database, input: EventInput, now: Date, actor: Actor): Promise<PublicEvent> {
  return saving(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(events)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      if (row) {
        await recordAudit(
          tx,
          { actor, type: 'event.created', subject: eventSubject(row), summary: eventSummary(row) },
          now,
        );
      }
      return row;
    }),
  );
}

export async function updateEvent(
  db: Database,
  id: string,
  input: EventInput,
  now: Date,
  actor: Actor,
): Promise<PublicEvent> {
  if (!isUuid(id)) throw eventNotFound();
  return saving(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(events)
        .set({ ...input, updatedAt: now })
        .where(eq(events.id, id))
        .returning();
      if (row) {
        await recordAudit(
          tx,
          {
            actor,
            type: 'event.changed',
            subject: eventSubject(row),
            summary: eventSummary(row),
            changes: changedFields(before, input),
          },
          now,
        );
      }
      return row;
    }),
  );
}

export async function deleteEvent(db: Database, id: string, now: Date, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw eventNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(events).where(eq(events.id, id)).returning();
    if (!row) throw eventNotFound();
    await recordAudit(
      tx,
      { actor, type: 'event.deleted', subject: eventSubject(row), summary: eventSummary(row) },
      now,
    );
  });
}
