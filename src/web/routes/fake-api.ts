import { vi } from 'vitest';

/** A request a page sent, as the fake API read it. */
export interface SentRequest {
  method: string;
  url: string;
  body?: Record<string, unknown>;
  /** The key a request safe to retry carried (a new booking). */
  idempotencyKey?: string;
}

type Answer = (request: SentRequest) => Response | undefined | Promise<Response | undefined>;

/**
 * Stands in for the API in a page's test: every request the page sends is kept, in order, and answered by
 * `answer`; one it does not answer gets an empty list, as a listing with nothing in it.
 */
export function fakeApi(answer: Answer = () => undefined): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const idempotencyKey = new Headers(init.headers).get('idempotency-key');
      const request: SentRequest = {
        method: init.method ?? 'GET',
        url: String(input),
        ...(init.body ? { body: JSON.parse(String(init.body)) } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      };
      sent.push(request);
      return (await answer(request)) ?? Response.json([]);
    }),
  );
  return sent;
}
