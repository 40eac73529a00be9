import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, walkInQueue } from '#db/schema.ts';
import { toMinutes } from '#shared/booking/rules.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { QueueAddRequest, QueueDay, QueueParty, QueueSeatRequest } from '#shared/queue/api.ts';
import { estimateWaits, type WaitEstimate, type WaitingParty } from '#shared/queue/estimate.ts';
import { QUEUE_MESSAGES } from '#shared/queue/messages.ts';
import { queueAddIssues } from '#shared/queue/rules.ts';
import { QUEUED_STATUSES, type QueueStatus } from '#shared/queue/status.ts';
import { londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import { bookingContentOf } from '../booking/availability.ts';
import { conflict, invalidFields, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { lockSeating } from '../tables/seating.ts';
import { insertWalkIn } from '../tables/walk-ins.ts';
import { tableReadyEmail, tableReadySms } from './emails.ts';
import { queueFloorOf } from './floor.ts';

/** Tonight's walk-in queue (issue 31): parties at the bar waiting for a table, told, seated or taken off. */

type QueueRow = typeof walkInQueue.$inferSelect;

export interface QueueOptions {
  now: Date;
  content: SiteContent;
}

export type QueueChangeOptions = QueueOptions & { actor: Actor };

const NO_ESTIMATE: WaitEstimate = { waitMinutes: null, readyAt: null };

function isQueued(status: QueueStatus): boolean {
  return (QUEUED_STATUSES as readonly QueueStatus[]).includes(status);
}

const guestsOf = (row: Pick<QueueRow, 'partyAdults' | 'partyChildren'>) =>
  row.partyAdults + row.partyChildren;

function partyOf(row: QueueRow, bookingReference: string | null, estimate: WaitEstimate): QueueParty {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    partyAdults: row.partyAdults,
    partyChildren: row.partyChildren,
    partySize: guestsOf(row),
    notes: row.notes,
    status: row.status,
    addedAt: row.createdAt.toISOString(),
    addedBy: row.addedBy,
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
    quotedWaitMinutes: row.quotedWaitMinutes,
    ...(isQueued(row.status) ? estimate : NO_ESTIMATE),
    bookingReference,
  };
}

/** The queued parties' waits as the floor stands at `now`; the floor is not read while nobody waits. */
async function waitsOf(
  db: Database,
  { now, content }: QueueOptions,
  parties: readonly WaitingParty[],
): Promise<Map<string, WaitEstimate>> {
  if (parties.length === 0) return new Map();
  const { floor, seating } = await queueFloorOf(db, londonToday(now), now, bookingContentOf(content));
  return estimateWaits(parties, floor, { now: toMinutes(londonTimeOfDay(now)), seating });
}

/**
 * Today's queue (London) at `now`: the parties still queued in the order they joined, each with its wait as the
 * floor stands (`#shared/queue/estimate.ts`), and the ones seated or removed today.
 */
export async function queueDay(db: Database, { now, content }: QueueOptions): Promise<QueueDay> {
  const date = londonToday(now);
  const rows = await db
    .select({ row: walkInQueue, bookingReference: bookings.reference })
    .from(walkInQueue)
    .leftJoin(bookings, eq(bookings.id, walkInQueue.bookingId))
    .where(eq(walkInQueue.date, date))
    .orderBy(asc(walkInQueue.createdAt), asc(walkInQueue.id));
  const queued = rows.filter(({ row }) => isQueued(row.status));
  const estimates = await waitsOf(
    db,
    { now, content },
    queued.map(({ row }) => ({ id: row.id, guests: guestsOf(row) })),
  );
  const answer = ({ row, bookingReference }: (typeof rows)[number]) =>
    partyOf(row, bookingReference, estimates.get(row.id) ?? NO_ESTIMATE);
  return {
    date,
    mode: content.tables.mode,
    waiting: queued.map(answer),
    done: rows.filter(({ row }) => !isQueued(row.status)).map(answer),
  };
}

/** One party of today's queue as the list shows it. */
async function partyNow(db: Database, id: string, options: QueueOptions): Promise<QueueParty> {
  const day = await queueDay(db, options);
  const party = [...day.waiting, ...day.done].find((each) => each.id === id);
  if (!party) throw notFound(QUEUE_MESSAGES.notFound);
  return party;
}

/** "Walk-in party of 4": how the trail names a party, never by the guest's name or contact details. */
function describe(row: QueueRow): string {
  return `Walk-in party of ${guestsOf(row)}`;
}

async function audit(
  tx: Database,
  row: QueueRow,
  entry: { type: 'queue.added' | 'queue.notified' | 'queue.seated' | 'queue.removed'; summary: string },
  { actor, now }: QueueChangeOptions,
) {
  await recordAudit(
    tx,
    { actor, type: entry.type, subject: { type: 'walk-in-queue', id: row.id }, summary: entry.summary },
    now,
  );
}

/** A party staff add to today's queue, checked by the rule the form shares; its wait quoted as it joins. */
export async function addToQueue(
  db: Database,
  request: QueueAddRequest,
  options: QueueChangeOptions,
): Promise<QueueParty> {
  const issues = queueAddIssues(request);
  const [first] = issues;
  if (first) throw invalidFields(first.message, issues);
  const { now } = options;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(walkInQueue)
      .values({
        date: londonToday(now),
        name: request.name,
        phone: request.phone,
        email: request.email,
        partyAdults: request.partyAdults,
        partyChildren: request.partyChildren,
        notes: request.notes,
        addedBy: actorName(options.actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The queue row was not stored');
    const quoted = (await partyNow(tx, row.id, options)).waitMinutes;
    await tx.update(walkInQueue).set({ quotedWaitMinutes: quoted }).where(eq(walkInQueue.id, row.id));
    const wait = quoted === null ? 'no table expected tonight' : `quoted ${quoted} min`;
    await audit(
      tx,
      row,
      { type: 'queue.added', summary: `${describe(row)} joined the queue (${wait})` },
      options,
    );
    return row.id;
  });
  return partyNow(db, id, options);
}

/**
 * Today's party, locked for the change: not found when it is not in today's queue, refused once it has been
 * seated or removed.
 */
async function lockQueued(tx: Database, id: string, now: Date): Promise<QueueRow> {
  if (!isUuid(id)) throw notFound(QUEUE_MESSAGES.notFound);
  const [row] = await tx
    .select()
    .from(walkInQueue)
    .where(and(eq(walkInQueue.id, id), eq(walkInQueue.date, londonToday(now))))
    .for('update');
  if (!row) throw notFound(QUEUE_MESSAGES.notFound);
  if (!isQueued(row.status)) throw conflict(QUEUE_MESSAGES.notWaiting);
  return row;
}

/**
 * "Your table is ready": an e-mail when the party gave an address, a text message when it gave a phone, both
 * through the outbox in the change's transaction (the route nudges the sender after the commit). Told again
 * if staff press it again.
 */
export async function notifyParty(
  db: Database,
  id: string,
  options: QueueChangeOptions,
): Promise<QueueParty> {
  const { now, content } = options;
  await db.transaction(async (tx) => {
    const row = await lockQueued(tx, id, now);
    const { venue } = content;
    const about = { reference: null, now };
    if (row.email)
      await enqueueMail(tx, { ...about, kind: 'queue-table-ready' }, [tableReadyEmail(venue, row)]);
    if (row.phone) {
      await enqueueMail(tx, { ...about, kind: 'queue-table-ready-sms' }, [tableReadySms(venue, row)]);
    }
    await tx
      .update(walkInQueue)
      .set({ status: 'NOTIFIED', notifiedAt: now, updatedAt: now })
      .where(eq(walkInQueue.id, row.id));
    const by = [row.email && 'e-mail', row.phone && 'text message'].filter(Boolean).join(' and ');
    await audit(
      tx,
      row,
      { type: 'queue.notified', summary: `${describe(row)} told their table is ready (${by})` },
      options,
    );
  });
  return partyNow(db, id, options);
}

/**
 * The party seated now, in one transaction under the seating lock: a walk-in booking (`insertWalkIn`) with its
 * name and contact details, on the place staff chose or the one assignment gives it in tables mode, without a
 * table in covers mode; the queue row SEATED with the booking.
 */
export async function seatParty(
  db: Database,
  id: string,
  request: QueueSeatRequest,
  options: QueueChangeOptions,
): Promise<QueueParty> {
  const { now, content, actor } = options;
  const bookingContent = bookingContentOf(content);
  await db.transaction(async (tx) => {
    await lockSeating(tx, [{ date: londonToday(now), timeSlot: londonTimeOfDay(now) }], bookingContent);
    const row = await lockQueued(tx, id, now);
    const booking = await insertWalkIn(
      tx,
      { ...row, placeId: request.placeId },
      { now, content: bookingContent, actor },
    );
    await tx
      .update(walkInQueue)
      .set({ status: 'SEATED', bookingId: booking.id, updatedAt: now })
      .where(eq(walkInQueue.id, row.id));
    await audit(
      tx,
      row,
      { type: 'queue.seated', summary: `${describe(row)} seated: ${booking.reference}` },
      options,
    );
  });
  return partyNow(db, id, options);
}

/** The party taken off the queue: they left, or staff took them off. */
export async function removeParty(
  db: Database,
  id: string,
  options: QueueChangeOptions,
): Promise<QueueParty> {
  const { now } = options;
  await db.transaction(async (tx) => {
    const row = await lockQueued(tx, id, now);
    await tx.update(walkInQueue).set({ status: 'REMOVED', updatedAt: now }).where(eq(walkInQueue.id, row.id));
    await audit(tx, row, { type: 'queue.removed', summary: `${describe(row)} taken off the queue` }, options);
  });
  return partyNow(db, id, options);
}
