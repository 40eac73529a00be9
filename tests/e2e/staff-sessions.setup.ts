import { test as setup } from '@playwright/test';
import { CHRISTMAS_URL, expect, STAFF, STAFF_SESSIONS, TABLES_URL } from './fixtures.ts';

/** The owner signs in once on each journey server; the staff journeys start from these sessions. */
setup(
  'the owner signs in on the main, the Christmas and the tables server',
  async ({ playwright, baseURL }) => {
    for (const [server, url] of [
      ['main', baseURL],
      ['christmas', CHRISTMAS_URL],
      ['tables', TABLES_URL],
    ] as const) {
      const request = await playwright.request.newContext({ baseURL: url });
      expect((await request.post('/api/auth/login', { data: STAFF })).status()).toBe(200);
      await request.storageState({ path: STAFF_SESSIONS[server] });
      await request.dispose();
    }
  },
);
