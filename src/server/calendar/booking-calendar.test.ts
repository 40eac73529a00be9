import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { christmasBookingRow } from '#tests/helpers/christmas.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import {
  calendarFileName,
  christmasBookingCalendar,
  christmasBookingCalendarAttachment,
  tableBookingCalendar,
  tableBookingCalendarAttachment,
} from './booking-calendar.ts';

const { venue } = seedContent;
const settings = seedContent['booking-settings'];
const publicUrl = 'https://roseandcrown.example';
const manageUrl = `${publicUrl}/bookings/manage/${'T'.repeat(43)}`;

/** Saturday 3 July 2027, in British Summer Time (UTC+1). */
const SUMMER_BOOKING = storedBookingFixture({
  _id: '11111111-1111-4111-8111-111111111111',
  reference: 'RC-SUMMER',
  date: '2027-07-03',
  name: 'Cora Crawley',
  email: 'cora@example.com',
  phone: '07700 900654',
  partyAdults: 4,
  partySize: 4,
  createdAt: '2027-05-01T09:00:00.000Z',
  updatedAt: '2027-05-01T09:00:00.000Z',
});

/** The file as an independent parser reads it: its method, and its one event with the times its VTIMEZONE gives. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  try {
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const vevent = events[0] as ICAL.Component;
    const event = new ICAL.Event(vevent);
    return {
      method: calendar.getFirstPropertyValue('method'),
      zoneIds: zones.map((zone) => zone.getFirstPropertyValue('tzid')),
      uid: event.uid,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue('status'),
      startZone: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: vevent.getFirstPropertyValue('url'),
      organizer: vevent.getFirstPropertyValue('organizer'),
      attendee: vevent.getFirstPropertyValue('attendee'),
    };
  } finally {
    ICAL.TimezoneService.reset();
  }
}

describe('a table booking’s calendar file', () => {
  it('lands a summer booking at 19:00 London, 18:00 UTC, for its table time, in Europe/London', () => {
    const event = parse(tableBookingCalendar(SUMMER_BOOKING, venue, { publicUrl, settings, manageUrl }));
    expect(event.method).toBe('REQUEST');
    expect(event.zoneIds).toEqual(['Europe/London']);
    expect(event.startZone).toBe('Europe/London');
    expect(event.start).toBe('2027-07-03T18:00:00.000Z');
    const turnMinutes = settings.turnMinutes;
    expect(event.end).toBe(new Date(Date.UTC(2027, 6, 3, 18, turnMinutes)).toISOString());
    expect(event.status).toBe('CONFIRMED');
    expect(event.summary).toBe('Table for 4 at The Rose & Crown');
    expect(event.uid).toBe(`table-${SUMMER_BOOKING._id}@roseandcrown.example`);
    expect(event.sequence).toBe(0);
  });

  it('holds a large party’s table for the longer table time', () => {
    const large = {
      ...SUMMER_BOOKING,
      partyAdults: settings.largePartyFrom,
      partySize: settings.largePartyFrom,
    };
    const event = parse(tableBookingCalendar(large, venue, { publicUrl, settings }));
    const minutes = (Date.parse(event.end) - Date.parse(event.start)) / 60_000;
    expect(minutes).toBe(settings.largePartyTurnMinutes);
  });

  it('names the pub and its address as the place, and the reference and the guest’s link in the description', () => {
    const event = parse(tableBookingCalendar(SUMMER_BOOKING, venue, { publicUrl, settings, manageUrl }));
    expect(event.location).toBe(
      'The Rose & Crown, 1 Church Lane, Little Barkham, Wokingham, Berkshire, RG40 0AA',
    );
    expect(event.description).toBe(
      [
        '4 adults.',
        'Your reference: RC-SUMMER.',
        `Change or cancel your booking: ${manageUrl}`,
        `Or call us on ${venue.phone}.`,
      ].join('\n'),
    );
    expect(event.url).toBe(manageUrl);
    // A URI's scheme is case-insensitive: writers spell it either way.
    expect(String(event.organizer).toLowerCase()).toBe(`mailto:${venue.email}`);
    expect(String(event.attendee).toLowerCase()).toBe('mailto:cora@example.com');
  });

  it('without a link, tells the guest to call', () => {
    const event = parse(tableBookingCalendar(SUMMER_BOOKING, venue, { publicUrl, settings }));
    expect(event.description).not.toContain('/manage/');
    expect(event.description).toContain(`To change or cancel, call us on ${venue.phone}.`);
    expect(event.url).toBeNull();
  });

  it('keeps its UID through a change and raises its SEQUENCE with each one', () => {
    const first = parse(tableBookingCalendar(SUMMER_BOOKING, venue, { publicUrl, settings }));
    const moved = { ...SUMMER_BOOKING, timeSlot: '20:00', updatedAt: '2027-05-02T10:30:00.000Z' };
    const second = parse(tableBookingCalendar(moved, venue, { publicUrl, settings }));
    const cancelled = { ...moved, status: 'CANCELLED' as const, updatedAt: '2027-05-02T10:30:07.000Z' };
    const third = parse(tableBookingCalendar(cancelled, venue, { publicUrl, settings }));
    expect(second.uid).toBe(first.uid);
    expect(third.uid).toBe(first.uid);
    expect(second.sequence).toBeGreaterThan(first.sequence);
    expect(third.sequence).toBeGreaterThan(second.sequence);
    expect(second.start).toBe('2027-07-03T19:00:00.000Z');
  });

  it('cancels the event when the booking is cancelled', () => {
    const cancelled = {
      ...SUMMER_BOOKING,
      status: 'CANCELLED' as const,
      updatedAt: '2027-05-03T08:00:00.000Z',
    };
    const event = parse(tableBookingCalendar(cancelled, venue, { publicUrl, settings }));
    expect(event.method).toBe('CANCEL');
    expect(event.status).toBe('CANCELLED');
    const attachment = tableBookingCalendarAttachment(cancelled, venue, { publicUrl, settings });
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });

  it('is attached as plain strings, named after the pub and the reference', () => {
    const attachment = tableBookingCalendarAttachment(SUMMER_BOOKING, venue, { publicUrl, settings });
    expect(attachment).toEqual({
      filename: 'rose-and-crown-RC-SUMMER.ics',
      content: expect.stringMatching(/^BEGIN:VCALENDAR\r\n/),
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(calendarFileName(venue, 'XMAS-ABCD')).toBe('rose-and-crown-XMAS-ABCD.ics');
  });

  it('writes the same wall-clock times whatever the server’s own time zone', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Auckland';
      const far = tableBookingCalendar(SUMMER_BOOKING, venue, { publicUrl, settings });
      process.env.TZ = 'UTC';
      const near = tableBookingCalendar(SUMMER_BOOKING, venue, { publicUrl, settings });
      expect(far).toContain('DTSTART;TZID=Europe/London:20270703T190000');
      expect(far).toBe(near);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('a Christmas booking’s calendar file', () => {
  const booking = christmasBookingRow({
    id: '22222222-2222-4222-8222-222222222222',
    sittingId: 'xmas-early',
    createdAt: new Date('2026-10-01T10:00:00Z'),
    updatedAt: new Date('2026-10-01T10:00:00Z'),
  });

  it('lands the early sitting on 25 December at 12:00 London, which is 12:00 UTC in winter', () => {
    const early = seedSeason.sittings.find((sitting) => sitting.id === 'xmas-early');
    const event = parse(christmasBookingCalendar(booking, venue, { publicUrl, season: seedSeason }));
    expect(event.method).toBe('REQUEST');
    expect(event.startZone).toBe('Europe/London');
    expect(event.start).toBe(`${seedSeason.date}T12:00:00.000Z`);
    expect(event.end).toBe(`${seedSeason.date}T${early?.end}:00.000Z`);
    expect(event.uid).toBe(`christmas-${booking.id}@roseandcrown.example`);
    expect(event.summary).toBe(`Christmas Day at The Rose & Crown: table for ${booking.partySize}`);
    expect(event.description).toContain(`Your reference: ${booking.reference}.`);
    expect(event.location).toContain('RG40 0AA');
  });

  it('carries the guest’s link when there is one, and cancels with a higher SEQUENCE', () => {
    const link = `${publicUrl}/christmas/manage/${'C'.repeat(43)}`;
    const confirmed = parse(
      christmasBookingCalendar(booking, venue, { publicUrl, season: seedSeason, manageUrl: link }),
    );
    expect(confirmed.description).toContain(`Change or cancel your booking: ${link}`);
    const cancelled = {
      ...booking,
      status: 'CANCELLED' as const,
      updatedAt: new Date('2026-11-01T10:00:00Z'),
    };
    const event = parse(christmasBookingCalendar(cancelled, venue, { publicUrl, season: seedSeason }));
    expect(event.method).toBe('CANCEL');
    expect(event.uid).toBe(confirmed.uid);
    expect(event.sequence).toBeGreaterThan(confirmed.sequence);
    const attachment = christmasBookingCalendarAttachment(cancelled, venue, {
      publicUrl,
      season: seedSeason,
    });
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });
});
