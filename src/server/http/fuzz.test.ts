import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  closures,
  enquiries,
  events,
  manageLinks,
  occasionBookings,
  occasionClosures,
} from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { CONTENT_KEYS } from '#shared/content/documents.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { BEFORE_CUTOFF } from '#tests/helpers/christmas.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { isChristmasRow } from '../christmas/store.ts';

/**
 * Every public and admin endpoint, fed what a careless client or an attacker sends: malformed JSON, wrong
 * types, oversized bodies, control characters, overlong strings, lone surrogates, unknown fields, bytes
 * that are not UTF-8, odd query strings. The answer is always a 4xx JSON error with the security headers:
 * never a 5xx, and nothing is stored.
 */

/** Field names the API's bodies use, so hostile values reach the fields' own rules. */
const FIELDS = [
  'preferredDate',
  'preferredTime',
  'partySize',
  'notes',
  'name',
  'phone',
  'email',
  'password',
  'date',
  'timeSlot',
  'time',
  'partyAdults',
  'partyChildren',
  'title',
  'slug',
  'summary',
  'tags',
  'badges',
  'cover',
  'reason',
  'service',
  'status',
  'session',
  'sittingId',
  'selections',
  'allergies',
  'occasion',
  'occasionNotes',
  'specialNotes',
  'accessibilityNotes',
  'eventSlug',
  'website',
  'version',
  'q',
  'token',
  'code',
];

const HOSTILE_TEXTS = [
  'a\u0000b',
  '\u0007\u001b[31m',
  'x'.repeat(20_000),
  '\ud800',
  '\udfff',
  'a\u2028b',
  '<script>alert(1)</script>',
  "'; drop table bookings; --",
  '../../etc/passwd',
  '١٢',
];

function everyField(value: unknown): Record<string, unknown> {
  return Object.fromEntries(FIELDS.map((field) => [field, value]));
}

/** Bodies that no endpoint may accept. */
const HOSTILE_BODIES: { label: string; payload: string | Buffer; contentType?: string }[] = [
  { label: 'malformed JSON', payload: '{"name": "Ada",' },
  { label: 'a JSON array', payload: '[]' },
  { label: 'a JSON string', payload: '"booking"' },
  { label: 'a JSON number', payload: '42' },
  { label: 'JSON null', payload: 'null' },
  { label: 'numbers where text goes', payload: JSON.stringify(everyField(12_345)) },
  { label: 'objects everywhere', payload: JSON.stringify(everyField({ $ne: null })) },
  { label: 'lists everywhere', payload: JSON.stringify(everyField(['a', 'b'])) },
  { label: 'booleans everywhere', payload: JSON.stringify(everyField(true)) },
  ...HOSTILE_TEXTS.map((text, index) => ({
    label: `hostile text #${index + 1}`,
    payload: JSON.stringify({ ...everyField(text), unknownField: text, __proto__: { admin: true } }),
  })),
  { label: 'an oversized body', payload: JSON.stringify({ name: 'x'.repeat(200_000) }) },
  {
    label: 'bytes that are not UTF-8',
    payload: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  {
    label: 'a form post',
    payload: 'name=Ada&date=2026-12-08',
    contentType: 'application/x-www-form-urlencoded',
  },
  { label: 'plain text', payload: 'hello', contentType: 'text/plain' },
  {
    label: 'JSON declared in another charset',
    payload: '{"name":"Ada"}',
    contentType: 'application/json; charset=latin1',
  },
];

const HOSTILE_QUERIES = [
  'date=%00',
  'date=%ff',
  'date=2026-02-30',
  'date=a&date=b',
  'limit=-1',
  'limit=1e309',
  'scope=%E0%A4%A',
  'sittingId=xmas-early%00',
  'from=2026-12-09&to=2026-12-01',
  `date=${'9'.repeat(5000)}`,
  'q=a%00%40example.com',
  'q=%ED%A0%80%40example.com',
];

/**
 * What the text rule refuses (issue 26), for every text of the content documents and of an event. U+2028 and
 * U+2029 are line breaks: prose keeps them, every line refuses them.
 */
const HOSTILE_LINES = ['\ud800', '\udfff', 'a\u2028b', 'a\u2029b', 'a\u0000b', 'x'.repeat(20_000)];
const LINE_SEPARATORS = new Set(['a\u2028b', 'a\u2029b']);
/** Past the body limit: refused before any schema reads it. */
const HUGE_LINE = 'x'.repeat(100_000);

/** Where a text sits in a document: a value, or the key of a record (a menu's section title). */
interface TextPlace {
  path: (string | number)[];
  isKey: boolean;
}

/**
 * One place of each shape where a document holds text: list items and the entries of a record read as one
 * shape, so every field is tried once rather than every dish of the menu. Field names are identifiers; a key
 * that is not (a section title such as "Main: Starters") is a record's.
 */
function textPlaces(document: unknown): TextPlace[] {
  const places = new Map<string, TextPlace>();
  const walk = (value: unknown, path: TextPlace['path'], shape: string) => {
    if (typeof value === 'string') {
      if (!places.has(shape)) places.set(shape, { path, isKey: false });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index], `${shape}.#`);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const isRecordKey = !/^[a-z]\w*$/i.test(key);
        if (isRecordKey && !places.has(`${shape}.<key>`)) {
          places.set(`${shape}.<key>`, { path: [...path, key], isKey: true });
        }
        walk(item, [...path, key], `${shape}.${isRecordKey ? '*' : key}`);
      }
    }
  };
  walk(document, [], '');
  return [...places.values()];
}

