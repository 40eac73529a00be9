import { createReadStream, createWriteStream, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { getTableName, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Database, MIGRATIONS_FOLDER } from './client.ts';
import {
  admins,
  auditEvents,
  bookingPayments,
  bookings,
  bookingTables,
  closures,
  contentMigrations,
  contentVersions,
  enquiries,
  events,
  guestErasureRequests,
  guestProfiles,
  idempotencyKeys,
  manageLinks,
  marketingConsents,
  occasionBookings,
  occasionClosures,
  occasionDiners,
  occasionOrganiserLinks,
  outboxMessages,
  rateLimitHits,
  recoveryCodes,
  sessions,
  staffSettings,
  staffTokens,
  standbyEntries,
  standbyOffers,
  stripeEvents,
  uploadedImages,
  voucherLedger,
  vouchers,
  walkInQueue,
} from './schema.ts';

/**
 * A backup is one gzip file of JSON lines: a header naming the format, the schema version (the last migration
 * applied) and how many rows each table has, then one line per row, table by table. A line ends at "\n" alone:
 * JSON text may hold U+2028 and U+2029 unescaped (files written before this reader do), and the reader never
 * splits at them; the writer escapes them all the same, so any tool reading lines sees the same ones (decision
 * 025). It restores into an empty database of either kind, so a pub that tried the site on the embedded
 * database moves to PostgreSQL with it; a backup of an older version is brought to this one as an upgrade
 * brings a live database (`restoreBackup`).
 */

const FORMAT = 'rose-and-crown-backup';
const FORMAT_VERSION = 1;

/** Every table, parents before children, so rows restore without breaking a foreign key. */
export const TABLES: readonly PgTable[] = [
  events,
  bookings,
  bookingTables,
  bookingPayments,
  closures,
  enquiries,
  idempotencyKeys,
  admins,
  sessions,
  staffTokens,
  recoveryCodes,
  staffSettings,
  occasionBookings,
  manageLinks,
  stripeEvents,
  occasionDiners,
  occasionOrganiserLinks,
  occasionClosures,
  standbyEntries,
  standbyOffers,
  walkInQueue,
  guestProfiles,
  vouchers,
  voucherLedger,
  outboxMessages,
  rateLimitHits,
  contentVersions,
  contentMigrations,
  uploadedImages,
  auditEvents,
  marketingConsents,
  guestErasureRequests,
];

const headerSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  /** How many migrations the database had, and the last one's name. */
  schemaVersion: z.int().min(0),
  schemaName: z.string(),
  createdAt: z.string(),
  /** Each table's rows in the file: a file that holds fewer lost its end. */
  rows: z.record(z.string(), z.int().min(0)),
});
type Header = z.infer<typeof headerSchema>;

const lineSchema = z.object({ table: z.string(), row: z.record(z.string(), z.unknown()) });

/** A backup refused or not written, in a sentence for whoever runs the site. */
export class BackupError extends Error {}

/** The file stops before its end: a copy or download cut short. */
class EndsEarly extends Error {}

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** How many migrations the database has had: none for a new one. */
async function appliedMigrations(db: Database): Promise<number> {
  const [made] = rowsOf<{ made: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as made`),
  );
  if (!made?.made) return 0;
  const [counted] = rowsOf<{ applied: number }>(
    await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
  );
  return counted?.applied ?? 0;
}

/**
 * Runs this version's migrations after the first `from` up to the `to`th in `tx`, each recorded as drizzle's
 * migrator records it (so the site's start finds them applied): inside the restore's transaction, which the
 * migrator's own would end.
 */
async function migrateWithin(tx: Database, from: number, to: number): Promise<void> {
  if (from >= to) return;
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations.slice(from, to)) {
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

/** The database's tables as they stand, whatever version made them. */
async function tablesIn(db: Database): Promise<Set<string>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  return new Set(tables.map((table) => table.table_name));
}

/** A row's column: its field in snake_case, as every table names its columns (the backup test holds them to it). */
export const columnOf = (field: string): string =>
  field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Stores rows of `table` as written, by column name rather than through this version's schema, so they fit the
 * table as it is (an older version's, while a backup of it is restored): PostgreSQL reads each value from its
 * JSON (an ISO instant into a timestamp, an array into an array column), and a column a row does not name
 * takes its default.
 */
async function insertRows(db: Database, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = sql.join(
    fields.map((field) => sql.identifier(columnOf(field))),
    sql`, `,
  );
  const values = rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([field, value]) => [columnOf(field), value])),
  );
  await db.execute(
    sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(values)}::jsonb)`,
  );
}

/** One line of the file, with U+2028 and U+2029 escaped so that no tool splitting lines cuts it. */
function jsonLine(value: unknown): string {
  const json = JSON.stringify(value).replace(
    /[\u2028\u2029]/g,
    (separator) => `\\u${separator.charCodeAt(0).toString(16)}`,
  );
  return `${json}\n`;
}

