/**
 * `npm run admin:create -- --email you@example.com --password '…'`: creates a staff admin, or gives an
 * existing one a new password (signing it out everywhere). Uses the same DATABASE_URL / DATA_DIR as the server.
 */
import { parseArgs } from 'node:util';
import { DataDirInUseError, openDatabase } from '../src/db/client.ts';
import { ConfigError, loadConfig } from '../src/server/env.ts';
import { AdminInputError, createOrResetAdmin } from '../src/server/staff/admins.ts';

const USAGE = 'Usage: npm run admin:create -- --email you@example.com --password "at least 10 characters"';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.email || values.password === undefined) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { admin, created } = await createOrResetAdmin(database.db, {
      email: values.email,
      password: values.password,
    });
    console.log(created ? `Created the admin ${admin.email}.` : `Set a new password for ${admin.email}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = [AdminInputError, ConfigError, DataDirInUseError].some((type) => error instanceof type);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
