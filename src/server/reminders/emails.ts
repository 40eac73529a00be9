import type { SendMailOptions } from 'nodemailer';
import { Fragment } from 'react';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingOf } from '#shared/christmas/sittings.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { COMING_MESSAGES, comingUrl } from '#shared/manage/coming.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { formatLongDate, formatTime, londonTimeOfDay } from '#shared/time/london-time.ts';
import { guestDetailRows, whenText } from '../booking/emails.ts';
import {
  christmasBookingCalendarAttachment,
  occasionBookingCalendarAttachment,
  type TableCalendarContext,
  tableBookingCalendarAttachment,
} from '../calendar/booking-calendar.ts';
import { orderRows } from '../christmas/emails.ts';
import type { ChristmasBookingRow } from '../christmas/store.ts';
import { html } from '../lib/html.ts';
import { ActionLink, Paragraph } from '../mail/layout.ts';
import {
  changePart,
  detailsPart,
  guestLetter,
  type LetterPart,
  managePart,
  paragraphPart,
} from '../mail/messages.ts';
import { bookingRows } from '../occasions/emails.ts';
import type { OccasionBookingRow } from '../occasions/organiser-links.ts';

/** The reminder subjects begin with this, so guests, staff and their mail filters know them. */
export const REMINDER_SUBJECT_PREFIX = 'Reminder:';

/** "Yes, we're coming": opens the booking's page, where one tap confirms it (a link alone confirms nothing). */
function comingPart(manageUrl: string): LetterPart {
  const url = comingUrl(manageUrl);
  return {
    html: html`<${Fragment}>
      <${Paragraph}>${COMING_MESSAGES.question}<//>
      <${ActionLink} href=${url}>${COMING_MESSAGES.action}<//>
    <//>`,
    text: `${COMING_MESSAGES.question}\n${COMING_MESSAGES.action}: ${url}`,
  };
}

/**
 * The guest's reminder of their table (issue 18): the booking, "Yes, we're coming", their own link, and the
 * booking's calendar file.
 */
export function tableReminderEmail(
  booking: StoredBooking,
  venue: Venue,
  manageUrl: string,
  calendar: TableCalendarContext,
): SendMailOptions {
  const when = whenText(booking);
  const letter = guestLetter(venue, booking, {
    subject: `${REMINDER_SUBJECT_PREFIX} your table at ${venue.name} — ${when}`,
    kicker: 'Table booking reminder',
    preheader: `We look forward to welcoming you on ${when}.`,
    title: 'See you soon',
    parts: [
      paragraphPart(`Just a reminder of your table with us: we look forward to welcoming you on ${when}.`),
      detailsPart(guestDetailRows(booking)),
      comingPart(manageUrl),
      managePart(manageUrl),
      changePart('Or call us on', booking.reference, venue),
    ],
    signOff: 'See you soon',
  });
  return {
    ...letter,
    attachments: [tableBookingCalendarAttachment(booking, venue, { ...calendar, manageUrl })],
  };
}

/**
 * The guest's reminder of their Christmas Day table: the sitting, their pre-order and what is due on the day,
 * "Yes, we're coming", their own link, and the booking's calendar file.
 */
export function christmasReminderEmail(
  booking: ChristmasBookingRow,
  { venue, season, publicUrl }: { venue: Venue; season: ChristmasSeason; publicUrl: string },
  manageUrl: string,
): SendMailOptions {
  const when = `${formatLongDate(season.date)}, ${formatTime(sittingOf(season, booking.sittingId).start)}`;
  const letter = guestLetter(venue, booking, {
    subject: `${REMINDER_SUBJECT_PREFIX} your Christmas Day table at ${venue.name} — ${when}`,
    kicker: 'Christmas Day reminder',
    preheader: `We look forward to welcoming you on ${when}.`,
    title: 'Christmas Day is nearly here',
    parts: [
      paragraphPart(
        `Just a reminder of your Christmas Day table with us: we look forward to welcoming you on ${when} ` +
          `(sitting ${booking.sittingLabel}).`,
      ),
      detailsPart(orderRows(booking, season)),
      comingPart(manageUrl),
      managePart(manageUrl),
      changePart('Or call us on', booking.reference, venue),
    ],
    signOff: 'Merry Christmas',
  });
  const calendar = { publicUrl, season, manageUrl };
  return { ...letter, attachments: [christmasBookingCalendarAttachment(booking, venue, calendar)] };
}

/**
 * The organiser's reminder of their party's visit (issue 30, as a table's): the occasion, the sitting, what is
 * left to pay, "Yes, we're coming", their own page, and the booking's calendar file.
 */
export function occasionReminderEmail(
  booking: OccasionBookingRow,
  {
    venue,
    publicUrl,
    occasion,
    sitting,
    supplements,
  }: {
    venue: Venue;
    publicUrl: string;
    occasion: Occasion | undefined;
    sitting: { start: Date; end: Date };
    supplements: number;
  },
  organiserUrl: string,
): SendMailOptions {
  const when = `${formatLongDate(booking.date)}, ${formatTime(londonTimeOfDay(sitting.start))}`;
  const letter = guestLetter(venue, booking, {
    subject: `${REMINDER_SUBJECT_PREFIX} ${booking.occasionName} at ${venue.name} — ${when}`,
    kicker: `${booking.occasionName} reminder`,
    preheader: `We look forward to welcoming your party on ${when}.`,
    title: 'See you soon',
    parts: [
      paragraphPart(
        `Just a reminder of your booking for ${booking.occasionName}: we look forward to welcoming your party ` +
          `on ${when} (${booking.sittingLabel}).`,
      ),
      detailsPart(bookingRows(booking, occasion, supplements)),
      comingPart(organiserUrl),
      managePart(organiserUrl),
      changePart('To change your numbers, call us on', booking.reference, venue),
    ],
    signOff: 'See you soon',
  });
  const calendar = { publicUrl, sitting, manageUrl: organiserUrl };
  return { ...letter, attachments: [occasionBookingCalendarAttachment(booking, venue, calendar)] };
}
