/**
 * `npm run admin:create -- --email you@example.com --password '…'`: creates a staff admin, or gives an
 * existing one a new password (signing it out everywhere). Uses the same DATABASE_URL / DATA_DIR as the server.
 */
import { parseArgs } from 'node:util';
import { AdminInputError, createOrResetAdmin } from '../src/server/staff/admins.ts';
import { withDatabase } from './lib/with-database.ts';

const USAGE = 'Usage: npm run admin:create -- --email you@example.com --password "at least 10 characters"';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
});
const { email, password } = values;
if (values.help || !email || password === undefined) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
withDatabase(
  async (database) => {
    await database.migrate();
    const { admin, created } = await createOrResetAdmin(database.db, { email, password });
    return created ? `Created the admin ${admin.email}.` : `Set a new password for ${admin.email}.`;
  },
  [AdminInputError],
);
