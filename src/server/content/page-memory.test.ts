import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, occasionClosures } from '#db/schema.ts';
import { SYSTEM } from '#server/audit/trail.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { insertOccasionBooking } from '#tests/helpers/occasion-rows.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { prepareAnswer } from '../http/prepared-answer.ts';
import type { TableChanges } from '../lib/table-changes.ts';
import { createPageMemory, type FinishedPage, PAGE_FRESH_MS, PAGE_MEMORY_BYTES } from './page-memory.ts';

/** Changes as a test decides them: one stamp for every table, and whether they can be heard. */
function controlledChanges() {
  let stamp = 0;
  const changes = {
    live: true as boolean,
    stamp: () => stamp,
    changed: () => {
      stamp++;
    },
    changedEverything: () => {
      stamp++;
    },
    caughtUp: async () => {},
    stop: async () => {},
  } satisfies TableChanges;
  return changes;
}

const CONTENT = {} as SiteContent;
const NOW = new Date('2026-12-11T10:00:00Z');

/** A page finisher that counts its calls, each finishing a page of `size` bytes naming the call. */
function countingFinisher(size = 100) {
  let calls = 0;
  const finish = async (): Promise<FinishedPage & { keep: boolean }> => {
    calls++;
    await new Promise((wait) => setTimeout(wait, 5));
    const html = `<p>finished ${calls}</p>`.padEnd(size, ' ');
    return { status: 200, answer: prepareAnswer(html, 'text/html'), inline: {}, keep: true };
  };
  return { finish, calls: () => calls };
}

describe('the memory of finished pages', () => {
  it('finishes a page once for everyone asking at once, and again only when what it shows changes', async () => {
    const changes = controlledChanges();
    const memory = createPageMemory(changes);
    const { finish, calls } = countingFinisher();
    const pages = await Promise.all(Array.from({ length: 20 }, () => memory.page('/', NOW, CONTENT, finish)));
    expect(calls()).toBe(1);
    expect(new Set(pages.map((page) => page.answer))).toHaveProperty('size', 1);
    expect((await memory.page('/', NOW, CONTENT, finish)).answer).toBe(pages[0]?.answer);
    expect(calls()).toBe(1);

    changes.changed();
    expect((await memory.page('/', NOW, CONTENT, finish)).answer.body.toString()).toContain('finished 2');
    await memory.page('/', NOW, { ...CONTENT } as SiteContent, finish);
    expect(calls()).toBe(3);
    await memory.page('/', new Date(NOW.getTime() + PAGE_FRESH_MS), { ...CONTENT } as SiteContent, finish);
    expect(calls()).toBe(4);
    await memory.page('/menu', NOW, CONTENT, finish);
    expect(calls()).toBe(5);
  });

  it('finishes every page per request while changes cannot be heard, and keeps none it is told not to', async () => {
    const changes = controlledChanges();
    const memory = createPageMemory(changes);
    const { finish, calls } = countingFinisher();
    changes.live = false;
    await memory.page('/', NOW, CONTENT, finish);
    await memory.page('/', NOW, CONTENT, finish);
    expect(calls()).toBe(2);
    expect(memory.heldBytes()).toBe(0);

    changes.live = true;
    const unkept = async () => ({ ...(await finish()), keep: false });
    await memory.page('/events', NOW, CONTENT, unkept);
    await memory.page('/events', NOW, CONTENT, unkept);
    expect(calls()).toBe(4);
    expect(memory.heldBytes()).toBe(0);
  });

  it('forgets a page whose finishing failed, so the next request tries again', async () => {
    const memory = createPageMemory(controlledChanges());
    const failing = async (): Promise<FinishedPage & { keep: boolean }> => {
      throw new Error('renderer down');
    };
    await expect(memory.page('/', NOW, CONTENT, failing)).rejects.toThrow('renderer down');
    const { finish, calls } = countingFinisher();
    await memory.page('/', NOW, CONTENT, finish);
    expect(calls()).toBe(1);
  });

  it('stays within its bound with every page and event held, dropping the least recently asked', async () => {
    const memory = createPageMemory(controlledChanges());
    // Pages the size of the home page's HTML, each answered in brotli and gzip too.
    const pageBytes = 40_000;
    const { finish } = countingFinisher(pageBytes);
    const urls = Array.from({ length: 200 }, (_, index) => `/events/event-${index}`);
    let held = 0;
    for (const url of urls) {
      const page = await memory.page(url, NOW, CONTENT, finish);
      page.answer.encoded('br');
      page.answer.encoded('gzip');
      held = memory.heldBytes();
      expect(held).toBeLessThanOrEqual(PAGE_MEMORY_BYTES);
    }
    expect(held).toBeGreaterThan(PAGE_MEMORY_BYTES - 2 * 2 * pageBytes);
    const { finish: again, calls } = countingFinisher(pageBytes);
    await memory.page(urls.at(-1) as string, NOW, CONTENT, again);
    expect(calls()).toBe(0);
    await memory.page(urls[0] as string, NOW, CONTENT, again);
    expect(calls()).toBe(1);
  });
});

