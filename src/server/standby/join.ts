import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { standbyEntries, standbyOffers } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { StandbyEntryView, StandbyJoined, StandbyJoinRequest } from '#shared/standby/api.ts';
import { standbyEntryPath } from '#shared/standby/links.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import {
  checkStandbyJoin,
  type StandbyJoinProblem,
  standbyCapGuests,
  standbyServiceOf,
} from '#shared/standby/rules.ts';
import { type Actor, actorName, GUEST } from '../audit/trail.ts';
import { bookingContentOf, findAvailability } from '../booking/availability.ts';
import { isUniqueViolation } from '../lib/database-errors.ts';
import {
  conflict,
  conflictingField,
  type DomainError,
  invalid,
  invalidFields,
  notFound,
} from '../lib/errors.ts';
import { insertWithReference } from '../lib/references.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { lockSeating } from '../tables/seating.ts';
import { recordStandby } from './audit.ts';
import { standbyJoinedEmail } from './emails.ts';
import { type StandbyEntryRow, toEntryView } from './rows.ts';
import { newStandbyToken, standbyTokenHash } from './tokens.ts';

const alreadyOnList = () => conflictingField('email', STANDBY_MESSAGES.alreadyOnList);

function refusal(problem: StandbyJoinProblem): DomainError {
  if (problem.field === null) return invalid(problem.message);
  return problem.kind === 'invalid'
    ? invalidFields(problem.message, [{ path: problem.field, message: problem.message }])
    : conflictingField(problem.field, problem.message);
}

/**
 * A guest joins the standby list of a full service. Under the service's seating lock, so the window's times
 * and the list's cap are read as they stand: refused where a time in the window is free (book it instead), the
 * list is off or full, or the e-mail already waits for that service. Their own link is answered once and
 * e-mailed with the words that this is not a booking.
 */
export async function joinStandby(
  db: Database,
  request: StandbyJoinRequest,
  { now, content, publicUrl }: { now: Date; content: SiteContent; publicUrl: string },
): Promise<StandbyJoined> {
  const shapeProblem = checkStandbyJoin(request);
  if (shapeProblem) throw refusal(shapeProblem);
  const settings = content['booking-settings'];
  const cap = standbyCapGuests(settings);
  if (cap === 0) throw conflict(STANDBY_MESSAGES.listOff);
  const service = standbyServiceOf(request.windowStart);
  const guests = partySize(request.partyAdults, request.partyChildren);
  const { token, tokenHash } = newStandbyToken();
  try {
    const entry = await db.transaction(async (tx) => {
      const bookingContent = bookingContentOf(content);
      await lockSeating(tx, [{ date: request.date, timeSlot: request.windowStart }], bookingContent);
      const availability = await findAvailability(tx, request.date, now, bookingContent, guests);
      const problem = checkStandbyJoin(request, availability);
      if (problem) throw refusal(problem);
      const waiting = await tx
        .select({
          guests: sql<number>`coalesce(sum(${standbyEntries.partyAdults} + ${standbyEntries.partyChildren}), 0)`,
          sameEmail: sql<number>`count(*) filter (where lower(${standbyEntries.email}) = lower(${request.email}))`,
        })
        .from(standbyEntries)
        .where(
          and(
            eq(standbyEntries.date, request.date),
            eq(standbyEntries.service, service),
            eq(standbyEntries.status, 'WAITING'),
          ),
        );
      if (Number(waiting[0]?.sameEmail ?? 0) > 0) throw alreadyOnList();
      if (Number(waiting[0]?.guests ?? 0) + guests > cap) throw conflict(STANDBY_MESSAGES.capReached);
      const row = await insertWithReference(
        tx,
        standbyEntries,
        {
          date: request.date,
          service,
          windowStart: request.windowStart,
          windowEnd: request.windowEnd,
          partyAdults: request.partyAdults,
          partyChildren: request.partyChildren,
          name: request.name,
          email: request.email,
          phone: request.phone,
          source: 'online',
          tokenHash,
          changedBy: actorName(GUEST),
          createdAt: now,
          updatedAt: now,
        },
        { prefix: 'SB', what: 'standby' },
      );
      await recordStandby(tx, row, { actor: GUEST, type: 'standby.joined' }, now);
      await enqueueMail(tx, { kind: 'standby-joined', reference: row.reference, now }, [
        standbyJoinedEmail(row, content.venue, `${publicUrl}${standbyEntryPath(token)}`),
      ]);
      return row;
    });
    return { ...toEntryView(entry), entryUrl: `${publicUrl}${standbyEntryPath(token)}` };
  } catch (error) {
    // Two joins with one e-mail at once: the partial unique index lets one of them wait.
    if (isUniqueViolation(error)) throw alreadyOnList();
    throw error;
  }
}

const entryNotFound = () => notFound(STANDBY_MESSAGES.entryNotFound);

async function entryByToken(db: Database, token: string): Promise<StandbyEntryRow> {
  const tokenHash = standbyTokenHash(token);
  if (!tokenHash) throw entryNotFound();
  const [entry] = await db
    .select()
    .from(standbyEntries)
    .where(eq(standbyEntries.tokenHash, tokenHash))
    .limit(1);
  if (!entry) throw entryNotFound();
  return entry;
}

/** The guest's own place on the list, from their link. */
export async function standbyEntryByToken(db: Database, token: string): Promise<StandbyEntryView> {
  return toEntryView(await entryByToken(db, token));
}

/**
 * Takes a waiting entry off the list, by its guest or by staff, and closes its open offers (their claim links
 * stop working); an entry already off the list, or booked, is answered as it stands.
 */
export async function removeEntry(
  tx: Database,
  entry: StandbyEntryRow,
  { actor, now }: { actor: Actor; now: Date },
): Promise<StandbyEntryRow> {
  const [removed] = await tx
    .update(standbyEntries)
    .set({ status: 'REMOVED', changedBy: actorName(actor), updatedAt: now })
    .where(and(eq(standbyEntries.id, entry.id), eq(standbyEntries.status, 'WAITING')))
    .returning();
  if (!removed) return entry;
  await closeOpenOffersOf(tx, entry.id, now);
  await recordStandby(tx, removed, { actor, type: 'standby.removed' }, now);
  return removed;
}

/** An entry's open offers, closed: it no longer waits (left the list, or booked). */
export async function closeOpenOffersOf(tx: Database, entryId: string, now: Date): Promise<void> {
  await tx
    .update(standbyOffers)
    .set({ state: 'EXPIRED', updatedAt: now })
    .where(and(eq(standbyOffers.entryId, entryId), eq(standbyOffers.state, 'OPEN')));
}

/** The guest leaves the list from their own link; again, it answers the same. */
export async function leaveStandby(db: Database, token: string, now: Date): Promise<StandbyEntryView> {
  const entry = await entryByToken(db, token);
  return toEntryView(await db.transaction((tx) => removeEntry(tx, entry, { actor: GUEST, now })));
}
