import { resolve } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglite, testConfig } from '#tests/helpers/test-app.ts';
import { buildApp } from './app.ts';

/** Routes whose success is not JSON, so no JSON schema can shape it; their errors still go through the mapper. */
const WITHOUT_SUCCESS_SCHEMA: Record<string, string> = {
  'GET /api/bookings.csv': 'a CSV file',
  'GET /api/bookings/manage/:token/calendar.ics': 'a calendar file',
  'GET /api/christmas/manage/:token/calendar.ics': 'a calendar file',
  'GET /api/christmas/orders.csv': 'a CSV file',
  'GET /api/christmas/orders-summary.csv': 'a CSV file',
  'GET /api/admin/marketing/consents.csv': 'a CSV file',
  'GET /api/admin/reports/:table.csv': 'a CSV file',
  'GET /api/christmas/print/summary': 'an HTML page to print',
  'GET /api/christmas/print/orders': 'an HTML page to print',
  'GET /api/christmas/print/booking/:id': 'an HTML page to print',
  'GET /api/admin/tables/cards': 'an HTML page to print',
  'GET /api/admin/occasions/:slug/bookings.csv': 'a CSV file',
  'GET /api/admin/occasions/:slug/sheets': 'an HTML page to print',
};

function statusesOf(route: RouteOptions): string[] {
  return Object.keys((route.schema?.response as object | undefined) ?? {});
}

function hasSuccessSchema(route: RouteOptions): boolean {
  return statusesOf(route).some((status) => status.startsWith('2'));
}

// Only the routes matter here: PGlite is enough.

describe('the API routes', () => {
  const routes = new Map<string, RouteOptions>();
  let adminRoutes: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await pglite.open();
    await database.migrate();
    const app = await buildApp({
      config: testConfig(),
      database,
      webRoot: resolve(import.meta.dirname, '../../..'),
      logger: false,
      onRoute: (route) => {
        // A HEAD route is Fastify's copy of a GET route.
        if (route.url.startsWith('/api/') && route.method !== 'HEAD') {
          routes.set(`${[route.method].flat().join(',')} ${route.url}`, route);
        }
      },
    });
    await app.ready();
    adminRoutes = app.adminRoutes.map((route) => `${route.method} ${route.url}`);
    close = async () => {
      await app.close();
      await database.dispose();
    };
  });
  afterAll(() => close());

  it('each declare a response schema for their success, so no field can leak', () => {
    const missing = [...routes]
      .filter(([key, route]) => !(key in WITHOUT_SUCCESS_SCHEMA) && !hasSuccessSchema(route))
      .map(([key]) => key);
    expect(routes.size).toBeGreaterThan(Object.keys(WITHOUT_SUCCESS_SCHEMA).length);
    expect(missing).toEqual([]);
  });

  it('behind the admin guard, each declare its 401 and its 403 (a role below the route’s, or another site)', () => {
    const missing = adminRoutes
      .filter((key) => routes.has(key) && !(key in WITHOUT_SUCCESS_SCHEMA))
      .filter((key) => {
        const statuses = statusesOf(routes.get(key) as RouteOptions);
        return !statuses.includes('401') || !statuses.includes('403');
      });
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('leave out only routes that exist, each with its reason', () => {
    expect([...routes.keys()]).toEqual(expect.arrayContaining(Object.keys(WITHOUT_SUCCESS_SCHEMA)));
  });
});
