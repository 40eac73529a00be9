import { count } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enquiries, outboxMessages } from '#db/schema.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/messages.ts';
import type { StoredEnquiry } from '#shared/enquiries/schemas.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { expectLimitPerAddress } from '#tests/helpers/rate-limit.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Monday 1 June 2026, 10:00 in London. */
const NOW = new Date('2026-06-01T09:00:00Z');
const SATURDAY = '2026-06-20';
const PUB = 'landlord@roseandcrown.example';

/** What the guest asks for; the form sends it with the hidden spam field left empty. */
const ENQUIRY = {
  name: 'Ruth Okafor',
  phone: '07700 900321',
  email: 'ruth@example.com',
  preferredDate: SATURDAY,
  preferredTime: '19:15',
  partySize: 14,
  notes: 'A retirement do.\nTwo vegetarians, one coeliac.',
};

function enquiryBody(overrides: Record<string, unknown> = {}) {
  return { ...ENQUIRY, website: '', ...overrides };
}

describe.each(databaseTargets)('large-party enquiries on $name', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true, env: { PUB_NOTIFY_EMAIL: PUB } });

  const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/enquiries', payload });
  const admin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: t.cookie, origin: 'https://pub.test' }, payload });
  const storedCount = async () => {
    const [row] = await t.database.db.select({ value: count() }).from(enquiries);
    return row?.value ?? 0;
  };

  describe('POST /api/enquiries', () => {
    beforeEach(async () => {
      await t.database.db.delete(enquiries);
      await t.database.db.delete(outboxMessages);
    });

    it('stores a new enquiry and answers 201 with it and its reference', async () => {
      const response = await send(enquiryBody({ status: 'BOOKED', _id: 'mine', reference: 'EQ-MINE' }));
      expect(response.statusCode).toBe(201);
      const enquiry = response.json() as StoredEnquiry;
      expect(enquiry).toMatchObject({ ...ENQUIRY, status: 'NEW', createdAt: NOW.toISOString() });
      expect(enquiry.reference).toMatch(/^EQ-[2-9A-HJKMNP-Z]{6}$/);
      expect(Object.keys(enquiry)).not.toContain('website');
      const [row] = await t.database.db.select().from(enquiries);
      expect(row).toMatchObject({ id: enquiry._id, reference: enquiry.reference, status: 'NEW' });
    });

    it('takes the party as a form field’s text too', async () => {
      const response = await send(enquiryBody({ partySize: '9' }));
      expect(response.statusCode).toBe(201);
      expect(response.json().partySize).toBe(9);
    });

    it('e-mails the pub every detail, and the guest an acknowledgement with the pub’s phone', async () => {
      const { reference } = (await send(enquiryBody())).json() as StoredEnquiry;
      // Earlier tests' enquiries were e-mailed to the same folder.
      const mails = (await mailInOutboxFolder(t)).filter((mail) => mail.text.includes(reference));
      expect(mails).toHaveLength(2);

      const pub = mails.find((mail) => mail.headers.get('to') === PUB);
      expect(pub?.subject).toBe(
        `New enquiry ${reference}: party of 14, Saturday 20 June 2026, 7:15pm — Ruth Okafor`,
      );
      expect(pub?.headers.get('reply-to')).toContain('ruth@example.com');
      for (const part of [pub?.text, pub?.html]) {
        for (const detail of ['07700 900321', 'ruth@example.com', 'Two vegetarians, one coeliac.']) {
          expect(part).toContain(detail);
        }
      }

      const guest = mails.find((mail) => mail.headers.get('to')?.includes('ruth@example.com'));
      expect(guest?.subject).toBe(
        'Your enquiry to The Rose & Crown — 14 guests, Saturday 20 June 2026, 7:15pm',
      );
      for (const part of [guest?.text, guest?.html]) {
        expect(part).toContain(reference);
        expect(part).toContain('reply within two days');
        expect(part).toContain('0118 496 0000');
        expect(part).toContain('A retirement do.');
      }
    });

    it.each([
      [{ name: '  ' }, BOOKING_MESSAGES.name],
      [{ phone: '' }, BOOKING_MESSAGES.phone],
      [{ phone: 'call me' }, BOOKING_MESSAGES.phoneInvalid],
      [{ email: 'ruth@' }, BOOKING_MESSAGES.email],
      [{ preferredDate: '2026-02-30' }, BOOKING_MESSAGES.date],
      [{ preferredDate: undefined }, BOOKING_MESSAGES.date],
      [{ preferredDate: '2026-05-31' }, BOOKING_MESSAGES.datePast],
      [{ preferredTime: '7pm' }, BOOKING_MESSAGES.time],
      [{ preferredTime: '24:00' }, BOOKING_MESSAGES.time],
      [{ partySize: undefined }, ENQUIRY_MESSAGES.party],
      [{ partySize: 12.5 }, ENQUIRY_MESSAGES.party],
      [{ partySize: 'twelve' }, ENQUIRY_MESSAGES.party],
      [{ partySize: 8 }, ENQUIRY_MESSAGES.partyBookOnline],
      [{ partySize: 61 }, ENQUIRY_MESSAGES.party],
      [{ notes: 'x'.repeat(1001) }, 'Notes is too long (1000 characters at most).'],
      [{ name: 'Ruth\u0000' }, 'Name contains characters we cannot accept.'],
      [{ website: 'http://spam.example' }, BOOKING_MESSAGES.spam],
    ])('refuses %o with its message, storing and sending nothing', async (overrides, message) => {
      const response = await send(enquiryBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message });
      expect(await storedCount()).toBe(0);
      const [queued] = await t.database.db.select({ value: count() }).from(outboxMessages);
      expect(queued?.value).toBe(0);
    });

    it('takes the smallest and the largest party it is for', async () => {
      expect((await send(enquiryBody({ partySize: 9 }))).statusCode).toBe(201);
      expect((await send(enquiryBody({ partySize: 60 }))).statusCode).toBe(201);
      expect(await storedCount()).toBe(2);
    });

    it('answers a body that is not an object with a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/enquiries',
        payload: '[]',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Please send the enquiry as a JSON object.' });
    });
  });

  describe('the admin', () => {
    let first: StoredEnquiry;
    let second: StoredEnquiry;

    beforeAll(async () => {
      await t.database.db.delete(enquiries);
      first = (await send(enquiryBody({ name: 'First' }))).json();
      t.setNow(new Date(NOW.getTime() + 60_000));
      second = (await send(enquiryBody({ name: 'Second', partySize: 30 }))).json();
    });

    it('lists the enquiries newest first', async () => {
      const response = await admin('GET', '/api/admin/enquiries');
      expect(response.statusCode).toBe(200);
      expect((response.json() as StoredEnquiry[]).map((enquiry) => enquiry.reference)).toEqual([
        second.reference,
        first.reference,
      ]);
    });

    it('moves an enquiry along, and filters by status', async () => {
      const changed = await admin('PATCH', `/api/admin/enquiries/${first._id}`, { status: 'REPLIED' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ reference: first.reference, status: 'REPLIED' });

      const replied = await admin('GET', '/api/admin/enquiries?status=REPLIED');
      expect((replied.json() as StoredEnquiry[]).map((enquiry) => enquiry.name)).toEqual(['First']);
      const fresh = await admin('GET', '/api/admin/enquiries?status=NEW');
      expect((fresh.json() as StoredEnquiry[]).map((enquiry) => enquiry.name)).toEqual(['Second']);
    });

    it('refuses a status that is not one of them, and an unknown filter', async () => {
      const changed = await admin('PATCH', `/api/admin/enquiries/${second._id}`, { status: 'DONE' });
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toMatchObject({ error: 'status must be NEW, REPLIED, BOOKED or DECLINED.' });
      const listed = await admin('GET', '/api/admin/enquiries?status=done');
      expect(listed.statusCode).toBe(400);
      expect(listed.json()).toMatchObject({ error: 'status must be NEW, REPLIED, BOOKED or DECLINED.' });
    });

    it('answers 404 for an enquiry that does not exist', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await admin('PATCH', `/api/admin/enquiries/${id}`, { status: 'BOOKED' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: ENQUIRY_MESSAGES.notFound });
      }
    });

    it('answers 401 without a session and changes nothing', async () => {
      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/enquiries' });
      expect(listed.statusCode).toBe(401);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/enquiries/${second._id}`,
        payload: { status: 'DECLINED' },
      });
      expect(changed.statusCode).toBe(401);
      const [row] = (await admin('GET', '/api/admin/enquiries?status=NEW')).json() as StoredEnquiry[];
      expect(row?.reference).toBe(second.reference);
    });
  });
});

describe('the enquiry rate limit', () => {
  const t = useTestApp(databaseTargets[0] as (typeof databaseTargets)[number], NOW, {
    env: { BOOKING_RATE_LIMIT_PER_15_MIN: '2' },
  });

  it('answers 429 with a clear message past the booking form’s limit', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/enquiries', payload: enquiryBody(), remoteAddress });
    await expectLimitPerAddress(send, {
      limit: 2,
      answered: 201,
      error: 'Too many enquiries. Please wait a few minutes, or call us.',
    });
  });
});
