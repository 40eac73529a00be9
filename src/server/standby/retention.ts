import { lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { standbyEntries } from '#db/schema.ts';
import { londonToday } from '#shared/time/london-time.ts';

/**
 * The standby list forgets a guest once their date has passed (issue 31): entries before today (London) are
 * deleted, their offers with them. Answers how many entries went.
 */
export async function forgetPastStandby(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(standbyEntries)
    .where(lt(standbyEntries.date, londonToday(now)))
    .returning({ id: standbyEntries.id });
  return deleted.length;
}
