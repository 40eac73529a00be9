import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { outboxMessages } from '#db/schema.ts';
import { MAIL_KIND_LABELS, type MailKind, OUTBOX_MESSAGES } from '#shared/mail/outbox.ts';
import type { OutboxEntry } from '#shared/mail/schemas.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { entryColumns, type OutboxRow, toEntry } from './outbox.ts';

export interface ResendOptions {
  now: Date;
  actor: Actor;
  /** What the audit entry is about; by default the message queued. */
  auditSubject?: { type: string; id: string };
}

/** The same message: its copies, and what it was copied from. */
function sameMessageAs(row: OutboxRow) {
  return and(
    eq(outboxMessages.kind, row.kind),
    row.reference === null
      ? sql`${outboxMessages.reference} is null`
      : eq(outboxMessages.reference, row.reference),
    sql`${outboxMessages.message} = (select message from outbox_messages where id = ${row.id})`,
  );
}

/**
 * Sends a message again (issue 27). A FAILED one goes back to PENDING, due now, with a fresh set of attempts; a
 * SENT one is copied as a new PENDING message, so the sent one stays in the history. Refused while the message
 * or a copy of it waits to be sent: the copies of a message are locked first, in one order, so two staff
 * pressing Resend together queue it once. A message queued to be erased once sent (a guest's erasure) is never
 * copied. Each resend is recorded in the audit trail, naming the message queued, never its addressee.
 */
export async function resendMail(db: Database, id: string, options: ResendOptions): Promise<OutboxEntry> {
  if (!isUuid(id)) throw notFound(OUTBOX_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [asked] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    if (!asked) throw notFound(OUTBOX_MESSAGES.notFound);
    await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(sameMessageAs(asked))
      .orderBy(asc(outboxMessages.id))
      .for('update');
    // Read again now they are locked, copies made meanwhile too: a resend that held them first has committed.
    const current = await tx.select().from(outboxMessages).where(sameMessageAs(asked));
    const message = current.find((row) => row.id === id);
    if (!message) throw notFound(OUTBOX_MESSAGES.notFound);
    if (message.status === 'PENDING') throw conflict(OUTBOX_MESSAGES.alreadyWaiting);
    if (current.some((row) => row.status === 'PENDING')) throw conflict(OUTBOX_MESSAGES.copyWaiting);

    const [queued] =
      message.status === 'FAILED'
        ? await tx
            .update(outboxMessages)
            .set({ status: 'PENDING', attempts: 0, nextAttemptAt: options.now, lockedUntil: null })
            .where(eq(outboxMessages.id, id))
            .returning(entryColumns)
        : await copyOf(tx, message, options.now);
    // The row is locked by this transaction: its update, or the copy's insert, answers it.
    const entry = toEntry(queued as NonNullable<typeof queued>);
    await recordAudit(
      tx,
      {
        actor: options.actor,
        type: 'mail.resent',
        subject: options.auditSubject ?? { type: 'e-mail', id: entry.id },
        summary: resentSummary(message),
      },
      options.now,
    );
    return entry;
  });
}

async function copyOf(tx: Database, message: OutboxRow, now: Date) {
  if (message.eraseWhenSent) throw conflict(OUTBOX_MESSAGES.erased);
  return tx
    .insert(outboxMessages)
    .values({
      kind: message.kind,
      reference: message.reference,
      message: message.message,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning(entryColumns);
}

/** "Table booking e-mail RC-ABC234 sent again (sent Sunday 22 November 2026, 12pm)". */
function resentSummary(message: OutboxRow): string {
  const what = [`${MAIL_KIND_LABELS[message.kind as MailKind]} e-mail`, message.reference]
    .filter(Boolean)
    .join(' ');
  const before = message.sentAt ? `sent ${formatLondonMoment(message.sentAt)}` : 'it had failed';
  return `${what} sent again (${before})`;
}

/**
 * The newest message of one of `kinds` about `reference` addressed to `address` (in any case), or null: the
 * confirmation a guest says never came.
 */
export async function latestMailTo(
  db: Database,
  about: { reference: string; kinds: readonly MailKind[]; address: string },
): Promise<string | null> {
  const [row] = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.reference, about.reference),
        inArray(outboxMessages.kind, [...about.kinds]),
        sql`lower(${outboxMessages.message} -> 'to' ->> 'address') = lower(${about.address})`,
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(1);
  return row?.id ?? null;
}
