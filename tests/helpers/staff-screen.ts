import { afterEach, vi } from 'vitest';
import type { StoredChristmasBooking } from '../../src/shared/christmas/schemas.ts';
import type { StaffRole } from '../../src/shared/staff/roles.ts';
import { signedInAs } from './signed-in-staff.ts';

/** A request a staff screen sent to the fake API, as the tests compare it. */
export interface SentRequest {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/** The same request as the fake API reads it to answer. */
export interface ApiCall extends SentRequest {
  path: string;
  query: URLSearchParams;
}

/** The test's answer to a request, or undefined for what the fake API answers by itself. */
type Answer = (call: ApiCall) => Response | Promise<Response> | undefined;

/**
 * Stands a fake API in for `fetch` in a staff screen's component test: every request kept in `sent`, each
 * answered by the test's `answer`, else GET /api/auth/me as a signed-in member of staff (the owner unless
 * `role` says otherwise), else a 404.
 */
export function stubStaffApi(answer: Answer, { role = 'owner' }: { role?: StaffRole } = {}) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      const { pathname, searchParams } = new URL(url, 'http://pub.test');
      const answered = await answer({ method, url, body, path: pathname, query: searchParams });
      if (answered) return answered;
      if (pathname === '/api/auth/me') return Response.json(signedInAs(role));
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return {
    sent,
    /** The bodies sent with one method, in order. */
    bodiesOf: (method: string) => sent.filter((call) => call.method === method).map((call) => call.body),
    /** The addresses asked for that begin with `prefix`, in order. */
    urlsFrom: (prefix: string) => sent.filter((call) => call.url.startsWith(prefix)).map((call) => call.url),
  };
}

/** Each test of the file stubs its own `fetch` and spies (`window.alert`): undone after it. */
export function undoStubsAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/**
 * An online Christmas booking as the staff API answers it: Edith Crawley, three guests at the early sitting,
 * £75.00 deposit paid by card.
 */
export function storedChristmasBookingFixture(
  overrides: Partial<StoredChristmasBooking> = {},
): StoredChristmasBooking {
  return {
    _id: 'b1',
    reference: 'XMAS-7KQ2',
    sittingId: 'xmas-early',
    sittingLabel: '12pm–2pm',
    name: 'Edith Crawley',
    email: 'edith@example.com',
    phone: '07700 900321',
    partyAdults: 2,
    partyChildren: 1,
    partySize: 3,
    status: 'CONFIRMED',
    selections: {
      starters: [{ item: 'parsnip-soup', count: 3 }],
      mains: [{ item: 'roast-turkey', count: 3 }],
      desserts: [{ item: 'christmas-pudding', count: 3 }],
    },
    allergies: 'Coeliac (the child)',
    occasionNotes: '',
    specialNotes: 'Window table if we can',
    totalPence: 24_000,
    depositPaidPence: 7500,
    depositMethod: null,
    source: 'online',
    cancelledBy: null,
    refund: null,
    tillRefundPence: null,
    comingConfirmedAt: null,
    madeBy: null,
    changedBy: null,
    createdAt: '2026-11-20T13:05:00.000Z',
    updatedAt: '2026-11-20T13:05:00.000Z',
    ...overrides,
  };
}
