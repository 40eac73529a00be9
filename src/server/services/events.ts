import { asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import type { PublicEvent } from '../../shared/event.ts';

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

export async function findEventBySlug(db: Database, slug: string): Promise<PublicEvent | null> {
  const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
  return row ? toPublicEvent(row) : null;
}
