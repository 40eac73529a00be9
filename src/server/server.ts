import { DataDirInUseError, openDatabase } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { ConfigError, loadConfig } from './env.ts';
import { buildApp } from './http/app.ts';
import { ensureStartupAdmin } from './staff/admins.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.seedDemo && (await seedDemoData(database.db))) {
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
