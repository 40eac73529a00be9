import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { count, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import {
  admins,
  auditEvents,
  bookings,
  christmasBookings,
  christmasClosures,
  christmasReservations,
  closures,
  contentVersions,
  enquiries,
  events,
  idempotencyKeys,
  manageLinks,
  marketingConsents,
  outboxMessages,
  rateLimitHits,
  recoveryCodes,
  sessions,
  staffSettings,
  staffTokens,
  stripeEvents,
  uploadedImages,
} from './schema.ts';

/**
 * A backup is one gzip file of JSON lines: a header naming the format and the schema version (the last
 * migration applied), then one line per row, table by table. It restores into an empty database of either
 * kind, so a pub that tried the site on the embedded database moves to PostgreSQL with it.
 */

const FORMAT = 'rose-and-crown-backup';
const FORMAT_VERSION = 1;

/** Every table, parents before children, so rows restore without breaking a foreign key. */
export const TABLES: readonly PgTable[] = [
  events,
  bookings,
  closures,
  enquiries,
  idempotencyKeys,
  admins,
  sessions,
  staffTokens,
  recoveryCodes,
  staffSettings,
  christmasBookings,
  christmasReservations,
  manageLinks,
  stripeEvents,
  christmasClosures,
  outboxMessages,
  rateLimitHits,
  contentVersions,
  uploadedImages,
  auditEvents,
  marketingConsents,
];

interface Header {
  format: typeof FORMAT;
  formatVersion: number;
  /** How many migrations the database had, and the last one's name. */
  schemaVersion: number;
  schemaName: string;
  createdAt: string;
  rows: Record<string, number>;
}

type Line = { table: string; row: Record<string, unknown> };

export class BackupError extends Error {}

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: { tag: string }[];
};

async function appliedMigrations(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const rows = (result as unknown as { rows: { applied: number }[] }).rows;
  return rows[0]?.applied ?? 0;
}

/** Timestamps travel as ISO strings and come back as instants. */
function revive(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      columns[key]?.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value,
    ]),
  );
}

/**
 * Writes every table to `file` from one snapshot: on PostgreSQL a read-only repeatable-read transaction, so
 * bookings taken while it runs are either all in the file or not at all.
 */
export async function writeBackup(db: Database, file: string, now: Date): Promise<Header> {
  return db.transaction(
    async (tx) => {
      const tables: { table: PgTable; rows: Record<string, unknown>[] }[] = [];
      for (const table of TABLES) tables.push({ table, rows: await tx.select().from(table) });
      const schemaVersion = await appliedMigrations(tx);
      const header: Header = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        schemaVersion,
        schemaName: journal.entries[schemaVersion - 1]?.tag ?? '',
        createdAt: now.toISOString(),
        rows: Object.fromEntries(tables.map(({ table, rows }) => [getTableName(table), rows.length])),
      };
      async function* lines() {
        yield `${JSON.stringify(header)}\n`;
        for (const { table, rows } of tables) {
          for (const row of rows)
            yield `${JSON.stringify({ table: getTableName(table), row } satisfies Line)}\n`;
        }
      }
      await pipeline(lines, createGzip(), createWriteStream(file));
      return header;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts = await Promise.all(
    TABLES.map(async (table) => {
      const [result] = await db.select({ rows: count() }).from(table);
      return [getTableName(table), result?.rows ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts);
}

async function* readLines(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const unzipped = source.pipe(createGunzip());
  source.on('error', (error) => unzipped.destroy(error));
  const lines = createInterface({ input: unzipped, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) if (line !== '') yield line;
}

function checkHeader(line: string | undefined, file: string): Header {
  let header: Partial<Header> | null = null;
  try {
    header = line ? (JSON.parse(line) as Partial<Header>) : null;
  } catch {
    header = null;
  }
  if (header?.format !== FORMAT || header.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(`${file} is not a backup of this site (or it is damaged).`);
  }
  if ((header.schemaVersion ?? 0) > journal.entries.length) {
    throw new BackupError(
      `${file} comes from a newer version of the site (schema ${header.schemaName}); ` +
        'update this copy of the site first, then restore.',
    );
  }
  return header as Header;
}

const INSERT_BATCH = 200;

/**
 * Loads a backup into an empty database (migrated to this version of the site), all or nothing. A database
 * that holds any row is refused and left as it is.
 */
export async function restoreBackup(db: Database, file: string): Promise<Header> {
  const held = Object.entries(await rowCounts(db)).filter(([, rows]) => rows > 0);
  if (held.length > 0) {
    const what = held.map(([table, rows]) => `${rows} in ${table}`).join(', ');
    throw new BackupError(`The database already holds data (${what}): restore only into an empty database.`);
  }
  const lines = readLines(file);
  let first: string | undefined;
  try {
    first = (await lines.next()).value ?? undefined;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new BackupError(
      missing ? `There is no file ${file}.` : `${file} is not a backup of this site (or it is damaged).`,
    );
  }
  const header = checkHeader(first, file);
  const byName = new Map(TABLES.map((table) => [getTableName(table), table]));
  await db.transaction(async (tx) => {
    let table: PgTable | undefined;
    let rows: Record<string, unknown>[] = [];
    const flush = async () => {
      if (table && rows.length > 0) await tx.insert(table).values(rows);
      rows = [];
    };
    for await (const text of lines) {
      const line = JSON.parse(text) as Line;
      const next = byName.get(line.table);
      if (!next) throw new BackupError(`${file} names a table this site does not have: ${line.table}.`);
      if (next !== table || rows.length >= INSERT_BATCH) {
        await flush();
        table = next;
      }
      rows.push(revive(next, line.row));
    }
    await flush();
    // Rows came with their ids: the trail's sequence must continue after the highest one.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('audit_events', 'id'), coalesce(max(id), 1), max(id) is not null) from audit_events`,
    );
  });
  return header;
}

/** Every row of every table, in a stable order: what two databases must share to hold the same data. */
export async function everyRow(db: Database): Promise<Record<string, unknown[]>> {
  const tables = await Promise.all(
    TABLES.map(async (table) => {
      const rows = await db.select().from(table);
      const sorted = rows.map((row) => JSON.stringify(row)).sort();
      return [getTableName(table), sorted.map((row) => JSON.parse(row) as unknown)] as const;
    }),
  );
  return Object.fromEntries(tables);
}
