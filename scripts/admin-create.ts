/**
 * `npm run admin:create -- --email you@example.com --password '…' [--name 'Your Name']`: creates an owner, or
 * gives an existing account a new password (signing it out everywhere; its role stays). Uses the same
 * DATABASE_URL / DATA_DIR as the server.
 */
import { parseArgs } from 'node:util';
import { AdminInputError, createOrResetAdmin } from '../src/server/staff/admins.ts';
import { withDatabase } from './lib/with-database.ts';

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com --password "at least 10 characters" [--name "Your Name"]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    help: { type: 'boolean' },
  },
});
const { email, password, name } = values;
if (values.help || !email || password === undefined) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
withDatabase(
  async (database) => {
    await database.migrate();
    const { admin, created } = await createOrResetAdmin(database.db, { email, password, name });
    return created
      ? `Created the owner ${admin.name} (${admin.email}).`
      : `Set a new password for ${admin.email} (${admin.role}).`;
  },
  [AdminInputError],
);