/** The data a page is served with, for the browser to start from. */
function pageData(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? '{}');
}

describe.each(databaseTargets)('public pages kept in memory on $name', (target) => {
  let t: TestApp;
  const OCCASION = '/occasions/christmas-party-nights';
  const remainingAt = async (date: string) => {
    const served = pageData((await t.app.inject({ method: 'GET', url: OCCASION })).body)[
      'occasion:christmas-party-nights'
    ] as { dates: { date: string; sittings: { sittingId: string; remaining: number; closed: boolean }[] }[] };
    return served.dates.find((day) => day.date === date)?.sittings[1];
  };

  beforeAll(async () => {
    t = await startTestApp(target, new Date('2026-11-22T12:00:00Z'));
  });
  afterAll(() => t.close());

  it('answers a revalidation with a 304 and each encoding with the same page', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/menu' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(first.headers.vary).toContain('accept-encoding');
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/menu',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/menu',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/menu', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    expect(gzip.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(gzip.headers['cache-control']).toBe('no-cache');
  });

  it('shows a content save on the next request', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/contact' });
    const { version, document } = await t.app.content.latest('venue');
    expect(before.body).not.toContain('0118 496 0777');
    await t.app.content.save(
      'venue',
      version,
      { ...document, phone: '0118 496 0777' },
      {
        email: 'landlord@pub.test',
        at: new Date(),
        actor: SYSTEM,
      },
    );
    const after = await t.app.inject({
      method: 'GET',
      url: '/contact',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('0118 496 0777');
  });

  it('shows an event added or edited by another process once its change is heard', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).not.toContain('Wassail Night');
    await t.database.db.insert(events).values({
      title: 'Wassail Night',
      slug: 'wassail',
      date: '2026-12-12',
      time: '19:00',
      summary: 'Cider.',
    });
    await t.app.tableChanges.caughtUp();
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('Wassail Night');
    expect((await t.app.inject({ method: 'GET', url: '/events/wassail' })).body).toContain('Wassail Night');
    await t.database.db.update(events).set({ title: 'Wassail & Carols' });
    await t.app.tableChanges.caughtUp();
    expect((await t.app.inject({ method: 'GET', url: '/events/wassail' })).body).toContain(
      'Wassail &amp; Carols',
    );
  });

  it('shows an occasion’s seats after a booking, and a sitting closed, on the next request', async () => {
    const before = await remainingAt('2026-12-11');
    expect(before).toMatchObject({ remaining: 40, closed: false });
    await insertOccasionBooking(t, {
      slug: 'christmas-party-nights',
      date: '2026-12-11',
      sittingId: before?.sittingId as string,
      partySize: 12,
    });
    await t.app.tableChanges.caughtUp();
    expect(await remainingAt('2026-12-11')).toMatchObject({ remaining: 28 });
    await t.database.db.insert(occasionClosures).values({
      occasionSlug: 'christmas-party-nights',
      date: '2026-12-11',
      sittingId: before?.sittingId as string,
    });
    await t.app.tableChanges.caughtUp();
    expect(await remainingAt('2026-12-11')).toMatchObject({ closed: true });
  });

  it('never keeps a page that shows a guest’s own booking', async () => {
    const manage = await t.app.inject({
      method: 'GET',
      url: '/bookings/manage/not-a-real-token-but-long-enough',
    });
    expect(manage.headers['cache-control']).toBe('no-store');
    expect(manage.headers.vary ?? '').not.toContain('accept-encoding');
  });
});
