import { beforeAll, beforeEach } from 'vitest';
import { createTestAdmin } from './admin-session.ts';
import { useTestApp } from './app-fixture.ts';
import { BEFORE_CUTOFF, christmasOrder } from './christmas.ts';
import {
  christmasBookingFor,
  christmasManageToken,
  christmasSeats,
  clearChristmas,
  emptyOutboxFolder,
  payOnDemoCheckout,
  startChristmasCheckout,
} from './christmas-app.ts';
import type { TestDatabaseTarget } from './test-app.ts';

/**
 * The app of the suites where guests manage their Christmas booking from its link: demo payments, each test
 * on 1 December with the season and the outbox folder empty, the test admin stored.
 */
export function useChristmasGuestApp(target: TestDatabaseTarget) {
  const t = useTestApp(target, BEFORE_CUTOFF);
  let guests = 0;

  beforeAll(() => createTestAdmin(t));
  beforeEach(async () => {
    await emptyOutboxFolder(t);
    t.setNow(BEFORE_CUTOFF);
    await clearChristmas(t);
  });

  /** The version the guest's page has of the booking, looked up as another client so as not to spend this one's lookups. */
  const versionOf = async (token: string): Promise<string> =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/christmas/manage/${token}`,
        remoteAddress: '192.0.2.26',
      })
    ).json().booking?.updatedAt ?? BEFORE_CUTOFF.toISOString();

  return {
    t,
    /** Pre-orders and pays on the demo checkout; answers the reference and the token of the confirmation's link. */
    async bookOnline(options: { adults?: number; children?: number } = {}) {
      guests++;
      const email = `guest${guests}@example.com`;
      const order = christmasOrder(options, { email, allergies: 'Coeliac' });
      await payOnDemoCheckout(t, await startChristmasCheckout(t, order, `198.51.100.${guests}`));
      const booking = await christmasBookingFor(t, email);
      return {
        email,
        reference: booking?.reference ?? '',
        token: await christmasManageToken(t, email, 'Your Christmas Day booking'),
      };
    },
    open: (token: string) => t.app.inject({ method: 'GET', url: `/api/christmas/manage/${token}` }),
    versionOf,
    /** A change from the page as it stands now, unless the payload names the version it was made from. */
    change: async (token: string, payload: object | string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/christmas/manage/${token}`,
        payload: typeof payload === 'string' ? payload : { version: await versionOf(token), ...payload },
        headers: { 'content-type': 'application/json' },
      }),
    cancel: (token: string) => t.app.inject({ method: 'POST', url: `/api/christmas/manage/${token}/cancel` }),
    earlySeatsLeft: async () => (await christmasSeats(t))['xmas-early'].remaining,
    /** The order of a party of 2 as the guest changes it: two mains, a cheese board. */
    newOrder: (overrides: Record<string, unknown> = {}) => ({
      selections: {
        starters: [{ item: 'smoked-salmon', count: 1 }],
        mains: [
          { item: 'roast-turkey', count: 1 },
          { item: 'sea-bass', count: 1 },
        ],
        desserts: [{ item: 'cheese-board', count: 2 }],
      },
      allergies: 'Coeliac; no shellfish',
      occasionNotes: 'Gran’s 90th',
      specialNotes: 'A high chair, please',
      ...overrides,
    }),
  };
}