/** A copy of `document` with `text` at `place` (a record's key renamed where it stands). */
function withText(document: unknown, { path, isKey }: TextPlace, text: string): unknown {
  const copy = structuredClone(document);
  const last = path.at(-1) as string | number;
  const parent = path
    .slice(0, -1)
    .reduce<Record<string | number, unknown>>(
      (node, step) => node[step] as Record<string, unknown>,
      copy as never,
    );
  if (!isKey) {
    parent[last] = text;
    return copy;
  }
  for (const [key, value] of Object.entries(parent)) {
    delete parent[key];
    parent[key === last ? text : key] = value;
  }
  return copy;
}

/** A path with its parameters filled by values no row has. */
function concretePath(url: string): string {
  return url
    .replace(':id', randomUUID())
    .replace(':slug', 'no-such-event')
    .replace(':pid', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
}

function expectClientError(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, what).toBeLessThan(500);
  expect(response.headers['content-security-policy'], what).toBeTruthy();
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.json(), what).toEqual(expect.objectContaining({ error: expect.any(String) }));
}

describe.each(databaseTargets)('hostile input to every endpoint on $name', (target) => {
  let t: TestApp;
  let cookie: string;
  const routes: { method: string; url: string; takesBody: boolean }[] = [];

  beforeAll(async () => {
    t = await startTestApp(target, BEFORE_CUTOFF, {
      // The limits are proven elsewhere; here every request must reach its route.
      env: { LOGIN_RATE_LIMIT_PER_15_MIN: '100000', LOGIN_ADDRESS_RATE_LIMIT_PER_15_MIN: '100000' },
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (route.url.startsWith('/api/') && method !== 'HEAD') {
            routes.push({ method, url: route.url, takesBody: route.schema?.body !== undefined });
          }
        }
      },
    });
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  const send = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { origin: 'https://pub.test', cookie, ...options.headers } });

  it('finds the endpoints to try', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers hostile bodies with a 4xx JSON error on every endpoint that takes one', async () => {
    const failures: string[] = [];
    // An endpoint that takes no body (signing out, starting two-step sign-in) ignores whatever is sent.
    const takingBodies = routes.filter((candidate) => candidate.method !== 'GET' && candidate.takesBody);
    expect(takingBodies.length).toBeGreaterThan(20);
    for (const route of takingBodies) {
      for (const body of HOSTILE_BODIES) {
        const what = `${route.method} ${route.url} with ${body.label}`;
        const response = await send({
          method: route.method as InjectOptions['method'],
          url: concretePath(route.url),
          payload: body.payload,
          headers: { 'content-type': body.contentType ?? 'application/json' },
        });
        try {
          expectClientError(response, what);
        } catch {
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile query strings and headers with a 4xx JSON error or a normal answer, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.method === 'GET')) {
      for (const query of HOSTILE_QUERIES) {
        const what = `GET ${route.url}?${query}`;
        const response = await send({ method: 'GET', url: `${concretePath(route.url)}?${query}` });
        if (response.statusCode >= 500 || !response.headers['content-security-policy']) {
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    const withKey = await send({
      method: 'POST',
      url: '/api/bookings',
      payload: {},
      headers: { 'idempotency-key': 'key\u0007' },
    });
    expectClientError(withKey, 'an Idempotency-Key with a control character');
    expect(failures).toEqual([]);
  });

  it('answers hostile path parameters with a 4xx', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => /:(id|slug|pid)/.test(candidate.url))) {
      for (const value of ['%00', '%ff', 'x'.repeat(3000), '..%2F..%2Fetc', "1' or '1'='1"]) {
        const url = route.url.replace(/:(id|slug|pid)/, value);
        const response = await send({ method: route.method as InjectOptions['method'], url, payload: {} });
        if (response.statusCode < 400 || response.statusCode >= 500) {
          failures.push(`${route.method} ${url.slice(0, 80)}: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses hostile text in every field of every content document, and keeps the stored one', async () => {
    const failures: string[] = [];
    for (const key of CONTENT_KEYS) {
      const url = `/api/admin/content/${key}`;
      const seeded = (await send({ method: 'GET', url })).json() as { version: number; document: unknown };
      let { version, document: stored } = seeded;
      // The deposit rules are seeded empty: no text to put hostile words in (their schema's own tests do).
      if (textPlaces(seeded.document).length === 0) continue;
      const attempts = textPlaces(seeded.document).flatMap((place) =>
        HOSTILE_LINES.map((text) => ({ place, text })),
      );
      attempts.push({ place: textPlaces(seeded.document)[0] as TextPlace, text: HUGE_LINE });
      for (const { place, text } of attempts) {
        const document = withText(seeded.document, place, text);
        const response = await send({ method: 'PUT', url, payload: { baseVersion: version, document } });
        if (response.statusCode === 200 && LINE_SEPARATORS.has(text)) {
          ({ version, document: stored } = (await send({ method: 'GET', url })).json());
          continue;
        }
        const what = `PUT ${url} with ${JSON.stringify(text.slice(0, 8))} at ${place.path.join('.')}`;
        try {
          expectClientError(response, what);
        } catch {
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
      const latest = (await send({ method: 'GET', url })).json();
      if (!isDeepStrictEqual(latest, { version, document: stored }))
        failures.push(`${key}: stored a refused save`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses hostile text in an event’s title, tags and other texts, and keeps the event', async () => {
    const event = {
      title: 'Quiz night',
      slug: 'fuzz-quiz-night',
      date: '2026-12-10',
      time: '19:30',
      tags: ['quiz'],
      badges: ['Free entry'],
      cover: '/images/events/quiz.svg',
      summary: 'Teams of up to six.',
      howToCome: 'Just come along.',
      cta: { label: 'Come along' },
    };
    const created = await send({ method: 'POST', url: '/api/events', payload: event });
    expect(created.statusCode).toBe(201);
    const url = `/api/events/${created.json()._id}`;
    const failures: string[] = [];
    for (const field of ['title', 'tags', 'badges', 'cover', 'summary', 'howToCome', 'cta'] as const) {
      for (const text of HOSTILE_LINES) {
        if (field === 'summary' && LINE_SEPARATORS.has(text)) continue;
        const value = field === 'cta' ? { label: text } : field === 'tags' ? ['quiz', text] : text;
        const response = await send({ method: 'PUT', url, payload: { ...event, [field]: value } });
        const what = `PUT /api/events/:id with ${JSON.stringify(text.slice(0, 8))} in ${field}`;
        try {
          expectClientError(response, what);
        } catch {
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    const stored = (await send({ method: 'GET', url: '/api/events' })).json();
    expect((await send({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(failures).toEqual([]);
    expect(stored).toEqual([created.json()]);
  });

  it('stored nothing from any of it', async () => {
    const tables: Record<string, [PgTable, SQL?]> = {
      bookings: [bookings],
      events: [events],
      closures: [closures],
      'Christmas bookings and checkouts': [occasionBookings, isChristmasRow],
      'Christmas closures': [occasionClosures, eq(occasionClosures.occasionSlug, CHRISTMAS_OCCASION_SLUG)],
      enquiries: [enquiries],
      manageLinks: [manageLinks],
    };
    for (const [name, [table, where]] of Object.entries(tables)) {
      const [row] = await t.database.db.select({ rows: count() }).from(table).where(where);
      expect(row?.rows, name).toBe(0);
    }
  });
});
