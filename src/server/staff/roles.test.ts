import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINT_ROLES } from '#shared/staff/access.ts';
import { NO_ACCESS, roleAllows, STAFF_ROLES, type StaffRole } from '#shared/staff/roles.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Which role the issue gives each kind of admin work, by the endpoint's address. */
const ROLE_BY_AREA: [RegExp, StaffRole][] = [
  [/^\w+ \/api\/admin\/(staff|guests|audit)/, 'owner'],
  [/^\w+ \/api\/events/, 'manager'],
  [/^(POST|DELETE) \/api\/(christmas\/admin\/)?closures/, 'manager'],
  [/^\w+ \/api\/admin\/(content|images|enquiries|mail|marketing)/, 'manager'],
  [/^\w+ \/api\/admin\/profiles/, 'manager'],
  [/\.csv$/, 'manager'],
  [/^\w+ \/api\/admin\/bookings\/:id\/history/, 'manager'],
  [/^(GET|POST) \/api\/(admin\/bookings|bookings|christmas\/admin\/bookings)$/, 'staff'],
  [/^PATCH \/api\/bookings\/:id$/, 'staff'],
  [/^GET \/api\/christmas\/print\//, 'staff'],
];

describe.each(databaseTargets)('roles on every admin endpoint on $name', (target) => {
  const t = useTestApp(target);
  const cookies = new Map<StaffRole, string>();

  beforeAll(async () => {
    for (const role of STAFF_ROLES) cookies.set(role, (await signedInAccount(t, role)).cookie);
  });

  it('has a role rule for exactly the registered admin endpoints', () => {
    const registered = new Set(
      t.app.adminRoutes.filter((route) => route.method !== 'HEAD').map((r) => `${r.method} ${r.url}`),
    );
    expect([...registered].sort()).toEqual(Object.keys(ADMIN_ENDPOINT_ROLES).sort());
  });

  it('gives each kind of work the role the issue names', () => {
    for (const [endpoint, role] of Object.entries(ADMIN_ENDPOINT_ROLES)) {
      const area = ROLE_BY_AREA.find(([pattern]) => pattern.test(endpoint));
      if (area) expect(role, endpoint).toBe(area[1]);
    }
  });

  it('answers 403 to a role below the endpoint’s and lets the others through', async () => {
    const outcomes: string[] = [];
    for (const route of t.app.adminRoutes) {
      const url = route.url.replace(/:\w+/g, randomUUID());
      for (const role of STAFF_ROLES) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { cookie: cookies.get(role) ?? '' },
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const allowed = roleAllows(role, route.role);
        const refused =
          response.statusCode === 403 && (route.method === 'HEAD' || response.json().error === NO_ACCESS);
        outcomes.push(
          `${role} ${route.method} ${route.url}: ${refused ? 'refused' : 'through'}${
            response.statusCode === 401 ? ' (signed out!)' : ''
          }`,
        );
        expect(refused, `${role} ${route.method} ${route.url} → ${response.statusCode}`).toBe(!allowed);
        expect(response.statusCode, `${role} ${route.method} ${route.url}`).not.toBe(401);
      }
    }
    expect(outcomes.length).toBeGreaterThan(3 * 40);
  });
});
