import { describe, expect, it } from 'vitest';
import { NO_ACCESS } from '#shared/staff/roles.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { useSignedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

const NOW = new Date('2026-06-01T09:00:00Z');

describe.each(databaseTargets)('the privacy notice on $name', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true });
  const manager = useSignedInAccount(t, 'manager');

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
    const kept = published
      .json()
      .sections.find((section: { heading: string }) => section.heading === 'What we keep');
    expect(kept.text).toContain(
      'payment records for deposits and card guarantees (amounts, dates; card details are held by Stripe, not by us)',
    );
    expect(kept.text).toContain(
      'If you join our standby list when we are full, or the queue for a table at the bar',
    );
    expect(JSON.stringify(published.json())).toContain(
      'A place on the standby list or in the queue for a table is deleted once its date has passed.',
    );
    const page = await t.app.inject({ method: 'GET', url: '/privacy' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Privacy Notice · The Rose &amp; Crown</title>');
  });

  it('refuses a manager’s save and restore of the notice, and changes nothing', async () => {
    const refused = await save('privacy', manager.cookie, (notice: { intro: string }) => ({
      ...notice,
      intro: 'We keep everything for ever.',
    }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NO_ACCESS });
    expect((await restore('privacy', 1, manager.cookie)).statusCode).toBe(403);
    expect((await latest('privacy', t.cookie)).version).toBe(1);
  });

  it('lets a manager edit other pages, and the owner edit and restore the notice', async () => {
    const about = await save('about', manager.cookie, (document: { intro: string }) => ({
      ...document,
      intro: 'A manager’s introduction.',
    }));
    expect(about.statusCode).toBe(200);

    const saved = await save('privacy', t.cookie, (notice: { intro: string }) => ({
      ...notice,
      intro: 'What we keep, and why.',
    }));
    expect(saved.statusCode).toBe(200);
    const published = await t.app.inject({ method: 'GET', url: '/api/content/privacy' });
    expect(published.json().intro).toBe('What we keep, and why.');
    expect((await restore('privacy', 1, t.cookie)).statusCode).toBe(200);
  });
});
