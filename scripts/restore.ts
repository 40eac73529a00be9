/**
 * `npm run restore -- FILE`: loads a backup into the configured database, which must be empty (a new
 * PostgreSQL database, or a new DATA_DIR). With DATABASE_URL set, this is how the embedded database's data
 * moves to PostgreSQL. The photos kept beside the file (FILE.photos/) go into IMAGES_DIR. See docs/operations.md.
 */
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../src/db/backup.ts';
import { copyPhotosIn } from './lib/photos.ts';
import { withDatabase } from './lib/with-database.ts';

const USAGE = 'Usage: npm run restore -- rose-and-crown-2026-11-23.backup.gz';

const { positionals, values } = parseArgs({ options: { help: { type: 'boolean' } }, allowPositionals: true });
const [file] = positionals;
if (values.help || !file || positionals.length > 1) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
withDatabase(
  async (database, config) => {
    // The restore migrates the new database itself: to the backup's version first, then to this one.
    const header = await restoreBackup(database.db, file);
    const rows = Object.values(header.rows).reduce((sum, count) => sum + count, 0);
    const photos = copyPhotosIn(file, config.imagesDir);
    const photoNote = photos > 0 ? ` and ${photos} photos into ${config.imagesDir}` : '';
    return `Restored ${rows} rows from ${file} (made ${header.createdAt}) into ${database.kind}${photoNote}.`;
  },
  [BackupError],
);
