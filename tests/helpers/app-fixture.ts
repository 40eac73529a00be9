import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTestAdmin, signIn } from './admin-session.ts';
import { startTestApp, type TestApp, type TestAppOptions, type TestDatabaseTarget } from './test-app.ts';

export interface AppFixtureOptions extends TestAppOptions {
  /** `test` starts a fresh app for every test; `suite` (the default) one app for the whole describe block. */
  per?: 'test' | 'suite';
  /** Stores the test admin and signs them in: `cookie` then carries their session. */
  signedIn?: boolean;
}

export interface AppFixture extends TestApp {
  /** The Cookie header of the signed-in test admin; empty unless the fixture was `signedIn`. */
  readonly cookie: string;
  /** Sends a request as the signed-in test admin. */
  asStaff(request: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * The test app of the enclosing describe block: started (and the admin signed in) before its tests, closed
 * after them. The fixture stands for whichever app is running, so helpers that take a `TestApp` take it too.
 */
export function useTestApp(
  target: TestDatabaseTarget,
  now = new Date(),
  { per = 'suite', signedIn = false, ...appOptions }: AppFixtureOptions = {},
): AppFixture {
  let running: TestApp | undefined;
  let cookie = '';
  const [start, stop] = per === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  start(async () => {
    running = await startTestApp(target, now, appOptions);
    if (signedIn) {
      await createTestAdmin(running);
      cookie = await signIn(running);
    }
  });
  stop(() => running?.close());
  const current = (): TestApp => {
    if (!running) throw new Error('The test app is used before its describe block started it');
    return running;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get dataDir() {
      return current().dataDir;
    },
    get cookie() {
      return cookie;
    },
    setNow: (instant) => current().setNow(instant),
    close: () => current().close(),
    asStaff: (request) => current().app.inject({ ...request, headers: { cookie, ...request.headers } }),
  };
}
