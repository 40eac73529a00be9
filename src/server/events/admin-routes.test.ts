import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '#shared/events/form.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const validEvent = {
  title: 'Midsummer Ceilidh',
  slug: 'midsummer-ceilidh',
  date: '2026-06-20',
  time: '19:30',
  tags: 'music, , dance ,',
  badges: [' Live band ', '', 'Free entry, Family'],
  cover: '/images/events/live-music.svg',
  summary: 'A caller, a band and the whole village in the garden.',
  isMajor: true,
};

describe.each(databaseTargets)('events admin API on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(target, new Date('2026-06-01T09:00:00Z'));
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  it('starts with no events', async () => {
    const response = await send('GET', '/api/events');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('creates an event, splitting tags and badges on commas, and the public site shows it at once', async () => {
    const response = await send('POST', '/api/events', validEvent);
    expect(response.statusCode).toBe(201);
    const created = response.json() as PublicEvent;
    expect(created).toMatchObject({
      title: 'Midsummer Ceilidh',
      slug: 'midsummer-ceilidh',
      tags: ['music', 'dance'],
      badges: ['Live band', 'Free entry', 'Family'],
      isMajor: true,
      cta: { label: 'View Details' },
      takesBookings: false,
      bookingCovers: 30,
      howToCome: '',
    });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);

    const publicOne = await t.app.inject({ method: 'GET', url: '/api/events/midsummer-ceilidh' });
    expect(publicOne.json()).toEqual(created);
    const upcoming = await t.app.inject({ method: 'GET', url: '/api/events/upcoming' });
    expect(upcoming.json()).toEqual([created]);
  });

  it('stores whether guests book it, its covers and how to come, and refuses impossible covers', async () => {
    const supper = await send('POST', '/api/events', {
      ...validEvent,
      slug: 'harvest-supper',
      takesBookings: true,
      bookingCovers: 36,
    });
    expect(supper.json()).toMatchObject({ takesBookings: true, bookingCovers: 36 });
    const walkIn = await send('POST', '/api/events', {
      ...validEvent,
      slug: 'harvest-quiz',
      howToCome: '  Walk in: £2 a head.  ',
    });
    expect(walkIn.json()).toMatchObject({ takesBookings: false, howToCome: 'Walk in: £2 a head.' });
    for (const bookingCovers of [0, 201, 2.5]) {
      const refused = await send('POST', '/api/events', { ...validEvent, slug: 'no-room', bookingCovers });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toContain(EVENT_MESSAGES.bookingCovers);
    }
    for (const slug of ['harvest-supper', 'harvest-quiz']) {
      const { _id } = (await send('GET', `/api/events/${slug}`)).json() as PublicEvent;
      await send('DELETE', `/api/events/${_id}`);
    }
  });

  it('refuses a second event with the same slug with a clear 409', async () => {
    const response = await send('POST', '/api/events', { ...validEvent, title: 'Another' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: EVENT_MESSAGES.slugTaken });
  });

  it('updates an event, including its slug and button label', async () => {
    const [event] = (await send('GET', '/api/events')).json() as PublicEvent[];
    const response = await send('PUT', `/api/events/${event?._id}`, {
      ...validEvent,
      title: 'Midsummer Ceilidh & Hog Roast',
      slug: 'midsummer-ceilidh-hog-roast',
      tags: ['music'],
      cta: { label: 'Book your place' },
      isMajor: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: event?._id,
      title: 'Midsummer Ceilidh & Hog Roast',
      tags: ['music'],
      isMajor: false,
      cta: { label: 'Book your place' },
    });
    const moved = await t.app.inject({ method: 'GET', url: '/api/events/midsummer-ceilidh-hog-roast' });
    expect(moved.statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/events/midsummer-ceilidh' });
    expect(old.statusCode).toBe(404);
  });

  it('refuses to rename onto another event’s slug', async () => {
    const second = await send('POST', '/api/events', { ...validEvent, slug: 'quiz-night', title: 'Quiz' });
    expect(second.statusCode).toBe(201);
    const response = await send('PUT', `/api/events/${second.json()._id}`, {
      ...validEvent,
      slug: 'midsummer-ceilidh-hog-roast',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: EVENT_MESSAGES.slugTaken });
  });

  it('refuses a lone surrogate or a line break in a title or a tag with a 400, and keeps the event', async () => {
    const [event] = (await send('GET', '/api/events')).json() as PublicEvent[];
    const refusals = [
      [{ title: 'Quiz\ud800' }, 'Title contains characters we cannot accept.'],
      [{ title: '\udfff' }, 'Title contains characters we cannot accept.'],
      [{ title: 'Quiz\u2028night' }, 'Title must be on one line.'],
      [{ tags: 'music, \ud800' }, 'Tags contains characters we cannot accept.'],
      [{ tags: ['\udfff'] }, 'Tags contains characters we cannot accept.'],
      [{ tags: 'music\ndance' }, 'Tags must be on one line.'],
    ] as const;
    for (const [change, message] of refusals) {
      const response = await send('PUT', `/api/events/${event?._id}`, { ...validEvent, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error, JSON.stringify(change)).toContain(message);
    }
    expect((await send('GET', '/api/events')).json()).toContainEqual(event);
  });

  it('lists past events for staff, though the public list leaves them out', async () => {
    const past = await send('POST', '/api/events', { ...validEvent, slug: 'may-day', date: '2026-05-01' });
    expect(past.statusCode).toBe(201);
    const all = (await send('GET', '/api/events')).json() as PublicEvent[];
    expect(all.map((event) => event.slug)).toEqual(['may-day', 'midsummer-ceilidh-hog-roast', 'quiz-night']);
    const upcoming = (
      await t.app.inject({ method: 'GET', url: '/api/events/upcoming' })
    ).json() as PublicEvent[];
    expect(upcoming.map((event) => event.slug)).not.toContain('may-day');
  });

  it.each([
    [{ title: '  ' }, EVENT_MESSAGES.title],
    [{ title: undefined }, EVENT_MESSAGES.title],
    [{ slug: 'Quiz Night' }, EVENT_MESSAGES.slug],
    [{ slug: 'quiz--night' }, EVENT_MESSAGES.slug],
    [{ date: '2026-02-30' }, EVENT_MESSAGES.date],
    [{ date: undefined }, EVENT_MESSAGES.date],
    [{ time: '25:00' }, EVENT_MESSAGES.time],
    [{ cover: 'javascript:alert(1)' }, EVENT_MESSAGES.cover],
    [{ cover: '/images/../api/events' }, EVENT_MESSAGES.cover],
    [{ cover: 'images/x.svg' }, EVENT_MESSAGES.cover],
    [{ tags: 5 }, 'Tags must be text or a list of text.'],
    [{ isMajor: 'yes' }, 'Major must be true or false.'],
  ])('refuses %o with its message', async (change, message) => {
    const response = await send('POST', '/api/events', { ...validEvent, slug: 'refused', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
  });

  it('accepts a web address as cover', async () => {
    const response = await send('POST', '/api/events', {
      ...validEvent,
      slug: 'web-cover',
      cover: 'https://example.com/poster.jpg',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().cover).toBe('https://example.com/poster.jpg');
  });

  it.each(['PUT', 'DELETE'] as const)('answers %s of an unknown or malformed id with 404', async (method) => {
    for (const id of ['0b9f3c52-6f0e-4d43-9d6e-2f7c1f0e7a11', 'not-a-uuid', '1']) {
      const response = await send(method, `/api/events/${id}`, method === 'PUT' ? validEvent : undefined);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Event not found' });
    }
  });

  it('deletes an event, and its public page goes with it', async () => {
    const event = (await send('GET', '/api/events')).json()[0] as PublicEvent;
    const response = await send('DELETE', `/api/events/${event._id}`);
    expect(response.statusCode).toBe(204);
    expect((await send('DELETE', `/api/events/${event._id}`)).statusCode).toBe(404);
    const publicOne = await t.app.inject({ method: 'GET', url: `/api/events/${event.slug}` });
    expect(publicOne.statusCode).toBe(404);
  });
});