/**
 * Writes every table to `file` from one snapshot: on PostgreSQL a read-only repeatable-read transaction, so
 * bookings taken while it runs are either all in the file or not at all. The file is written aside, read back
 * whole (each table's rows counted against the header) and only then named `file`: a file by that name is a
 * backup that restores.
 */
export async function writeBackup(db: Database, file: string, now: Date): Promise<Header> {
  const aside = `${file}.partial`;
  try {
    const header = await writeSnapshot(db, aside, now);
    await readBackup(aside, { tablesFor: async () => TABLE_NAMES, take: () => undefined }).catch(
      (error: unknown) => {
        if (!(error instanceof BackupError)) throw error;
        throw new BackupError(
          `The backup did not read back as it was written, so ${file} was not saved. ${error.message}`,
        );
      },
    );
    renameSync(aside, file);
    return header;
  } finally {
    rmSync(aside, { force: true });
  }
}

async function writeSnapshot(db: Database, file: string, now: Date): Promise<Header> {
  return db.transaction(
    async (tx) => {
      const schemaVersion = await appliedMigrations(tx);
      const tables: { table: PgTable; rows: Record<string, unknown>[] }[] = [];
      // A new database the site never started on (nor restored into) has no tables: nothing to copy.
      if (schemaVersion > 0) {
        for (const table of TABLES) tables.push({ table, rows: await tx.select().from(table) });
      }
      const header: Header = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        schemaVersion,
        schemaName: journal.entries[schemaVersion - 1]?.tag ?? '',
        createdAt: now.toISOString(),
        rows: Object.fromEntries(tables.map(({ table, rows }) => [getTableName(table), rows.length])),
      };
      async function* lines() {
        yield jsonLine(header);
        for (const { table, rows } of tables) {
          for (const row of rows) yield jsonLine({ table: getTableName(table), row });
        }
      }
      await pipeline(lines, createGzip(), createWriteStream(file));
      return header;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The rows of each table the database has, whatever version made it (none, for a new one). */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesIn(db)) {
    const [result] = rowsOf<{ rows: number }>(
      await db.execute(sql`select count(*)::int as rows from ${sql.identifier(table)}`),
    );
    counts[table] = result?.rows ?? 0;
  }
  return counts;
}

/** The file's lines, split at "\n" alone (see the format above). */
async function* linesOf(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const text = source.pipe(createGunzip()).setEncoding('utf8');
  source.on('error', (error) => text.destroy(error));
  let rest = '';
  try {
    for await (const chunk of text) {
      const lines = `${rest}${chunk}`.split('\n');
      rest = lines.pop() ?? '';
      yield* lines;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') throw new EndsEarly();
    throw error;
  }
  if (rest !== '') throw new EndsEarly();
}

const notABackup = (file: string) =>
  new BackupError(`${file} is not a backup of this site (or it is damaged).`);

function checkHeader(text: string, file: string): Header {
  let header: Partial<Header> | null = null;
  try {
    header = JSON.parse(text) as Partial<Header> | null;
  } catch {
    header = null;
  }
  if (header?.format !== FORMAT || header.formatVersion !== FORMAT_VERSION) throw notABackup(file);
  if ((header.schemaVersion ?? 0) > journal.entries.length) {
    throw new BackupError(
      `${file} comes from a newer version of the site (schema ${header.schemaName}); ` +
        'update this copy of the site first, then restore.',
    );
  }
  const checked = headerSchema.safeParse(header);
  if (!checked.success) throw notABackup(file);
  return checked.data;
}

function parseLine(text: string): z.infer<typeof lineSchema> | undefined {
  try {
    return lineSchema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

/** A file whose rows are not all there: each short table with what it holds of what the header says. */
function checkRowCounts(header: Header, counted: Map<string, number>): void {
  const tables = [...new Set([...Object.keys(header.rows), ...counted.keys()])];
  const rows = (table: string) => counted.get(table) ?? 0;
  const expected = (table: string) => header.rows[table] ?? 0;
  const over = tables.filter((table) => rows(table) > expected(table));
  if (over.length > 0) {
    const what = over.map(
      (table) => `${table} has ${rows(table)} rows where its header says ${expected(table)}`,
    );
    throw new BackupError(`The backup file is damaged: ${what.join(', ')}.`);
  }
  const short = tables.filter((table) => rows(table) < expected(table));
  if (short.length > 0) {
    const what = short.map((table) => `${table} has ${rows(table)} of ${expected(table)} rows`);
    throw new BackupError(`The backup is incomplete: ${what.join(', ')}.`);
  }
}

const TABLE_NAMES: ReadonlySet<string> = new Set(TABLES.map((table) => getTableName(table)));

interface Reader {
  /** Once the header is read: the tables its rows may name. */
  tablesFor(header: Header): Promise<ReadonlySet<string>>;
  take(table: string, row: Record<string, unknown>, lineNumber: number): Promise<void> | undefined;
}

/**
 * Reads a backup through, handing `take` each row with its table and line number, and checks it whole: the
 * header, every line a row of a table the reader knows, the gzip stream to its end, and as many rows of each
 * table as the header says. A file that fails is refused in a sentence that says where.
 */
async function readBackup(file: string, reader: Reader): Promise<Header> {
  let header: Header | undefined;
  let tables: ReadonlySet<string> = new Set();
  let lineNumber = 0;
  let table = '';
  const counted = new Map<string, number>();
  const damaged = (what: string) => new BackupError(`The backup file is damaged: ${what}.`);
  try {
    for await (const text of linesOf(file)) {
      lineNumber += 1;
      if (!header) {
        header = checkHeader(text, file);
        tables = await reader.tablesFor(header);
        continue;
      }
      const line = parseLine(text);
      if (!line) throw damaged(`line ${lineNumber} is broken${table ? ` (table ${table})` : ''}`);
      if (!tables.has(line.table)) {
        throw new BackupError(`${file} names a table this site does not have: ${line.table}.`);
      }
      table = line.table;
      counted.set(table, (counted.get(table) ?? 0) + 1);
      await reader.take(table, line.row, lineNumber);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`There is no file ${file}.`);
    if (!header) throw notABackup(file);
    const where = `line ${lineNumber + 1}${table ? `, table ${table}` : ''}`;
    if (error instanceof EndsEarly) throw damaged(`it ends in the middle (${where})`);
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw damaged(`its compressed data is corrupt (${where})`);
    }
    throw error;
  }
  if (!header) throw notABackup(file);
  checkRowCounts(header, counted);
  return header;
}

/** PostgreSQL's words for a row it cannot store as it is (SQLSTATE classes 22 and 23: data, constraints). */
function rowRefusal(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23]/.test(code)) return current.message;
  }
  return undefined;
}

