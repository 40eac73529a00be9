import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterArchiveFor, clusterArchivePath, writeClusterArchive } from './pglite-cluster.ts';

describe('the PGlite cluster made at build time', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pglite-cluster-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is named by the PGlite version that made it, inside the build', () => {
    expect(clusterArchivePath()).toMatch(/\/dist\/pglite\/cluster-\d+\.\d+\.\d+\.tar\.gz$/);
  });

  it('starts an empty data directory, which then opens as any other, and is left alone once it has data', async () => {
    const archive = await writeClusterArchive(join(folder, 'cluster.tar.gz'));
    expect(readdirSync(folder)).toEqual(['cluster.tar.gz']);
    const pgliteDir = join(folder, 'pglite');
    expect(clusterArchiveFor(pgliteDir, join(folder, 'missing.tar.gz'))).toBeUndefined();

    const first = new PGlite({ dataDir: pgliteDir, loadDataDir: clusterArchiveFor(pgliteDir, archive) });
    await first.query('create table kept (note text)');
    await first.query("insert into kept values ('from the archive')");
    await first.close();

    expect(clusterArchiveFor(pgliteDir, archive)).toBeUndefined();
    const again = new PGlite({ dataDir: pgliteDir });
    expect((await again.query('select note from kept')).rows).toEqual([{ note: 'from the archive' }]);
    await again.close();
  }, 60_000);
});
