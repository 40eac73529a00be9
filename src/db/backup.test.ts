import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../tests/helpers/admin-session.ts';
import { BEFORE_CUTOFF, christmasOrder, phoneBooking } from '../../tests/helpers/christmas.ts';
import { deliverQueuedMail } from '../../tests/helpers/outbox.ts';
import { databaseTargets, postgres, startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { BackupError, everyRow, restoreBackup, TABLES, writeBackup } from './backup.ts';
import { openPglite } from './client.ts';
import { auditEvents } from './schema.ts';

const root = resolve(import.meta.dirname, '../..');
const pglite = databaseTargets[0] as (typeof databaseTargets)[number];

/** A site that has been used: bookings, an event, a closure, Christmas orders paid and by phone, staff. */
async function fillTheSite(t: TestApp): Promise<void> {
  await createTestAdmin(t);
  const cookie = await signIn(t);
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object, status: number) => {
    const response = await t.app.inject({ method, url, payload, headers: { cookie } });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
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
  await send('POST', '/api/christmas/admin/bookings', phoneBooking(), 201);
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
      'events',
      'closures',
      'admins',
      'sessions',
      'christmas_bookings',
      'content_versions',
    ] as const) {
      expect(originalRows[table]?.length, table).toBeGreaterThan(0);
    }
  });

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
  );
});
