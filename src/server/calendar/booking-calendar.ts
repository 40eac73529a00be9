import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { partyText } from '#shared/booking/party.ts';
import { turnMinutesFor } from '#shared/booking/rules.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import { sittingOf } from '#shared/christmas/sittings.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatAddressLines } from '#shared/content/venue.ts';
import { londonInstant, PUB_TIME_ZONE } from '#shared/time/london-time.ts';
import type { ChristmasBookingRow } from '../christmas/fulfilment.ts';
import { managePart } from '../mail/messages.ts';

/**
 * A booking as a calendar event (issue 18, decision 016): the file a guest's e-mails attach and their booking
 * page downloads. ical-generator writes it; the same booking always gives the same UID, and every change a
 * higher SEQUENCE, so a calendar updates or removes the event it already holds.
 */

/** What every table booking's file is written with besides the booking and the pub. */
export interface TableCalendarContext {
  /** PUBLIC_URL: its host names the events. */
  publicUrl: string;
  /** The table times: how long a party holds its table. */
  settings: BookingSettings;
}

export interface TableCalendarOptions extends TableCalendarContext {
  /** The guest's own link to the booking, when this file goes to the guest with one. */
  manageUrl?: string | undefined;
}

export interface ChristmasCalendarOptions {
  publicUrl: string;
  /** This season's day and sittings: when the booking's sitting starts and ends. */
  season: Pick<ChristmasDay, 'date' | 'sittings'>;
  manageUrl?: string | undefined;
}

/** An attachment as the outbox stores it: plain strings, so it survives the JSON column unchanged. */
export interface CalendarAttachment {
  filename: string;
  content: string;
  contentType: string;
}

interface CalendarEvent {
  uid: string;
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  cancelled: boolean;
  summary: string;
  description: string;
  manageUrl: string | undefined;
  guest: { name: string; email: string };
}

/** Each change stores a later updatedAt, so the seconds since the booking was made only ever grow. */
function sequenceOf(createdAt: Date, updatedAt: Date): number {
  return Math.max(0, Math.floor((updatedAt.getTime() - createdAt.getTime()) / 1000));
}

function uidOf(kind: 'table' | 'christmas', id: string, publicUrl: string): string {
  return `${kind}-${id}@${new URL(publicUrl).hostname}`;
}

/** "The Rose & Crown" → "rose-and-crown": the start of the file's name. */
function venueSlug(venue: Venue): string {
  return venue.name
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** rose-and-crown-RC-7KQ2M9.ics */
export function calendarFileName(venue: Venue, reference: string): string {
  return `${venueSlug(venue)}-${reference}.ics`;
}

function descriptionOf(lines: string[], manageUrl: string | undefined, venue: Venue): string {
  const manage = manageUrl ? [managePart(manageUrl).text] : [];
  const call = `${manageUrl ? 'Or call' : 'To change or cancel, call'} us on ${venue.phone}.`;
  return [...lines, ...manage, call].join('\n');
}

function calendarText(event: CalendarEvent, venue: Venue): string {
  const calendar = new ICalCalendar({
    prodId: { company: venue.name, product: 'Bookings', language: 'EN' },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No calendar-wide zone, so DTSTAMP stays in UTC; the generator adds the VTIMEZONE the event's TZID names.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    // A TZDate carries its zone, so the wall-clock times written do not depend on the server's own zone.
    start: new TZDate(event.start.getTime(), PUB_TIME_ZONE),
    end: new TZDate(event.end.getTime(), PUB_TIME_ZONE),
    timezone: PUB_TIME_ZONE,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: event.summary,
    location: [venue.name, ...formatAddressLines(venue.address)].join(', '),
    description: event.description,
    url: event.manageUrl ?? null,
    organizer: { name: venue.name, email: venue.email },
    attendees: event.guest.email
      ? [
          {
            name: event.guest.name,
            email: event.guest.email,
            rsvp: false,
            role: ICalAttendeeRole.REQ,
            status: ICalAttendeeStatus.ACCEPTED,
          },
        ]
      : [],
  });
  return calendar.toString();
}

function attachmentOf(content: string, cancelled: boolean, venue: Venue, reference: string) {
  return {
    filename: calendarFileName(venue, reference),
    content,
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
  } satisfies CalendarAttachment;
}

/** A table booking's .ics: its time for as long as the party holds the table; cancelled, a CANCEL. */
export function tableBookingCalendar(
  booking: StoredBooking,
  venue: Venue,
  options: TableCalendarOptions,
): string {
  const start = londonInstant(booking.date, booking.timeSlot);
  const turnMinutes = turnMinutesFor(booking.partySize, options.settings);
  const updatedAt = new Date(booking.updatedAt);
  return calendarText(
    {
      uid: uidOf('table', booking._id, options.publicUrl),
      sequence: sequenceOf(new Date(booking.createdAt), updatedAt),
      stamp: updatedAt,
      start,
      end: new Date(start.getTime() + turnMinutes * 60_000),
      cancelled: booking.status === 'CANCELLED',
      summary: `Table for ${booking.partySize} at ${venue.name}`,
      description: descriptionOf(
        [
          `${partyText(booking.partyAdults, booking.partyChildren)}.`,
          `Your reference: ${booking.reference}.`,
        ],
        options.manageUrl,
        venue,
      ),
      manageUrl: options.manageUrl,
      guest: { name: booking.name, email: booking.email },
    },
    venue,
  );
}

/** The table booking's .ics as an e-mail attachment. */
export function tableBookingCalendarAttachment(
  booking: StoredBooking,
  venue: Venue,
  options: TableCalendarOptions,
): CalendarAttachment {
  const cancelled = booking.status === 'CANCELLED';
  return attachmentOf(tableBookingCalendar(booking, venue, options), cancelled, venue, booking.reference);
}

/** A Christmas Day booking's .ics: its sitting, start to end; cancelled, a CANCEL. */
export function christmasBookingCalendar(
  booking: ChristmasBookingRow,
  venue: Venue,
  options: ChristmasCalendarOptions,
): string {
  const sitting = sittingOf(options.season, booking.sittingId);
  return calendarText(
    {
      uid: uidOf('christmas', booking.id, options.publicUrl),
      sequence: sequenceOf(booking.createdAt, booking.updatedAt),
      stamp: booking.updatedAt,
      start: londonInstant(options.season.date, sitting.start),
      end: londonInstant(options.season.date, sitting.end),
      cancelled: booking.status === 'CANCELLED',
      summary: `Christmas Day at ${venue.name}: table for ${booking.partySize}`,
      description: descriptionOf(
        [
          `Sitting ${booking.sittingLabel}, ${partyText(booking.partyAdults, booking.partyChildren)}.`,
          `Your reference: ${booking.reference}.`,
        ],
        options.manageUrl,
        venue,
      ),
      manageUrl: options.manageUrl,
      guest: { name: booking.name, email: booking.email },
    },
    venue,
  );
}

/** The Christmas booking's .ics as an e-mail attachment. */
export function christmasBookingCalendarAttachment(
  booking: ChristmasBookingRow,
  venue: Venue,
  options: ChristmasCalendarOptions,
): CalendarAttachment {
  const cancelled = booking.status === 'CANCELLED';
  return attachmentOf(christmasBookingCalendar(booking, venue, options), cancelled, venue, booking.reference);
}
