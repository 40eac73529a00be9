import { beforeAll, beforeEach, expect } from 'vitest';
import type { StoredChristmasBooking } from '../../src/shared/christmas/schemas.ts';
import { createTestAdmin, signIn } from './admin-session.ts';
import { useTestApp } from './app-fixture.ts';
import { AFTER_CUTOFF, BEFORE_CUTOFF } from './christmas.ts';
import { christmasSeats, clearChristmas, emptyOutboxFolder, sendChristmasCheckout } from './christmas-app.ts';
import type { TestDatabaseTarget } from './test-app.ts';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The Christmas admin suites' app: staff signed in, each test starting on 1 December with the season empty
 * and the outbox folder empty. `travel` moves the clock and picks the session signed in by then.
 */
export function useChristmasAdmin(target: TestDatabaseTarget) {
  const t = useTestApp(target, AFTER_CUTOFF);
  /** A session idle for 12 hours ends: one is signed in on 1 December, one on Christmas Eve. */
  const sessions = { december: '', christmasEve: '' };
  let cookie = '';

  function travel(instant: Date) {
    t.setNow(instant);
    cookie = instant.getTime() >= AFTER_CUTOFF.getTime() ? sessions.christmasEve : sessions.december;
  }

  beforeAll(async () => {
    await createTestAdmin(t);
    sessions.christmasEve = await signIn(t);
    t.setNow(BEFORE_CUTOFF);
    sessions.december = await signIn(t);
  });
  beforeEach(async () => {
    // What the last test queued goes out at its own time, before the clock goes back.
    await emptyOutboxFolder(t);
    travel(BEFORE_CUTOFF);
    await clearChristmas(t);
  });

  const call = (
    method: AdminMethod,
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
  const create = (payload: object) => call('POST', '/api/christmas/admin/bookings', payload);

  return {
    t,
    travel,
    call,
    create,
    async created(payload: object): Promise<StoredChristmasBooking> {
      const response = await create(payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    setStatus: (id: string, status: string) =>
      call('PATCH', `/api/christmas/admin/bookings/${id}`, { status }),
    checkout: (body: object) => sendChristmasCheckout(t, body),
    publicSeats: () => christmasSeats(t),
  };
}
