import { and, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { standbyEntries, standbyOffers } from '#db/schema.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { actorName, SYSTEM } from '../audit/trail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { recordStandby } from './audit.ts';
import { standbyReopenedEmail } from './emails.ts';

/**
 * A claim whose deposit was never paid (the hold lapsed, the guest left the payment page, or it could not be
 * opened) lets its table go: the offer is UNPAID, so its link says so, and the guest has their place on the list
 * back: the entry waits again, behind those that let no place go, for the other times it may be offered (never
 * the slot it let go: one offer per entry and slot), and the guest is told. So is a guest whose table staff
 * booked from the list with a payment link that lapsed. Not when the guest has joined the list for that service
 * again meanwhile, whose entry is the one that waits.
 */
export async function reopenEntryOfUnpaidClaim(
  tx: Database,
  booking: { id: string; reference: string; timeSlot: string },
  { now, venue }: { now: Date; venue: Venue },
): Promise<void> {
  await tx
    .update(standbyOffers)
    .set({ state: 'UNPAID', updatedAt: now })
    .where(and(eq(standbyOffers.bookingId, booking.id), eq(standbyOffers.state, 'CLAIMED')));
  const again = alias(standbyEntries, 'again');
  const [entry] = await tx
    .update(standbyEntries)
    .set({ status: 'WAITING', bookingId: null, changedBy: actorName(SYSTEM), updatedAt: now })
    .where(
      and(
        eq(standbyEntries.bookingId, booking.id),
        eq(standbyEntries.status, 'BOOKED'),
        notExists(
          tx
            .select({ id: again.id })
            .from(again)
            .where(
              and(
                eq(again.date, standbyEntries.date),
                eq(again.service, standbyEntries.service),
                sql`lower(${again.email}) = lower(${standbyEntries.email})`,
                eq(again.status, 'WAITING'),
              ),
            ),
        ),
      ),
    )
    .returning();
  if (!entry) return;
  await recordStandby(
    tx,
    entry,
    { actor: SYSTEM, type: 'standby.reopened', booking: booking.reference },
    now,
  );
  await enqueueMail(tx, { kind: 'standby-reopened', reference: entry.reference, now }, [
    standbyReopenedEmail(entry, booking, venue),
  ]);
}
