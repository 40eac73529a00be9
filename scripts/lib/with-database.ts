import { type DatabaseHandle, DataDirInUseError, openDatabase } from '../../src/db/client.ts';
import { type AppConfig, ConfigError, loadConfig } from '../../src/server/env.ts';

/**
 * Runs a command on the database the server is configured with (DATABASE_URL, or the embedded one in
 * DATA_DIR), prints what it says, and ends the process: a known problem as its message, anything else whole.
 */
export function withDatabase(
  work: (database: DatabaseHandle, config: AppConfig) => Promise<string>,
  knownErrors: (abstract new (...args: never[]) => Error)[] = [],
): void {
  const run = async () => {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      console.log(await work(database, config));
    } finally {
      await database.close();
    }
  };
  run().catch((error: unknown) => {
    const known = [ConfigError, DataDirInUseError, ...knownErrors].some((type) => error instanceof type);
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}
