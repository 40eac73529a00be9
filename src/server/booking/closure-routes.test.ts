import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../../tests/helpers/admin-session.ts';
import { databaseTargets, startTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { AvailabilitySlot } from '../../shared/booking/schemas.ts';

// Monday 1 June 2026, 10:00 in London; Tuesday has lunch and dinner.
const NOW = new Date('2026-06-01T09:00:00Z');
const TUESDAY = '2026-06-02';

describe.each(databaseTargets)('closures API on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const closedServices = async () => {
    const slots = (await t.app.inject({ method: 'GET', url: `/api/availability?date=${TUESDAY}` })).json();
    const closed = (service: string) =>
      (slots as AvailabilitySlot[]).filter((slot) => slot.service === service).every((slot) => slot.closed);
    return { lunch: closed('lunch'), dinner: closed('dinner') };
  };

  beforeAll(async () => {
    t = await startTestApp(target, NOW);
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  it('has no closures to begin with, and both services are open', async () => {
    const response = await send('GET', `/api/closures?date=${TUESDAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(await closedServices()).toEqual({ lunch: false, dinner: false });
  });

  it('closes dinner: every dinner slot is closed for guests, lunch stays open', async () => {
    const response = await send('POST', '/api/closures', {
      date: TUESDAY,
      service: 'dinner',
      reason: ' Kitchen short-staffed ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: TUESDAY,
      service: 'dinner',
      reason: 'Kitchen short-staffed',
    });
    expect(await closedServices()).toEqual({ lunch: false, dinner: true });
    const listed = await send('GET', `/api/closures?date=${TUESDAY}`);
    expect(listed.json()).toEqual([response.json()]);
  });

  it('closes a service once: closing it again answers the same closure', async () => {
    const [existing] = (await send('GET', `/api/closures?date=${TUESDAY}`)).json();
    const again = await send('POST', '/api/closures', { date: TUESDAY, service: 'dinner' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(existing);
  });

  it('stores one closure when several staff close lunch at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/api/closures', { date: TUESDAY, service: 'lunch' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json()._id)).size).toBe(1);
    expect(await closedServices()).toEqual({ lunch: true, dinner: true });
  });

  it('reopens a service by deleting its closure', async () => {
    const list = (await send('GET', `/api/closures?date=${TUESDAY}`)).json() as {
      _id: string;
      service: string;
    }[];
    expect(list.map((closure) => closure.service)).toEqual(['dinner', 'lunch']);
    const dinner = list.find((closure) => closure.service === 'dinner');
    const response = await send('DELETE', `/api/closures/${dinner?._id}`);
    expect(response.statusCode).toBe(204);
    expect(await closedServices()).toEqual({ lunch: true, dinner: false });
    const again = await send('DELETE', `/api/closures/${dinner?._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Closure not found' });
  });

  it('answers 404 for a malformed id', async () => {
    const response = await send('DELETE', '/api/closures/not-an-id');
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/closures', undefined],
    ['GET', '/api/closures?date=2026-02-30', undefined],
    ['POST', '/api/closures', { date: TUESDAY, service: 'breakfast' }],
    ['POST', '/api/closures', { date: '02/06/2026', service: 'lunch' }],
    ['POST', '/api/closures', { date: TUESDAY, service: 'lunch', reason: 'x'.repeat(201) }],
  ] as const)('answers 400 JSON for %s %s %o', async (method, url, payload) => {
    const response = await send(method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});
