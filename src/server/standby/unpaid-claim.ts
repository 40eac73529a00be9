import { and, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { standbyEntries } from '#db/schema.ts';
import { actorName, SYSTEM } from '../audit/trail.ts';
import { recordStandby } from './audit.ts';

/**
 * A claim whose deposit was never paid (the hold lapsed, the guest left the payment page, or it could not be
 * opened) gives the guest their place on the list back: the entry waits again, for the other times it may be
 * offered (never the slot it let go: one offer per entry and slot). Not when the guest has joined the list for
 * that service again meanwhile, whose entry is the one that waits.
 */
export async function reopenEntryOfUnpaidClaim(
  tx: Database,
  booking: { id: string; reference: string },
  now: Date,
): Promise<void> {
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
  if (entry)
    await recordStandby(
      tx,
      entry,
      { actor: SYSTEM, type: 'standby.reopened', booking: booking.reference },
      now,
    );
}
