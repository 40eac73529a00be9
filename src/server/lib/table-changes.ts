import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '#db/client.ts';

/** The channel the triggers of migration 0012 notify, with the changed table's name. */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

/** How long `caughtUp` waits for its own announcement before giving up on it. */
const CATCH_UP_TIMEOUT_MS = 1_000;
const CATCH_UP_PREFIX = 'caught-up ';

/** The tables whose changes the triggers announce: what the public pages read. */
export type WatchedTable =
  | 'bookings'
  | 'booking_tables'
  | 'closures'
  | 'events'
  | 'occasion_bookings'
  | 'occasion_closures'
  | 'content_versions';

/**
 * What this process knows of the database's changes: a stamp per set of tables that grows with every
 * change to one of them (announced by any process, or made here), and whether announcements are arriving
 * at all. A value read with a stamp is current while the stamp is unchanged and `live` holds.
 */
export interface TableChanges {
  readonly live: boolean;
  stamp(tables: readonly WatchedTable[]): number;
  /** A change made in this process, counted at once rather than when its announcement arrives. */
  changed(table: WatchedTable): void;
  /** Every table may have changed: a write whose tables are unknown here. */
  changedEverything(): void;
  /**
   * Resolves once every change committed before the call has been heard here (an announcement of its own,
   * sent after them, has come back), so that what this process just wrote shows in its next answer. Never
   * rejects: when the announcement cannot be sent, or does not come back in time, every table counts as
   * changed instead, and every read is made again.
   */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export async function watchTableChanges(
  database: Pick<DatabaseHandle, 'listen' | 'db'>,
  log: FastifyBaseLogger,
): Promise<TableChanges> {
  const versions = new Map<string, number>();
  const catchingUp = new Map<string, () => void>();
  let everything = 0;
  let live = false;
  const changed = (table: string) => versions.set(table, (versions.get(table) ?? 0) + 1);
  const stop = await database.listen(TABLE_CHANGES_CHANNEL, {
    onNotice: (payload) => {
      if (payload.startsWith(CATCH_UP_PREFIX)) catchingUp.get(payload)?.();
      else changed(payload);
    },
    onListening: () => {
      // Announcements sent while nobody listened are lost: nothing read before is trusted.
      everything++;
      live = true;
    },
    onLost: (error) => {
      live = false;
      everything++;
      log.warn(
        { err: error },
        'stopped hearing of database changes: public reads go to the database until it is back',
      );
    },
  });
  return {
    get live() {
      return live;
    },
    stamp: (tables) => tables.reduce((sum, table) => sum + (versions.get(table) ?? 0), everything),
    changed,
    changedEverything: () => {
      everything++;
    },
    async caughtUp() {
      if (!live) return;
      const token = `${CATCH_UP_PREFIX}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        catchingUp.set(token, resolve);
        timer = setTimeout(() => {
          everything++;
          resolve();
        }, CATCH_UP_TIMEOUT_MS);
      });
      try {
        await database.db.execute(sql`select pg_notify(${TABLE_CHANGES_CHANNEL}, ${token})`);
        await heard;
      } catch (error) {
        log.warn({ err: error }, 'could not hear this process’s writes announced: every read is made again');
        everything++;
      } finally {
        clearTimeout(timer);
        catchingUp.delete(token);
      }
    },
    stop,
  };
}
