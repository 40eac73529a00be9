/**
 * The site started as docs/operations.md tells a pub to: NODE_ENV=production on PostgreSQL (a database of its
 * own, made here), the first staff account made with `npm run admin:create`, no Stripe keys. The production
 * smoke journey (production.spec.ts) runs against it. Takes TEST_DATABASE_URL (the PostgreSQL server), PORT.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PRODUCTION_STAFF } from './production-staff.ts';

const server = new URL(process.env.TEST_DATABASE_URL ?? '');
const databaseName = `production_smoke_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
// Earlier runs' databases, once nothing uses them: the journey's server is stopped, not asked to tidy up.
const { rows } = await admin.query<{ name: string }>(
  `select datname as name from pg_database where datname like 'production_smoke_%'
     and not exists (select 1 from pg_stat_activity where datname = pg_database.datname)`,
);
for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
await admin.query(`CREATE DATABASE ${databaseName}`);
await admin.end();

const environment = {
  NODE_ENV: 'production',
  DATABASE_URL: Object.assign(new URL(server), { pathname: `/${databaseName}` }).toString(),
  PUBLIC_URL: `http://localhost:${process.env.PORT}`,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: process.env.DATA_DIR ?? '',
};
Object.assign(process.env, environment);
execFileSync(
  process.execPath,
  ['scripts/admin-create.ts', '--email', PRODUCTION_STAFF.email, '--password', PRODUCTION_STAFF.password],
  { stdio: 'inherit', env: process.env },
);
await import('../../src/server/server.ts');
