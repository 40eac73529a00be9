import { desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { enquiries } from '#db/schema.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { ENQUIRY_LIST_LIMIT, ENQUIRY_MESSAGES } from '#shared/enquiries/messages.ts';
import type { EnquiryRequest, StoredEnquiry } from '#shared/enquiries/schemas.ts';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { checkEnquiry } from '#shared/enquiries/validation.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { type Actor, changedFields, recordAudit } from '../audit/trail.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { insertWithReference } from '../lib/references.ts';
import { isUuid } from '../lib/uuid.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { enquiryAcknowledgement, enquiryNotification } from './emails.ts';

type EnquiryRow = typeof enquiries.$inferSelect;

function toStoredEnquiry(row: EnquiryRow): StoredEnquiry {
  return {
    _id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    preferredDate: row.preferredDate,
    preferredTime: row.preferredTime,
    partySize: row.partySize,
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function insertEnquiry(db: Database, request: EnquiryRequest, now: Date): Promise<EnquiryRow> {
  const values = {
    name: request.name,
    email: request.email,
    phone: request.phone,
    preferredDate: request.preferredDate,
    preferredTime: request.preferredTime,
    partySize: request.partySize,
    notes: request.notes,
    createdAt: now,
    updatedAt: now,
  };
  return insertWithReference(db, enquiries, values, { prefix: 'EQ', what: 'enquiry' });
}

/**
 * Checks and stores a large party's enquiry (issue 18); a broken rule is thrown as a DomainError. The pub's
 * notification and the guest's acknowledgement are queued in the same transaction.
 */
export async function createEnquiry(
  db: Database,
  request: EnquiryRequest,
  options: { now: Date; content: SiteContent; pubNotifyEmail: string | undefined },
): Promise<StoredEnquiry> {
  const { now, content, pubNotifyEmail } = options;
  const problem = checkEnquiry(request, londonToday(now));
  if (problem) throw invalid(problem.message);
  return db.transaction(async (tx) => {
    const enquiry = toStoredEnquiry(await insertEnquiry(tx, request, now));
    const about = { reference: enquiry.reference, now };
    await enqueueMail(tx, { ...about, kind: 'enquiry' }, [
      enquiryNotification(enquiry, { venue: content.venue, pubAddress: pubNotifyEmail }),
    ]);
    await enqueueMail(tx, { ...about, kind: 'enquiry-ack' }, [
      enquiryAcknowledgement(enquiry, content.venue),
    ]);
    return enquiry;
  });
}

/** The enquiries for staff, newest first: all of them, or those of one status. */
export async function listEnquiries(db: Database, status?: EnquiryStatus): Promise<StoredEnquiry[]> {
  const rows = await db
    .select()
    .from(enquiries)
    .where(status ? eq(enquiries.status, status) : undefined)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.reference))
    .limit(ENQUIRY_LIST_LIMIT);
  return rows.map(toStoredEnquiry);
}

/** Staff move an enquiry along: replied, booked, declined (or back to new). */
export async function changeEnquiryStatus(
  db: Database,
  id: string,
  status: EnquiryStatus,
  { now, actor }: { now: Date; actor: Actor },
): Promise<StoredEnquiry> {
  if (!isUuid(id)) throw notFound(ENQUIRY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
    if (!before) throw notFound(ENQUIRY_MESSAGES.notFound);
    const [row] = await tx
      .update(enquiries)
      .set({ status, updatedAt: now })
      .where(eq(enquiries.id, id))
      .returning();
    const enquiry = toStoredEnquiry(row as typeof before);
    await recordAudit(
      tx,
      {
        actor,
        type: 'enquiry.changed',
        subject: { type: 'enquiry', id },
        summary: `${enquiry.reference}: ${before.status.toLowerCase()} → ${status.toLowerCase()}`,
        changes: changedFields({ status: before.status }, { status }),
      },
      now,
    );
    return enquiry;
  });
}
