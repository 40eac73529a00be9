import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { asc, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { BEFORE_CUTOFF, christmasOrder, phoneBooking } from '#tests/helpers/christmas.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import {
  databaseAtRelease,
  selectChristmasBookings,
  selectReservations,
} from '#tests/helpers/previous-release.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { saveTables } from '#tests/helpers/tables.ts';
import { databaseTargets, pglite, postgres, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { BackupError, columnOf, everyRow, restoreBackup, TABLES, writeBackup } from './backup.ts';
import { type Database, openPglite } from './client.ts';
import { auditEvents, contentVersions, manageLinks, occasionBookings, occasionClosures } from './schema.ts';

const root = resolve(import.meta.dirname, '../..');

/** `node script args` as an operator runs it, with only `env` set: its exit status and what it printed. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

/** A backup's lines as written, each ended by "\n" alone. */
function backupLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').replace(/\n$/, '').split('\n');
}

/** The migrations a database has had, as drizzle's migrator records them. */
async function migrationsOf(db: Database): Promise<unknown[]> {
  const result = await db.execute(
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
}

const tableOf = (line: string | undefined) => (JSON.parse(line ?? '{}') as { table?: string }).table;

/** What `restoreBackup` says of a backup whose last `lost` lines are gone. */
function incompleteMessage(lines: string[], lost: number): string {
  const header = JSON.parse(lines[0] ?? '{}') as { rows: Record<string, number> };
  const missing = new Map<string, number>();
  for (const line of lines.slice(-lost)) {
    const table = tableOf(line) ?? '';
    missing.set(table, (missing.get(table) ?? 0) + 1);
  }
  const short = [...missing].map(([table, rows]) => {
    const all = header.rows[table] ?? 0;
    return `${table} has ${all - rows} of ${all} rows`;
  });
  return `The backup is incomplete: ${short.join(', ')}. Nothing was restored.`;
}

/**
 * A site that has been used: bookings at their tables, an event, a closure, Christmas orders paid and by phone,
 * staff.
 */
async function fillTheSite(t: TestApp): Promise<void> {
  await createTestAdmin(t);
  const cookie = await signIn(t);
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object, status: number) => {
    const response = await t.app.inject({ method, url, payload, headers: { cookie } });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
  // In tables mode, so each booking holds a table (issue 28).
  await saveTables(t, { ...seedContent.tables, mode: 'tables' });
  for (const [timeSlot, name] of [
    ['19:00', 'Ada Lovelace'],
    ['19:30', 'Grace Hopper'],
  ] as const) {
    await send(
      'POST',
      '/api/bookings',
      {
        name,
        phone: '07700 900123',
        email: 'guest@example.com',
        date: '2026-12-08',
        timeSlot,
        partyAdults: 2,
        allergies: 'Peanuts\nand "shellfish"',
        // Line and paragraph separators: JSON keeps them raw, and a reader splitting lines as JavaScript does
        // would cut the row in two.
        specialNotes: 'By the window\u2028if we may\u2029thank you',
        occasion: 'Birthday',
      },
      201,
    );
  }
  await send(
    'POST',
    '/api/events',
    { title: 'Quiz Night', slug: 'quiz-night', date: '2026-12-10', time: '19:30', tags: 'quiz, music' },
    201,
  );
  await send('POST', '/api/closures', { date: '2026-12-09', service: 'lunch', reason: 'Staff party' }, 201);
  await send('POST', '/api/christmas/admin/bookings', phoneBooking({}, { depositMethod: 'cash' }), 201);
  await send('POST', '/api/christmas/admin/closures', { sittingId: 'xmas-late', reason: 'Full' }, 201);
  const { url } = await send(
    'POST',
    '/api/stripe/create-checkout-session',
    christmasOrder({ adults: 3 }),
    201,
  );
  const pid = new URL(url).searchParams.get('pid');
  await send('POST', `/api/christmas/demo-checkout/${pid}/pay`, {}, 200);
  // Sent now, so the rows compared below are not changed by the sender in the meantime.
  await deliverQueuedMail(t.app);
}

describe('backup and restore', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pub-backup-'));
  let original: TestApp;
  let originalRows: Record<string, unknown[]>;
  const file = join(folder, 'site.backup.gz');

  beforeAll(async () => {
    original = await startTestApp(pglite, BEFORE_CUTOFF);
    await fillTheSite(original);
    originalRows = await everyRow(original.database.db);
    await writeBackup(original.database.db, file, BEFORE_CUTOFF);
  });
  afterAll(async () => {
    await original.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A copy of the backup, its lines changed by `edit`. */
  function editedCopy(name: string, edit: (lines: string[]) => string[]): string {
    const copy = join(folder, name);
    writeFileSync(copy, gzipSync(`${edit(backupLines(file)).join('\n')}\n`));
    return copy;
  }

  it('backs up every table of the schema', async () => {
    const result = await original.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map(
      (row) => row.table_name,
    );
    expect(TABLES.map((table) => getTableName(table)).sort()).toEqual(tables.sort());
  });

  it('backed up a site with something in every part of it', () => {
    for (const table of [
      'bookings',
      'booking_tables',
      'events',
      'closures',
      'admins',
      'sessions',
      'occasion_bookings',
      'occasion_diners',
      'occasion_closures',
      'content_versions',
    ] as const) {
      expect(originalRows[table]?.length, table).toBeGreaterThan(0);
    }
    // Christmas Day's bookings are occasion bookings (decision 049); issue 27's column: how staff took a phone
    // booking's deposit.
    expect(originalRows.occasion_bookings).toContainEqual(
      expect.objectContaining({ occasionSlug: 'christmas-day', source: 'phone', paymentMethod: 'cash' }),
    );
    expect(originalRows.occasion_bookings).toContainEqual(
      expect.objectContaining({ occasionSlug: 'christmas-day', source: 'online', status: 'CONFIRMED' }),
    );
  });

  it.each(databaseTargets)(
    'restores every row into an empty database ($name), a guest’s line separators included',
    async (target) => {
      const text = gunzipSync(readFileSync(file)).toString('utf8');
      // Written escaped: any tool reading the file line by line keeps each row whole.
      expect(text).not.toMatch(/[\u2028\u2029]/);
      expect(text).toContain('By the window\\u2028if we may\\u2029thank you');
      const empty = await target.open();
      try {
        await empty.migrate();
        await restoreBackup(empty.db, file);
        expect(await everyRow(empty.db)).toEqual(originalRows);
      } finally {
        await empty.dispose();
      }
    },
  );

  it.each(databaseTargets)(
    'restores into a new database the site has not started on, migrating it as the site would ($name)',
    async (target) => {
      const fresh = await target.open();
      try {
        await restoreBackup(fresh.db, file);
        expect(await everyRow(fresh.db)).toEqual(originalRows);
        // Recorded as the site's own start records them: it finds nothing left to run.
        expect(await migrationsOf(fresh.db)).toEqual(await migrationsOf(original.database.db));
        await fresh.migrate();
        expect(await migrationsOf(fresh.db)).toEqual(await migrationsOf(original.database.db));
      } finally {
        await fresh.dispose();
      }
    },
  );

  it('names every column as its field in snake_case, the name a restore stores each value under', () => {
    for (const table of TABLES) {
      for (const [field, column] of Object.entries(getTableColumns(table))) {
        expect(columnOf(field), `${getTableName(table)}.${field}`).toBe(column.name);
      }
    }
  });

  it('reads the separators raw too, as backups written before they were escaped hold them', async () => {
    const raw = editedCopy('raw-separators.backup.gz', (lines) =>
      lines.map((line) => line.replaceAll('\\u2028', '\u2028').replaceAll('\\u2029', '\u2029')),
    );
    expect(gunzipSync(readFileSync(raw)).toString('utf8')).toContain('By the window\u2028if we may');
    const empty = await openPglite();
    try {
      await empty.migrate();
      await restoreBackup(empty.db, raw);
      expect(await everyRow(empty.db)).toEqual(originalRows);
    } finally {
      await empty.close();
    }
  });

  it.each(databaseTargets)(
    'refuses a backup cut short or damaged in a sentence that says where, leaving the database empty ($name)',
    async (target) => {
      const lines = backupLines(file);
      const bytes = readFileSync(file);
      const cut = join(folder, 'cut.backup.gz');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      const bookingLines = lines.flatMap((line, index) => (tableOf(line) === 'bookings' ? [index + 1] : []));
      const refusals: [string, string | RegExp][] = [
        [editedCopy('truncated.backup.gz', (all) => all.slice(0, -3)), incompleteMessage(lines, 3)],
        [
          cut,
          /^The backup file is damaged: it ends in the middle \(line \d+, table [a-z_]+\)\. Nothing was restored\.$/,
        ],
        [
          editedCopy('broken-line.backup.gz', (all) =>
            all.map((line, index) => (index === 4 ? line.slice(0, 40) : line)),
          ),
          `The backup file is damaged: line 5 is broken (table ${tableOf(lines[3])}). Nothing was restored.`,
        ],
        [
          editedCopy('unstorable.backup.gz', (all) =>
            all.map((line) =>
              tableOf(line) === 'bookings' ? line.replace(/"partyAdults":\d+/, '"partyAdults":"lots"') : line,
            ),
          ),
          new RegExp(
            `^The backup file is damaged: the rows of bookings on lines ${bookingLines[0]} to ${bookingLines.at(-1)} cannot be stored \\(.*"lots".*\\)\\. Nothing was restored\\.$`,
          ),
        ],
      ];
      const empty = await target.open();
      try {
        await empty.migrate();
        for (const [backup, message] of refusals) {
          await expect(restoreBackup(empty.db, backup), backup).rejects.toThrow(message);
          expect(Object.values(await everyRow(empty.db)).flat(), backup).toEqual([]);
        }
        await restoreBackup(empty.db, file);
        expect(await everyRow(empty.db)).toEqual(originalRows);
      } finally {
        await empty.dispose();
      }
    },
  );

  // Two Node processes, each starting the embedded database: 31 s on a loaded 2-core machine.
  it('npm run restore refuses an incomplete backup in one sentence; npm run backup reads its file back', () => {
    const dataDir = join(folder, 'refused');
    const truncated = editedCopy('one-line-short.backup.gz', (all) => all.slice(0, -1));
    const refused = runScript('scripts/restore.ts', [truncated], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`${incompleteMessage(backupLines(file), 1)}\n`);
    const again = join(folder, 'after-refusal.backup.gz');
    const backedUp = runScript('scripts/backup.ts', ['--out', again], { DATA_DIR: dataDir });
    // Nothing was restored: the database holds no row.
    expect(backedUp.stdout).toMatch(
      new RegExp(`^Backed up 0 rows .* to ${again}, and read every row back from the file\\.\\n$`),
    );
    expect(backupLines(again)).toHaveLength(1);
    expect(existsSync(`${again}.partial`)).toBe(false);
  }, 120_000);

  it.skipIf(!postgres)(
    'round-trips PGlite → file → PostgreSQL → file → PGlite with every row intact',
    async () => {
      const onPostgres = await (postgres as NonNullable<typeof postgres>).open();
      const back = await openPglite();
      try {
        await onPostgres.migrate();
        await restoreBackup(onPostgres.db, file);
        expect(await everyRow(onPostgres.db)).toEqual(originalRows);
        const second = join(folder, 'from-postgres.backup.gz');
        await writeBackup(onPostgres.db, second, BEFORE_CUTOFF);
        await back.migrate();
        await restoreBackup(back.db, second);
        expect(await everyRow(back.db)).toEqual(originalRows);
        // The restored trail's ids came with it: a new entry must not collide with them.
        await back.db.insert(auditEvents).values({
          at: BEFORE_CUTOFF,
          actorKind: 'system',
          actorName: 'System',
          type: 'retention.run',
          subjectType: 'site',
          summary: 'After a restore',
        });
      } finally {
        await onPostgres.dispose();
        await back.close();
      }
    },
  );

  it.each(databaseTargets)(
    'refuses to restore into a database that holds data ($name), changing nothing',
    async (target) => {
      const used = await startTestApp(target, BEFORE_CUTOFF);
      try {
        await fillTheSite(used);
        const before = await everyRow(used.database.db);
        await expect(restoreBackup(used.database.db, file)).rejects.toThrow(
          /^The database already holds data \(.*2 in bookings.*\): restore only into an empty database\.$/,
        );
        expect(await everyRow(used.database.db)).toEqual(before);
      } finally {
        await used.close();
      }
    },
  );

  it('refuses a file from a newer version of the site, and a file that is not a backup', async () => {
    const empty = await openPglite();
    try {
      await empty.migrate();
      const newer = join(folder, 'newer.backup.gz');
      const header = {
        format: 'rose-and-crown-backup',
        formatVersion: 1,
        schemaVersion: 999,
        schemaName: '0998_future',
      };
      writeFileSync(newer, gzipSync(`${JSON.stringify(header)}\n`));
      await expect(restoreBackup(empty.db, newer)).rejects.toThrow(
        `${newer} comes from a newer version of the site (schema 0998_future); update this copy of the site first, then restore.`,
      );
      const notABackup = join(folder, 'notes.txt');
      writeFileSync(notABackup, 'shopping list');
      await expect(restoreBackup(empty.db, notABackup)).rejects.toThrow(BackupError);
      await expect(restoreBackup(empty.db, join(folder, 'missing.gz'))).rejects.toThrow('There is no file');
      expect(Object.values(await everyRow(empty.db)).flat()).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  // What docs/operations.md tells a pub to type to move the embedded database to PostgreSQL.
  it.skipIf(!postgres)(
    'moves the embedded database to PostgreSQL with the two documented commands',
    async () => {
      const dataDir = join(folder, 'data');
      const run = (script: string, args: string[], env: Record<string, string>) =>
        execFileSync(process.execPath, [script, ...args], {
          cwd: root,
          env: { PATH: process.env.PATH, ...env },
          encoding: 'utf8',
          stdio: 'pipe',
        });
      expect(run('scripts/restore.ts', [file], { DATA_DIR: dataDir })).toContain('Restored');
      // An uploaded photo's copies, as the server stores them in DATA_DIR/images.
      mkdirSync(join(dataDir, 'images', 'photo-id'), { recursive: true });
      writeFileSync(join(dataDir, 'images', 'photo-id', '480.webp'), 'webp bytes');
      const moved = join(folder, 'moved.backup.gz');
      expect(run('scripts/backup.ts', ['--out', moved], { DATA_DIR: dataDir })).toContain(
        `to ${moved} and 1 photos to ${moved}.photos`,
      );
      const imagesDir = join(folder, 'server-images');
      const target = await (postgres as NonNullable<typeof postgres>).open();
      try {
        await target.migrate();
        expect(
          run('scripts/restore.ts', [moved], { DATABASE_URL: target.url ?? '', IMAGES_DIR: imagesDir }),
        ).toContain('into postgres and 1 photos');
        expect(await everyRow(target.db)).toEqual(originalRows);
        expect(readFileSync(join(imagesDir, 'photo-id', '480.webp'), 'utf8')).toBe('webp bytes');
      } finally {
        await target.dispose();
      }
    },
    // Three Node processes, two of them starting the embedded database: 10 s alone, 34 s on a busy machine.
    120_000,
  );
});

/** A raw row's columns as the schema's fields: a row as the release's own schema selected it. */
function fieldsOf(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}

const CHRISTMAS_TABLES = ['christmas_bookings', 'christmas_reservations', 'christmas_closures'];

/**
 * A backup as the release of migration 0027 wrote it: the file's format (header, then a line per row), 28
 * migrations the last 0027, and every table as that release's schema selected it (its columns, not this
 * version's, which has added some since): Christmas Day's own three first (they name no other table; the manage
 * links name its bookings), then the tables the two releases share, parents before children.
 */
async function writePreviousReleaseBackup(db: Database, file: string): Promise<void> {
  const rows: Record<string, number> = {};
  const lines: string[] = [];
  for (const table of [...CHRISTMAS_TABLES, ...TABLES.map((shared) => getTableName(shared))]) {
    // As JSON, instants in ISO 8601 as the release's writer gave them.
    const result = await db.execute(sql`select to_jsonb(t) as row from ${sql.identifier(table)} t`);
    const selected = (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows;
    rows[table] = selected.length;
    lines.push(...selected.map(({ row }) => JSON.stringify({ table, row: fieldsOf(row) })));
  }
  const header = {
    format: 'rose-and-crown-backup',
    formatVersion: 1,
    schemaVersion: 28,
    schemaName: '0027_occasion_party_notes',
    createdAt: BEFORE_CUTOFF.toISOString(),
    rows,
  };
  writeFileSync(file, gzipSync(`${[JSON.stringify(header), ...lines].join('\n')}\n`));
}

const ONLINE = '00000000-0000-4000-8000-0000000000b1';
const PHONE = '00000000-0000-4000-8000-0000000000b2';
const PAID_CHECKOUT = '00000000-0000-4000-8000-0000000000c1';
const PENDING_CHECKOUT = '00000000-0000-4000-8000-0000000000c2';
const CLOSURE = '00000000-0000-4000-8000-0000000000d1';

describe('a backup of the previous release, Christmas Day in its own tables', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pub-old-backup-'));
  const file = join(folder, 'release-0027.backup.gz');
  let content: unknown[];

  beforeAll(async () => {
    const { database, close } = await databaseAtRelease('0027_occasion_party_notes');
    try {
      const season = {
        year: 2026,
        date: '2026-12-25',
        sittings: [
          { id: 'xmas-early', start: '12:00', end: '14:00', capacity: 30 },
          { id: 'xmas-late', start: '14:30', end: '16:30', capacity: 32 },
        ],
        prices: { adult: 95, child: 50, depositPerGuest: 25, cheeseBoardSupplement: 10 },
        onlineCutoff: '2026-12-23T23:59',
      };
      const order = (guests: number) =>
        JSON.stringify({
          starters: [{ item: 'parsnip-soup', count: guests - 1 }],
          mains: [{ item: 'roast-turkey', count: guests }],
          desserts: [{ item: 'cheese-board', count: guests }],
        });
      await database.db.execute(sql`
        insert into content_versions (key, version, document, saved_by)
        values ('christmas-season', 1, ${JSON.stringify(season)}::jsonb, 'Jo Baker')`);
      await database.db.execute(sql`
        insert into christmas_bookings (id, reference, sitting_id, sitting_label, name, email, phone, party_adults,
          party_children, party_size, status, selections, allergies, special_notes, total_pence,
          deposit_paid_pence, deposit_method, source, reservation_id, cancelled_by, refund_pence, made_by,
          changed_by, created_at, updated_at)
        values
          (${ONLINE}, 'XMAS-MG42', 'xmas-early', '12pm–2pm', 'Margaret Ellis', 'margaret@example.com',
            '07700 900123', 3, 0, 3, 'CONFIRMED', ${order(3)}::jsonb, 'Coeliac', 'A quiet corner', 31500, 7500,
            null, 'online', ${PAID_CHECKOUT}, null, null, null, null, '2026-11-02T10:06:00Z',
            '2026-11-02T10:06:00Z'),
          (${PHONE}, 'XMAS-CG88', 'xmas-late', '2:30pm–4:30pm', 'Cora Grantham', 'cora@example.com',
            '0118 496 0777', 2, 0, 2, 'CANCELLED', ${order(2)}::jsonb, '', '', 21000, 5000, 'cash', 'phone',
            null, 'staff', 5000, 'Sam Carter', 'Jo Baker', '2026-11-05T12:00:00Z', '2026-11-25T16:00:00Z')`);
      await database.db.execute(sql`
        insert into christmas_reservations (id, pid, state, sitting_id, name, email, phone, party_adults,
          party_children, selections, total_pence, deposit_pence, utm_source, holder_ip, expires_at,
          stripe_session_id, payment_intent_id, amount_paid_pence, booking_id, created_at, updated_at)
        values
          (${PAID_CHECKOUT}, 'pid-margaret', 'PAID_CONFIRMED', 'xmas-early', 'Margaret Ellis',
            'margaret@example.com', '07700 900123', 3, 0, ${order(3)}::jsonb, 31500, 7500, 'facebook',
            '203.0.113.7', '2026-11-02T10:35:00Z', 'cs_test_margaret', 'pi_margaret', 7500, ${ONLINE},
            '2026-11-02T10:05:00Z', '2026-11-02T10:06:00Z'),
          (${PENDING_CHECKOUT}, 'pid-violet', 'PENDING', 'xmas-late', 'Violet Crawley', 'violet@example.com',
            '07700 900777', 2, 0, ${order(2)}::jsonb, 21000, 5000, null, '192.0.2.44', '2026-12-01T10:30:00Z',
            'cs_test_violet', null, null, null, '2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z')`);
      await database.db.execute(sql`
        insert into christmas_closures (id, sitting_id, reason, created_at)
        values (${CLOSURE}, 'xmas-late', 'Fully booked', '2026-11-20T09:00:00Z')`);
      await database.db.execute(sql`
        insert into manage_links (token_hash, christmas_booking_id, created_at)
        values ('hash-of-margarets-link', ${ONLINE}, '2026-11-02T10:06:00Z')`);
      await writePreviousReleaseBackup(database.db, file);
      // As `everyRow` answers them (instants as text); it cannot read that release's other tables.
      const versions = await database.db.select().from(contentVersions);
      content = JSON.parse(JSON.stringify(versions));
    } finally {
      await close();
    }
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each(databaseTargets)(
    'restores into a new database ($name) as the upgrade would have left it: Christmas Day onto the occasions',
    async (target) => {
      const fresh = await target.open();
      try {
        expect(await restoreBackup(fresh.db, file)).toMatchObject({
          schemaVersion: 28,
          schemaName: '0027_occasion_party_notes',
          rows: { christmas_bookings: 2, christmas_reservations: 2, christmas_closures: 1, manage_links: 1 },
        });
        const dishes = (guests: number) => ({
          starters: [{ item: 'parsnip-soup', count: guests - 1 }],
          mains: [{ item: 'roast-turkey', count: guests }],
          desserts: [{ item: 'cheese-board', count: guests }],
        });
        expect(
          await selectChristmasBookings(fresh.db, undefined, { orderBy: [asc(occasionBookings.reference)] }),
        ).toMatchObject([
          {
            id: PHONE,
            reference: 'XMAS-CG88',
            status: 'CANCELLED',
            selections: dishes(2),
            depositPaidPence: 5000,
            depositMethod: 'cash',
            source: 'phone',
            cancelledBy: 'staff',
            refundPence: 5000,
            refundId: null,
            madeBy: 'Sam Carter',
            changedBy: 'Jo Baker',
          },
          {
            id: ONLINE,
            reference: 'XMAS-MG42',
            status: 'CONFIRMED',
            selections: dishes(3),
            allergies: 'Coeliac',
            specialNotes: 'A quiet corner',
            totalPence: 31500,
            depositPaidPence: 7500,
            source: 'online',
            reservationId: ONLINE,
          },
        ]);
        const checkouts = await selectReservations(fresh.db, undefined, {
          orderBy: [asc(occasionBookings.createdAt)],
        });
        expect(checkouts.map(({ id, pid, state }) => ({ id, pid, state }))).toEqual([
          { id: ONLINE, pid: 'pid-margaret', state: 'PAID_CONFIRMED' },
          { id: PENDING_CHECKOUT, pid: 'pid-violet', state: 'PENDING' },
        ]);
        expect(checkouts[0]).toMatchObject({
          stripeSessionId: 'cs_test_margaret',
          paymentIntentId: 'pi_margaret',
          amountPaidPence: 7500,
          utmSource: 'facebook',
          holderIp: '203.0.113.7',
        });
        expect(await fresh.db.select().from(occasionClosures)).toMatchObject([
          { id: CLOSURE, occasionSlug: 'christmas-day', date: '2026-12-25', sittingId: 'xmas-late' },
        ]);
        expect(await fresh.db.select().from(manageLinks)).toMatchObject([
          { tokenHash: 'hash-of-margarets-link', christmasBookingId: ONLINE },
        ]);
        const rows = await everyRow(fresh.db);
        expect(rows.content_versions).toEqual(content);
        const gone = await fresh.db.execute(
          sql`select to_regclass('christmas_bookings') as bookings, to_regclass('christmas_reservations') as checkouts`,
        );
        expect((gone as unknown as { rows: unknown[] }).rows).toEqual([{ bookings: null, checkouts: null }]);
        // The site starts on it as on any database of this version.
        const applied = await migrationsOf(fresh.db);
        await fresh.migrate();
        expect(await migrationsOf(fresh.db)).toEqual(applied);
        expect(applied).toHaveLength(
          (
            JSON.parse(readFileSync(join(root, 'src/db/migrations/meta/_journal.json'), 'utf8')) as {
              entries: unknown[];
            }
          ).entries.length,
        );
      } finally {
        await fresh.dispose();
      }
    },
  );

  it('is refused by a database this version has already migrated, which stays empty', async () => {
    const migrated = await openPglite();
    try {
      await migrated.migrate();
      await expect(restoreBackup(migrated.db, file)).rejects.toThrow(
        `${file} comes from an older version of the site (schema 0027_occasion_party_notes) with tables this ` +
          'database no longer has (christmas_bookings, christmas_reservations, christmas_closures): restore it ' +
          'into a new database the site has not started on. Nothing was restored.',
      );
      expect(Object.values(await everyRow(migrated.db)).flat()).toEqual([]);
    } finally {
      await migrated.close();
    }
  });
});
