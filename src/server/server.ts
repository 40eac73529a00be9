import { enableCompileCache } from 'node:module';
import { resolve } from 'node:path';
import { resolveDrizzleDirectly } from './lib/drizzle-resolution.ts';

// Both before the rest of the server loads: V8 keeps the code it compiled (and the types stripped) on disk
// for the next start, and drizzle-orm resolves without Node's cost per file.
enableCompileCache(resolve(import.meta.dirname, '../../node_modules/.cache/node-compile-cache'));
resolveDrizzleDirectly();
const [{ DataDirInUseError, openDatabase }, { ConfigError, loadConfig }] = await Promise.all([
  import('#db/client.ts'),
  import('./env.ts'),
]);

async function main(): Promise<void> {
  const config = loadConfig();
  // The database opens and migrates while the rest of the server loads.
  const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).then(
    async (database) => {
      await database.migrate();
      return database;
    },
  );
  const [database, { buildApp }, { seedDemoData }, { ensureStartupAdmin }] = await Promise.all([
    opening,
    import('./http/app.ts'),
    import('#db/seed.ts'),
    import('./staff/admins.ts'),
  ]);
  const app = await buildApp({ config, database });
  // Dated by the app's clock, so a server with a test clock finds its demo days where its clock is.
  if (config.seedDemo && (await seedDemoData(database.db, app.clock()))) {
    app.log.info('Seeded demo events and bookings');
  }
  const adminNotice = await ensureStartupAdmin(database.db, config);
  if (adminNotice) app.log[adminNotice.level](adminNotice.message);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.publicUrl} is serving (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
