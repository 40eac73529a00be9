import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import type { Database } from '#db/client.ts';
import { outboxMessages } from '#db/schema.ts';
import { type MailKind, OUTBOX_LIST_LIMIT, OUTBOX_MESSAGES, type OutboxStatus } from '#shared/mail/outbox.ts';
import type { OutboxEntry, OutboxListQuery, OutboxMessage } from '#shared/mail/schemas.ts';
import { notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import type { SmsOutboxMessage } from './sms.ts';

/**
 * The durable outbox: a message is stored in the transaction of the change that causes it, then delivered
 * by the sender (sender.ts). The rows are shared by every server process.
 */

export type OutboxRow = typeof outboxMessages.$inferSelect;

const MINUTE_MS = 60_000;
const FIRST_RETRY_MS = MINUTE_MS;
const LONGEST_RETRY_MS = 60 * MINUTE_MS;
/** Retries after 1, 2, 4 … 32 minutes, then hourly: the last try comes about 24 hours after the first. */
export const MAX_ATTEMPTS = 30;
const LAST_ERROR_MAX_LENGTH = 1000;

/** How long to wait after the given number of failed attempts: doubling from a minute, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (failedAttempts - 1), LONGEST_RETRY_MS);
}

/** jsonb keeps strings, numbers, booleans, arrays and plain objects; a Buffer or a stream would come back mangled. */
function assertPlainJson(value: unknown, path: string): void {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) assertPlainJson(item, `${path}[${index}]`);
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) assertPlainJson(item, `${path}.${key}`);
    }
    return;
  }
  throw new Error(`An outbox message must be plain JSON: ${path} is not (give attachments as strings)`);
}

/**
 * Queues messages on `tx`, the transaction making the change they tell of: they are stored if and only if
 * it commits. Call the sender's `nudge()` after the commit so they go at once rather than at its next poll.
 */
export async function enqueueMail(
  tx: Database,
  about: { kind: MailKind; reference: string | null; now: Date },
  messages: readonly (SendMailOptions | SmsOutboxMessage)[],
): Promise<void> {
  for (const message of messages) assertPlainJson(message, 'message');
  await tx.insert(outboxMessages).values(
    messages.map((message) => ({
      kind: about.kind,
      reference: about.reference,
      message,
      nextAttemptAt: about.now,
      createdAt: about.now,
    })),
  );
}

/**
 * Takes up to `limit` due messages for this process: each is leased until `leaseEnd` (another process takes it
 * over only after that, if this one died) and its attempt counted. SKIP LOCKED lets several processes claim at
 * once without waiting for each other or claiming the same message.
 */
export async function claimDueMail(
  db: Database,
  options: { now: Date; leaseEnd: Date; limit: number },
): Promise<OutboxRow[]> {
  const { now, leaseEnd, limit } = options;
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'PENDING'),
        lte(outboxMessages.nextAttemptAt, now),
        or(isNull(outboxMessages.lockedUntil), lt(outboxMessages.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outboxMessages.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ lockedUntil: leaseEnd, attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** Marks a message sent; one queued to be erased once sent (issue 26) is deleted instead. */
export async function markSent(db: Database, id: string, now: Date): Promise<void> {
  const erased = await db
    .delete(outboxMessages)
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.eraseWhenSent, true)))
    .returning({ id: outboxMessages.id });
  if (erased.length > 0) return;
  await db
    .update(outboxMessages)
    .set({ status: 'SENT', sentAt: now, lockedUntil: null })
    .where(eq(outboxMessages.id, id));
}

/** A failed delivery: retried after the backoff, or FAILED once every attempt is spent. */
export async function recordFailedAttempt(
  db: Database,
  row: OutboxRow,
  error: string,
  now: Date,
): Promise<{ status: OutboxStatus; nextAttemptAt: Date }> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  const outcome = {
    status: giveUp ? ('FAILED' as const) : ('PENDING' as const),
    nextAttemptAt: giveUp ? now : new Date(now.getTime() + retryDelayMs(row.attempts)),
  };
  await db
    .update(outboxMessages)
    .set({ ...outcome, lockedUntil: null, lastError: error.slice(0, LAST_ERROR_MAX_LENGTH) })
    .where(eq(outboxMessages.id, row.id));
  return outcome;
}

/** "Margaret Ellis <margaret@example.com>": a nodemailer address field as staff read it. */
export function addressText(value: unknown): string {
  if (Array.isArray(value)) return value.map(addressText).join(', ');
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'address' in value) {
    const { name, address } = value as { name?: string; address: string };
    return name ? `${name} <${address}>` : address;
  }
  return '';
}

// A text message (`{ sms: { to, body } }`, sms.ts) shows its number as the addressee and its body as the subject.
const addressee = sql<unknown>`coalesce(${outboxMessages.message} -> 'to', ${outboxMessages.message} -> 'sms' -> 'to')`;
const subjectLine = sql<
  string | null
>`coalesce(${outboxMessages.message} ->> 'subject', ${outboxMessages.message} -> 'sms' ->> 'body')`;

export const entryColumns = {
  id: outboxMessages.id,
  kind: outboxMessages.kind,
  to: addressee,
  subject: subjectLine,
  reference: outboxMessages.reference,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  sentAt: outboxMessages.sentAt,
};

interface EntryRow {
  id: string;
  kind: string;
  to: unknown;
  subject: string | null;
  reference: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export function toEntry(row: EntryRow): OutboxEntry {
  return {
    ...row,
    kind: row.kind as MailKind,
    to: addressText(row.to),
    subject: row.subject ?? '',
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** How many messages gave up after every retry: staff should look at /admin/mail (and a monitor alert). */
export async function failedMailCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ failed: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'FAILED'));
  return row?.failed ?? 0;
}

/** `text` found anywhere in it, in any case: `%`, `_` and `\` are the letters typed, not wildcards. */
function containsText(column: SQL, text: string): SQL {
  return sql`${column} ilike ${`%${text.replace(/[\\%_]/g, (letter) => `\\${letter}`)}%`}`;
}

/**
 * The most recent messages of one status, or those whose addressee, subject or reference holds the search
 * (of one status, or of any), for staff: addressee and subject, not the body.
 */
export async function listOutbox(db: Database, query: OutboxListQuery): Promise<OutboxEntry[]> {
  const { status, q } = query;
  const rows = await db
    .select(entryColumns)
    .from(outboxMessages)
    .where(
      and(
        status ? eq(outboxMessages.status, status) : undefined,
        q
          ? or(
              containsText(sql`${addressee}::text`, q),
              containsText(subjectLine, q),
              containsText(sql`${outboxMessages.reference}`, q),
            )
          : undefined,
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(OUTBOX_LIST_LIMIT);
  return rows.map(toEntry);
}

/** One message as staff open it: its plain-text part as the guest received it, never the HTML. */
export async function findOutboxMessage(db: Database, id: string): Promise<OutboxMessage> {
  if (!isUuid(id)) throw notFound(OUTBOX_MESSAGES.notFound);
  const [row] = await db
    .select({
      ...entryColumns,
      text: sql<unknown>`coalesce(${outboxMessages.message} -> 'text', ${outboxMessages.message} -> 'sms' -> 'body')`,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id));
  if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
  const { text, ...entry } = row;
  return { ...toEntry(entry), text: typeof text === 'string' ? text : null };
}
