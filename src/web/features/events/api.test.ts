import { afterEach, expect, it, vi } from 'vitest';
import * as api from './api.ts';

afterEach(() => vi.unstubAllGlobals());

it('escapes the slug it puts in the path', async () => {
  const fetch = vi.fn(async (_path: string, _init: RequestInit) => Response.json({}));
  vi.stubGlobal('fetch', fetch);
  await api.event('a/b?c');
  expect(fetch.mock.calls[0]?.[0]).toBe('/api/events/a%2Fb%3Fc');
});
