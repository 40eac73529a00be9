import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium.ts';
import { TABLES_EVENING } from './tests/e2e/journey-days.ts';

const PORT = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${PORT}`;
/** The Christmas journeys' own server, its clock frozen before this season's cut-off (see christmas.spec.ts). */
const CHRISTMAS_PORT = PORT + 1;
/** The site as deployed (production settings on PostgreSQL): where there is a PostgreSQL server to test on. */
const PRODUCTION_PORT = PORT + 2;
/** The tables journeys' own server (tables.spec.ts): in tables mode, its clock frozen on a Friday evening. */
const TABLES_PORT = PORT + 3;
const PRODUCTION_JOURNEY = /production\.spec\.ts$/;
const CONTENT_JOURNEYS = /content-admin\.spec\.ts$/;
const productionDatabase = process.env.TEST_DATABASE_URL;
/**
 * The main server's data folder; the journeys read the e-mails it writes to `outbox/` there. Made once: the
 * workers load this file again and inherit the variable.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pub-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
/** The Christmas server's data folder, likewise: its journeys read the e-mails in its `outbox/`. */
process.env.E2E_CHRISTMAS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pub-e2e-christmas-'));
const christmasDataDir = process.env.E2E_CHRISTMAS_DATA_DIR;
/** The tables server's data folder, likewise. */
process.env.E2E_TABLES_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pub-e2e-tables-'));
const tablesDataDir = process.env.E2E_TABLES_DATA_DIR;
/** Where staff-sessions.setup.ts keeps the owner's session on each server for the staff journeys. */
process.env.E2E_SESSIONS_DIR ??= mkdtempSync(join(tmpdir(), 'pub-e2e-sessions-'));
/** The seed's Christmas Day (the occasions' `christmas-day` entry) is in this year. */
const christmasYear = (
  JSON.parse(readFileSync('content/occasions.json', 'utf8')) as {
    occasions: { slug: string; dates: { dates?: string[] } }[];
  }
).occasions
  .find((occasion) => occasion.slug === 'christmas-day')
  ?.dates.dates?.[0]?.slice(0, 4);

/** The system's Chromium (`npm run test:e2e` installs Debian's first when there is none). */
const chromium = {
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI a failure runs once more, recording its trace (recording every run slows the journeys by about a
  // quarter), and a journey that passes only on its retry still fails the run: flakes are fixed, not retried.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // Signs the owner in once on each server: the journeys that are not about signing in start signed in.
    { name: 'staff-sessions', testMatch: /staff-sessions\.setup\.ts$/ },
    {
      name: 'phone',
      testIgnore: [PRODUCTION_JOURNEY, CONTENT_JOURNEYS],
      dependencies: ['staff-sessions'],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      testIgnore: [PRODUCTION_JOURNEY, CONTENT_JOURNEYS],
      dependencies: ['staff-sessions'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // Staff change prices, capacity and closed days here: only once every other journey has run.
      name: 'content',
      testMatch: CONTENT_JOURNEYS,
      dependencies: ['phone', 'desktop'],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    ...(productionDatabase
      ? [
          {
            name: 'production',
            testMatch: PRODUCTION_JOURNEY,
            use: {
              ...devices['Desktop Chrome'],
              baseURL: `http://localhost:${PRODUCTION_PORT}`,
              launchOptions: chromium,
            },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: 'node src/server/server.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'test',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The journeys book many tables from one address; the limit itself is proven by the API tests.
        BOOKING_RATE_LIMIT_PER_15_MIN: '1000',
        // The staff journeys sign in with this admin; sign-in limits are proven by the API tests.
        ADMIN_EMAIL: 'staff@roseandcrown.example',
        ADMIN_PASSWORD: 'e2e-staff-password',
        LOGIN_RATE_LIMIT_PER_15_MIN: '1000',
      },
    },
    {
      command: 'node src/server/server.ts',
      url: `http://127.0.0.1:${CHRISTMAS_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'test',
        PORT: String(CHRISTMAS_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: christmasDataDir,
        PUBLIC_URL: `http://127.0.0.1:${CHRISTMAS_PORT}`,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        TEST_CLOCK: `${christmasYear}-12-01T10:00:00Z`,
        CHECKOUT_RATE_LIMIT_PER_15_MIN: '1000',
        // One client holds one checkout at a time: each journey says who it is with X-Forwarded-For.
        TRUST_PROXY: 'loopback',
        // The Christmas admin journey signs in here, in the season.
        ADMIN_EMAIL: 'staff@roseandcrown.example',
        ADMIN_PASSWORD: 'e2e-staff-password',
        LOGIN_RATE_LIMIT_PER_15_MIN: '1000',
      },
    },
    {
      // The other journeys expect covers mode: tables mode is switched on here only.
      command: 'node src/server/server.ts',
      url: `http://127.0.0.1:${TABLES_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'test',
        PORT: String(TABLES_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: tablesDataDir,
        PUBLIC_URL: `http://127.0.0.1:${TABLES_PORT}`,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        TEST_CLOCK: TABLES_EVENING,
        BOOKING_RATE_LIMIT_PER_15_MIN: '1000',
        ADMIN_EMAIL: 'staff@roseandcrown.example',
        ADMIN_PASSWORD: 'e2e-staff-password',
        LOGIN_RATE_LIMIT_PER_15_MIN: '1000',
      },
    },
    ...(productionDatabase
      ? [
          {
            command: 'node tests/e2e/production-server.ts',
            url: `http://127.0.0.1:${PRODUCTION_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              TEST_DATABASE_URL: productionDatabase,
              PORT: String(PRODUCTION_PORT),
              DATA_DIR: mkdtempSync(join(tmpdir(), 'pub-e2e-production-')),
            },
          },
        ]
      : []),
  ],
});
