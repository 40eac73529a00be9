import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The spec's §7 admin calls (the Christmas downloads and print pages included), plus the session check, the
 * table bookings' CSV download, the e-mail outbox and the uploaded photos.
 */
const KNOWN_ADMIN_ROUTES = [
  'GET /api/auth/me',
  'GET /api/events',
  'POST /api/events',
  'PUT /api/events/:id',
  'DELETE /api/events/:id',
  'GET /api/bookings',
  'POST /api/admin/bookings',
  'PATCH /api/bookings/:id',
  'GET /api/bookings.csv',
  'GET /api/closures',
  'POST /api/closures',
  'DELETE /api/closures/:id',
  'GET /api/christmas/admin/bookings',
  'POST /api/christmas/admin/bookings',
  'PATCH /api/christmas/admin/bookings/:id',
  'GET /api/christmas/admin/closures',
  'POST /api/christmas/admin/closures',
  'DELETE /api/christmas/admin/closures/:id',
  'GET /api/christmas/orders.csv',
  'GET /api/christmas/orders-summary.csv',
  'GET /api/christmas/print/summary',
  'GET /api/christmas/print/orders',
  'GET /api/christmas/print/booking/:id',
  'GET /api/admin/mail',
  'POST /api/admin/mail/:id/resend',
  'GET /api/admin/images',
  'POST /api/admin/images',
  'DELETE /api/admin/images/:id',
];

describe.each(databaseTargets)('the admin guard on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('covers every admin call of the spec', () => {
    const registered = t.app.adminRoutes.map((route) => `${route.method} ${route.url}`);
    expect(registered).toEqual(expect.arrayContaining(KNOWN_ADMIN_ROUTES));
  });

  it('answers 401 {"error":"Unauthorized"} on every registered admin route without a valid session', async () => {
    for (const route of t.app.adminRoutes) {
      const url = route.url.replace(/:\w+/g, randomUUID());
      for (const headers of [{}, { cookie: 'rc_admin=not-a-session' }]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        if (route.method !== 'HEAD') {
          expect(response.json(), `${route.method} ${route.url}`).toEqual({ error: 'Unauthorized' });
        }
      }
    }
  });

  it('leaves the public calls open', async () => {
    const upcoming = await t.app.inject({ method: 'GET', url: '/api/events/upcoming' });
    expect(upcoming.statusCode).toBe(200);
    const booking = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: {} });
    expect(booking.statusCode).toBe(400);
  });
});
