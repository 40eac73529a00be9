import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#db/schema.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

describe.each(databaseTargets)('public events API on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    // 00:30 on 1 June in London is still 31 May in UTC: "today" must be London's.
    t = await startTestApp(target, new Date('2026-05-31T23:30:00Z'));
    await t.database.db.insert(events).values([
      { title: 'Yesterday’s Quiz', slug: 'yesterday-quiz', date: '2026-05-31', time: '19:30' },
      { title: 'Late Show', slug: 'late-show', date: '2026-06-01', time: '21:00', badges: ['Comedy'] },
      { title: 'Early Show', slug: 'early-show', date: '2026-06-01', time: '12:00', isMajor: true },
      { title: 'Summer Fete', slug: 'summer-fete', date: '2026-07-04', time: '11:00', tags: ['family'] },
    ]);
  });
  afterAll(() => t.close());

  it('lists events from London’s today onwards, soonest first, in the spec’s shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/upcoming' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((event: { slug: string }) => event.slug)).toEqual([
      'early-show',
      'late-show',
      'summer-fete',
    ]);
    expect(body[0]).toMatchObject({
      title: 'Early Show',
      date: '2026-06-01',
      time: '12:00',
      isMajor: true,
      tags: [],
      badges: [],
      cta: { label: 'View Details' },
    });
    expect(typeof body[0]._id).toBe('string');
  });

  it('honours limit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/upcoming?limit=1' });
    expect(response.json()).toHaveLength(1);
  });

  it.each(['0', '-1', 'abc', '1.5', '100000'])('answers 400 JSON for limit=%s', async (limit) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/events/upcoming?limit=${limit}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });

  it('answers one event by slug', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/summer-fete' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'summer-fete', tags: ['family'] });
  });

  it.each(['no-such-event', 'Not%20A%20Slug', '%3Cscript%3E'])(
    'answers 404 JSON for unknown slug %s',
    async (slug) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/events/${slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Event not found' });
    },
  );

  it('answers 404 JSON for unknown API paths, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('lets caches keep public events but revalidate them, answering 304 while unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/events/upcoming' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    // Weak: the same validator names the answer in each of its encodings.
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/events/upcoming',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.database.db
      .insert(events)
      .values({ title: 'Pop-up Oyster Bar', slug: 'oysters', date: '2026-06-02', time: '18:00' });
    // Written past the server, as another process would: its announcement is heard a moment after.
    await t.app.tableChanges.caughtUp();
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/events/upcoming',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().map((event: { slug: string }) => event.slug)).toContain('oysters');
  });

  it('marks other API answers as not to be stored', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/events/nope' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('reports health with a database check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: target.name, failedEmails: 0 });
  });
});
