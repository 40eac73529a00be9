/**
 * `npm run backup -- --out FILE`: every table of the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR) into one compressed file, from one consistent snapshot, read back before it is named FILE, and the
 * uploaded photos (IMAGES_DIR) into FILE.photos/ beside it. See docs/operations.md.
 */
import { parseArgs } from 'node:util';
import { BackupError, writeBackup } from '../src/db/backup.ts';
import { copyPhotosOut, photosFolderOf } from './lib/photos.ts';
import { withDatabase } from './lib/with-database.ts';

const USAGE = 'Usage: npm run backup -- --out rose-and-crown-2026-11-23.backup.gz';

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
const file = values.out;
if (values.help || !file) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
withDatabase(
  async (database, config) => {
    const header = await writeBackup(database.db, file, new Date());
    const rows = Object.values(header.rows).reduce((sum, count) => sum + count, 0);
    const photos = copyPhotosOut(config.imagesDir, file);
    const photoNote = photos > 0 ? ` and ${photos} photos to ${photosFolderOf(file)}` : '';
    return `Backed up ${rows} rows (schema ${header.schemaName}) from ${database.kind} to ${file}${photoNote}, and read every row back from the file.`;
  },
  [BackupError],
);
