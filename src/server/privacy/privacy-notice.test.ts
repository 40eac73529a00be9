import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACCESS } from '#shared/staff/roles.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from '../staff/admins.ts';

const NOW = new Date('2026-06-01T09:00:00Z');
const MANAGER = { email: 'manager@pub.test', password: 'another long password' } as const;

describe.each(databaseTargets)('the privacy notice on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp(target, NOW);
    await createTestAdmin(t);
    owner = await signIn(t);
    await createOrResetAdmin(t.database.db, { ...MANAGER, role: 'manager' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: MANAGER });
    manager = `rc_admin=${login.cookies.find((cookie) => cookie.name === 'rc_admin')?.value}`;
  });
  afterAll(() => t.close());

  const latest = async (key: string, cookie: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/content/${key}`, headers: { cookie } })).json();
  const save = async (key: string, cookie: string, change: (document: never) => object) => {
    const { version, document } = await latest(key, cookie);
    return t.app.inject({
      method: 'PUT',
      url: `/api/admin/content/${key}`,
      headers: { cookie },
      payload: { baseVersion: version, document: change(document as never) },
    });
  };
  const restore = (key: string, version: number, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/content/${key}/versions/${version}/restore`,
      headers: { cookie },
    });

  it('is published from its seed, naming the pub as controller, and served as a page', async () => {
    const published = await t.app.inject({ method: 'GET', url: '/api/content/privacy' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual(seedContent.privacy);
    expect(JSON.stringify(published.json())).toMatch(/The Rose & Crown.*controller/);
    const page = await t.app.inject({ method: 'GET', url: '/privacy' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Privacy Notice · The Rose &amp; Crown</title>');
  });

  it('refuses a manager’s save and restore of the notice, and changes nothing', async () => {
    const refused = await save('privacy', manager, (notice: { intro: string }) => ({
      ...notice,
      intro: 'We keep everything for ever.',
    }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NO_ACCESS });
    expect((await restore('privacy', 1, manager)).statusCode).toBe(403);
    expect((await latest('privacy', owner)).version).toBe(1);
  });

  it('lets a manager edit other pages, and the owner edit and restore the notice', async () => {
    const about = await save('about', manager, (document: { intro: string }) => ({
      ...document,
      intro: 'A manager’s introduction.',
    }));
    expect(about.statusCode).toBe(200);

    const saved = await save('privacy', owner, (notice: { intro: string }) => ({
      ...notice,
      intro: 'What we keep, and why.',
    }));
    expect(saved.statusCode).toBe(200);
    const published = await t.app.inject({ method: 'GET', url: '/api/content/privacy' });
    expect(published.json().intro).toBe('What we keep, and why.');
    expect((await restore('privacy', 1, owner)).statusCode).toBe(200);
  });
});