const INSERT_BATCH = 200;

/**
 * Loads a backup into an empty database, all or nothing: one transaction, which a damaged or incomplete file
 * rolls back. A new database (no migration yet) is first brought to the backup's version by this version's
 * migrations, takes the rows as they were written, then has the migrations since: a backup of an older version
 * comes out as that version's database would have after the upgrade. A database already migrated takes the rows
 * into its tables as they are (an older backup's columns added since at their defaults), and refuses an older
 * backup of a table it no longer has. A database that holds any row is refused and left as it is.
 */
export async function restoreBackup(db: Database, file: string): Promise<Header> {
  const held = Object.entries(await rowCounts(db)).filter(([, rows]) => rows > 0);
  if (held.length > 0) {
    const what = held.map(([table, rows]) => `${rows} in ${table}`).join(', ');
    throw new BackupError(`The database already holds data (${what}): restore only into an empty database.`);
  }
  try {
    return await db.transaction(async (tx) => {
      const applied = await appliedMigrations(tx);
      let batch: { table: string; rows: Record<string, unknown>[]; lines: [number, number] } | undefined;
      const flush = async () => {
        if (!batch) return;
        const { table, rows, lines } = batch;
        batch = undefined;
        try {
          await insertRows(tx, table, rows);
        } catch (error) {
          const refusal = rowRefusal(error);
          if (refusal === undefined) throw error;
          const where = lines[0] === lines[1] ? `line ${lines[0]}` : `lines ${lines[0]} to ${lines[1]}`;
          throw new BackupError(
            `The backup file is damaged: the rows of ${table} on ${where} cannot be stored (${refusal}).`,
          );
        }
      };
      const header = await readBackup(file, {
        tablesFor: async (header) => {
          await migrateWithin(tx, applied, header.schemaVersion);
          const tables = await tablesIn(tx);
          const gone = Object.entries(header.rows).flatMap(([table, rows]) =>
            rows > 0 && !tables.has(table) ? [table] : [],
          );
          if (applied > header.schemaVersion && gone.length > 0) {
            throw new BackupError(
              `${file} comes from an older version of the site (schema ${header.schemaName}) with tables this ` +
                `database no longer has (${gone.join(', ')}): restore it into a new database the site has not started on.`,
            );
          }
          return tables;
        },
        take: async (table, row, lineNumber) => {
          if (batch && (batch.table !== table || batch.rows.length >= INSERT_BATCH)) await flush();
          batch ??= { table, rows: [], lines: [lineNumber, lineNumber] };
          batch.rows.push(row);
          batch.lines[1] = lineNumber;
        },
      });
      await flush();
      await migrateWithin(tx, Math.max(applied, header.schemaVersion), migrations.length);
      // Rows came with their ids: the trail's sequence must continue after the highest one.
      await tx.execute(
        sql`select setval(pg_get_serial_sequence('audit_events', 'id'), coalesce(max(id), 1), max(id) is not null) from audit_events`,
      );
      return header;
    });
  } catch (error) {
    if (error instanceof BackupError) throw new BackupError(`${error.message} Nothing was restored.`);
    throw error;
  }
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
