import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEvent, loadUpcomingEvents } from './events-fallback.ts';

const apiEvent = {
  _id: 'e1',
  title: 'From the API',
  slug: 'from-the-api',
  date: '2026-12-01',
  time: '19:00',
  tags: [],
  cover: '',
  badges: [],
  summary: '',
  isMajor: false,
  cta: { label: 'View Details' },
};

describe('events with their bundled fallback', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('answers what the server sends', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([apiEvent])),
    );
    expect(await loadUpcomingEvents()).toEqual([apiEvent]);
  });

  it('falls back to the bundled upcoming events on a non-OK answer or a network failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T12:00:00Z'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    const fromError = await loadUpcomingEvents();
    expect(fromError.map((event) => event.slug)).toEqual([
      'carols-by-the-fire',
      'new-years-eve-ceilidh',
      'burns-night-supper',
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await loadUpcomingEvents(1)).toHaveLength(1);
  });

  it('gives null for a 404 event, even one the bundled list has', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T12:00:00Z'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Event not found' }, { status: 404 })),
    );
    expect(await loadEvent('carols-by-the-fire')).toBeNull();
  });

  it('looks the slug up in the upcoming list on another failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T12:00:00Z'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect((await loadEvent('carols-by-the-fire'))?.title).toBe('Carols by the Fire');
    expect(await loadEvent('no-such-event')).toBeNull();
  });
});
