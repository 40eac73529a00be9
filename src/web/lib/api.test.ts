import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, failureText, setUnauthorizedHandler, unreachable } from './api.ts';

function answer(response: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_path: string, _init: RequestInit) => response());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const request = { name: 'Edith' };
const createBooking = () =>
  call('POST', '/api/bookings', { body: request, headers: { 'idempotency-key': 'key-1' } });
const listEvents = () => call('GET', '/api/events');

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('sends JSON with its headers and answers what the server sends', async () => {
    const fetch = answer(() => Response.json({ reference: 'RC-1' }, { status: 201 }));
    expect(await createBooking()).toEqual({ reference: 'RC-1' });
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/bookings');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify(request));
    expect(init?.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': 'key-1',
    });
  });

  it('sends no body and no content type without a payload', async () => {
    const fetch = answer(() => Response.json([]));
    await listEvents();
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/events');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ accept: 'application/json' });
  });

  it("throws the server's error field as the message", async () => {
    answer(() => Response.json({ error: 'Only 2 seats left.' }, { status: 409 }));
    const error = await failureOf(createBooking());
    expect(error).toMatchObject({ message: 'Only 2 seats left.', status: 409, fromServer: true });
    expect(failureText(error, 'Fallback')).toBe('Only 2 seats left.');
  });

  it("says the request failed with its status when the error body is not the server's JSON", async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failureOf(listEvents());
    expect(error).toMatchObject({ message: 'Request failed (502)', status: 502, fromServer: false });
    expect(failureText(error, 'Fallback')).toBe('Fallback');
  });

  it('treats an OK answer it cannot read as a failure', async () => {
    answer(() => new Response('not json', { status: 200 }));
    expect(await failureOf(listEvents())).toMatchObject({ message: 'Request failed (200)', status: 200 });
  });

  it('gives a clear error, status 0, when the server cannot be reached', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(listEvents());
    expect(error).toMatchObject({
      message: 'Could not reach the server. Please check the connection and try again.',
      status: 0,
      fromServer: false,
    });
    expect(failureText(error, 'Fallback')).toBe('Fallback');
    expect(unreachable(error)).toBe(true);
  });

  it("passes an abort on as it is: the caller's own doing, not a lost connection", async () => {
    const controller = new AbortController();
    controller.abort();
    answer(() => Promise.reject(controller.signal.reason));
    const error = await call('GET', '/api/availability?date=2026-12-01', { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBe(controller.signal.reason);
  });

  it('tells the 401 handler, until it stops listening', async () => {
    answer(() => Response.json({ error: 'Unauthorized' }, { status: 401 }));
    const handler = vi.fn();
    const stopListening = setUnauthorizedHandler(handler);
    expect(await failureOf(listEvents())).toMatchObject({ message: 'Unauthorized', status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    stopListening();
    await failureOf(listEvents());
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("says 'Unauthorized' for a 401 without the server's text", async () => {
    answer(() => new Response(null, { status: 401 }));
    expect(await failureOf(listEvents())).toMatchObject({ message: 'Unauthorized', fromServer: false });
  });

  it('answers nothing for a 204', async () => {
    answer(() => new Response(null, { status: 204 }));
    await expect(call('DELETE', '/api/events/e1')).resolves.toBeUndefined();
  });
});
