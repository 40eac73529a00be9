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
import type { ChristmasBookingRow } from '../christmas/store.ts';
import { managePart } from '../mail/messages.ts';
import type { OccasionBookingRow } from '../occasions/organiser-links.ts';

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

/** An occasion booking's sitting, start to end, as the occasion publishes it now. */
export interface OccasionCalendarOptions {
  publicUrl: string;
  sitting: { start: Date; end: Date };
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

interface CalendarBooking {
  reference: string;
  status: string;
  name: string;
  email: string;
}

interface CalendarEvent {
  uid: string;
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  booking: CalendarBooking;
  manageUrl: string | undefined;
  /** The description's first line: the party, and for Christmas and an occasion its sitting. */
  detail: string;
}

/** Each change stores a later updatedAt, so the seconds since the booking was made only ever grow. */
function sequenceOf(createdAt: Date, updatedAt: Date): number {
  return Math.max(0, Math.floor((updatedAt.getTime() - createdAt.getTime()) / 1000));
}

function uidOf(kind: 'table' | 'christmas' | 'occasion', id: string, publicUrl: string): string {
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

const isCancelled = (booking: CalendarBooking) => booking.status === 'CANCELLED';

function calendarText(venue: Venue, event: CalendarEvent): string {
  const { booking, manageUrl } = event;
  const cancelled = isCancelled(booking);
  const description = descriptionOf(
    [event.detail, `Your reference: ${booking.reference}.`],
    manageUrl,
    venue,
  );
  const calendar = new ICalCalendar({
    prodId: { company: venue.name, product: 'Bookings', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
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
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: event.summary,
    location: [venue.name, ...formatAddressLines(venue.address)].join(', '),
    description,
    url: manageUrl ?? null,
    organizer: { name: venue.name, email: venue.email },
    attendees: booking.email
      ? [
          {
            name: booking.name,
            email: booking.email,
            rsvp: false,
            role: ICalAttendeeRole.REQ,
            status: ICalAttendeeStatus.ACCEPTED,
          },
        ]
      : [],
  });
  return calendar.toString();
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
  return calendarText(venue, {
    uid: uidOf('table', booking._id, options.publicUrl),
    sequence: sequenceOf(new Date(booking.createdAt), updatedAt),
    stamp: updatedAt,
    start,
    end: new Date(start.getTime() + turnMinutes * 60_000),
    summary: `Table for ${booking.partySize} at ${venue.name}`,
    booking,
    manageUrl: options.manageUrl,
    detail: `${partyText(booking.partyAdults, booking.partyChildren)}.`,
  });
}

/** A Christmas Day booking's .ics: its sitting, start to end; cancelled, a CANCEL. */
export function christmasBookingCalendar(
  booking: ChristmasBookingRow,
  venue: Venue,
  options: ChristmasCalendarOptions,
): string {
  const sitting = sittingOf(options.season, booking.sittingId);
  return calendarText(venue, {
    uid: uidOf('christmas', booking.id, options.publicUrl),
    sequence: sequenceOf(booking.createdAt, booking.updatedAt),
    stamp: booking.updatedAt,
    start: londonInstant(options.season.date, sitting.start),
    end: londonInstant(options.season.date, sitting.end),
    summary: `Christmas Day at ${venue.name}: table for ${booking.partySize}`,
    booking,
    manageUrl: options.manageUrl,
    detail: `Sitting ${booking.sittingLabel}, ${partyText(booking.partyAdults, booking.partyChildren)}.`,
  });
}

/** An occasion booking's .ics (issue 30): its sitting, start to end; cancelled, a CANCEL. */
export function occasionBookingCalendar(
  booking: OccasionBookingRow,
  venue: Venue,
  options: OccasionCalendarOptions,
): string {
  return calendarText(venue, {
    uid: uidOf('occasion', booking.id, options.publicUrl),
    sequence: sequenceOf(booking.createdAt, booking.updatedAt),
    stamp: booking.updatedAt,
    start: options.sitting.start,
    end: options.sitting.end,
    summary: `${booking.occasionName} at ${venue.name}: ${partyText(booking.partyAdults, booking.partyChildren)}`,
    booking,
    manageUrl: options.manageUrl,
    detail: `${booking.sittingLabel}, ${partyText(booking.partyAdults, booking.partyChildren)}.`,
  });
}

/** A booking's .ics, as `calendarOf` writes it, as an e-mail attachment: a CANCEL once it is cancelled. */
function asAttachment<Booking extends CalendarBooking, Options>(
  calendarOf: (booking: Booking, venue: Venue, options: Options) => string,
) {
  return (booking: Booking, venue: Venue, options: Options): CalendarAttachment => ({
    filename: calendarFileName(venue, booking.reference),
    content: calendarOf(booking, venue, options),
    contentType: `text/calendar; charset=utf-8; method=${isCancelled(booking) ? 'CANCEL' : 'REQUEST'}`,
  });
}

/** The table booking's .ics as an e-mail attachment. */
export const tableBookingCalendarAttachment = asAttachment(tableBookingCalendar);

/** The Christmas booking's .ics as an e-mail attachment. */
export const christmasBookingCalendarAttachment = asAttachment(christmasBookingCalendar);

/** The occasion booking's .ics as an e-mail attachment. */
export const occasionBookingCalendarAttachment = asAttachment(occasionBookingCalendar);
