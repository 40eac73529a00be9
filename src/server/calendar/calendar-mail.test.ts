import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { BEFORE_CUTOFF, phoneBooking } from '#tests/helpers/christmas.ts';
import type { ParsedAttachment, ParsedMail } from '#tests/helpers/mime.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { bookTable, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Saturday 1 May 2027, 10:00 in London: Saturday 3 July is in reach, and in British Summer Time. */
const NOW = new Date('2027-05-01T09:00:00Z');
const SUMMER_SATURDAY = '2027-07-03';

const guestBooking = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest(SUMMER_SATURDAY, {
    name: 'Cora Crawley',
    phone: '07700 900654',
    email: 'cora@example.com',
    partyAdults: 4,
    ...overrides,
  });

/** The one event of a calendar file, as ical.js reads it with the file's own VTIMEZONE. */
function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  try {
    const vevent = calendar.getFirstSubcomponent('vevent');
    expect(vevent).not.toBeNull();
    const event = new ICAL.Event(vevent as ICAL.Component);
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      description: event.description,
    };
  } finally {
    ICAL.TimezoneService.reset();
  }
}

/** The calendar file attached to the one e-mail whose subject starts so. */
function calendarIn(sent: ParsedMail[], subjectStart: string): ParsedAttachment {
  const matching = sent.filter((mail) => mail.subject.startsWith(subjectStart));
  expect(matching).toHaveLength(1);
  const attachments = (matching[0] as ParsedMail).attachments;
  expect(attachments).toHaveLength(1);
  return attachments[0] as ParsedAttachment;
}

describe.each(databaseTargets)('calendar files on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test' });

  async function book() {
    const booked = (await bookTable(t, guestBooking(), { 'idempotency-key': 'calendar-test-booking' })) as {
      _id: string;
      reference: string;
      manageUrl?: string;
    };
    const token = booked.manageUrl?.split('/').at(-1) ?? '';
    expect(booked.manageUrl).toBe(`https://pub.test/bookings/manage/${token}`);
    return { ...booked, token };
  }

  it('attaches the booking to its confirmation: 19:00 in summer is 18:00 UTC, with the guest’s link', async () => {
    const { reference, manageUrl } = await book();
    const sent = await mailInOutboxFolder(t);
    const attachment = calendarIn(sent, 'Your table at');
    expect(attachment.filename).toBe(`rose-and-crown-${reference}.ics`);
    expect(attachment.contentType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST/);
    const event = eventOf(attachment.content);
    expect(event.method).toBe('REQUEST');
    expect(event.start).toBe('2027-07-03T18:00:00.000Z');
    expect(event.description).toContain(`Your reference: ${reference}.`);
    expect(event.description).toContain(`Change or cancel your booking: ${manageUrl}`);
    const toThePub = sent.filter((mail) => mail.subject.startsWith('New booking'));
    expect(toThePub.map((mail) => mail.attachments)).toEqual([[]]);
  });

  it('answers a replay without the link, which is never stored', async () => {
    await book();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'calendar-test-booking' },
      payload: guestBooking(),
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().manageUrl).toBeUndefined();
  });

  it('sends the changed event under the same UID with a higher SEQUENCE, then cancels it', async () => {
    const { token } = await book();
    const booked = eventOf(calendarIn(await mailInOutboxFolder(t), 'Your table at').content);

    t.setNow(new Date('2027-05-02T15:00:00Z'));
    const opened = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: {
        ...guestBooking({ timeSlot: '20:00' }),
        allergies: '',
        specialNotes: '',
        version: opened.json().booking.updatedAt,
      },
    });
    expect(moved.statusCode).toBe(200);
    const changed = eventOf(
      calendarIn(await mailInOutboxFolder(t), 'Your table at The Rose & Crown has changed').content,
    );
    expect(changed.method).toBe('REQUEST');
    expect(changed.uid).toBe(booked.uid);
    expect(changed.sequence).toBeGreaterThan(booked.sequence);
    expect(changed.start).toBe('2027-07-03T19:00:00.000Z');

    t.setNow(new Date('2027-05-03T15:00:00Z'));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` })).statusCode,
    ).toBe(200);
    const sent = await mailInOutboxFolder(t);
    const attachment = calendarIn(sent, 'You have cancelled your table');
    expect(attachment.contentType).toMatch(/^text\/calendar; charset=utf-8; method=CANCEL/);
    const cancelled = eventOf(attachment.content);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.uid).toBe(booked.uid);
    expect(cancelled.sequence).toBeGreaterThan(changed.sequence);
    expect(sent.find((mail) => mail.subject.startsWith('Cancelled by the guest'))?.attachments).toEqual([]);
  });

  it('cancels the event when staff cancel the booking, and when they close its service', async () => {
    const first = await book();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: guestBooking({ name: 'Edith Crawley', email: 'edith@example.com', timeSlot: '18:00' }),
    });
    expect(second.statusCode).toBe(201);

    t.setNow(new Date('2027-05-02T15:00:00Z'));
    await createTestAdmin(t);
    const cookie = await signIn(t);
    const staffCancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${first._id}`,
      headers: { cookie },
      payload: { status: 'CANCELLED', notifyGuest: true },
    });
    expect(staffCancel.statusCode).toBe(200);
    const closing = await t.app.inject({
      method: 'POST',
      url: '/api/closures',
      headers: { cookie },
      payload: { date: SUMMER_SATURDAY, service: 'dinner', reason: 'A burst pipe', cancelBookings: true },
    });
    expect(closing.statusCode).toBe(201);

    const sent = await mailInOutboxFolder(t);
    for (const subject of ['Your table at The Rose & Crown is cancelled', 'We are sorry: your table']) {
      const attachment = calendarIn(sent, subject);
      expect(attachment.contentType).toMatch(/method=CANCEL/);
      expect(eventOf(attachment.content).method).toBe('CANCEL');
    }
  });

  it('downloads the guest’s booking from their own link, and answers 404 for any other', async () => {
    const { reference, token } = await book();
    const response = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}/calendar.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="rose-and-crown-${reference}.ics"`,
    );
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const event = eventOf(response.body);
    expect(event.start).toBe('2027-07-03T18:00:00.000Z');
    const attached = calendarIn(await mailInOutboxFolder(t), 'Your table at');
    expect(event.uid).toBe(eventOf(attached.content).uid);

    for (const bad of ['A'.repeat(43), 'not-a-token']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${bad}/calendar.ics` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: MANAGE_MESSAGES.notFound });
    }
  });

  it('attaches Christmas Day to a Christmas confirmation: 12:00 in London is 12:00 UTC in winter', async () => {
    t.setNow(BEFORE_CUTOFF);
    await createTestAdmin(t);
    const cookie = await signIn(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/christmas/admin/bookings',
      headers: { cookie },
      payload: phoneBooking(),
    });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json() as { reference: string };
    const attachment = calendarIn(await mailInOutboxFolder(t), 'Your Christmas Day booking');
    expect(attachment.filename).toBe(`rose-and-crown-${reference}.ics`);
    const event = eventOf(attachment.content);
    expect(event.method).toBe('REQUEST');
    // The site was installed in May 2027 (NOW): its seed's Christmas Day is that year's.
    expect(event.start).toBe('2027-12-25T12:00:00.000Z');
  });
});
