import { lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { walkInQueue } from '#db/schema.ts';
import { londonToday } from '#shared/time/london-time.ts';

/**
 * The walk-in queue is tonight's alone: its rows (names, phones, e-mails) are forgotten once their date has
 * passed (London), at the retention checks (`privacy/retention-runner.ts`, hourly). A party seated keeps its
 * walk-in booking, which retention treats as any booking. Answers how many went.
 */
export async function forgetPastQueue(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(walkInQueue)
    .where(lt(walkInQueue.date, londonToday(now)))
    .returning({ id: walkInQueue.id });
  return gone.length;
}
