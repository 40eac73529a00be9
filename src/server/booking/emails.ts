import type { SendMailOptions } from 'nodemailer';
import { partyText } from '#shared/booking/party.ts';
import { serviceLabel, serviceName } from '#shared/booking/rules.ts';
import type { ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { type TableCalendarContext, tableBookingCalendarAttachment } from '../calendar/booking-calendar.ts';
import { depositTermsPart, type LetterPayment, paymentRow } from '../deposits/terms-part.ts';
import { html, MultilineText } from '../lib/html.ts';
import { NoteBox } from '../mail/layout.ts';
import {
  changedRows,
  changePart,
  detailsPart,
  guestLetter,
  type MailContext,
  managePart,
  paragraphPart,
  pubNotice,
  pubNoticeSubject,
} from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';
import { unsubscribePart } from '../privacy/consent-mail.ts';

/** "Tuesday 8 December 2026, 7pm": when the table is, as subjects and letters say it. */
export function whenText(booking: Pick<StoredBooking, 'date' | 'timeSlot'>): string {
  return `${formatLongDate(booking.date)}, ${formatTime(booking.timeSlot)}`;
}

/** The booking as its guest reads it in every letter: date, time, party, reference and what they told us. */
export function guestDetailRows(booking: StoredBooking): Row[] {
  const rows: Row[] = [
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Reference', booking.reference],
  ];
  if (booking.occasion !== 'None') {
    rows.push(['Occasion', [booking.occasion, booking.occasionNotes].filter(Boolean).join(' — ')]);
  }
  if (booking.hasAccessibilityNeeds) {
    rows.push(['Accessibility', booking.accessibilityNotes || 'We have noted that you have access needs.']);
  }
  if (booking.specialNotes) rows.push(['Your notes', booking.specialNotes]);
  return rows;
}

/** A booking's deposit or card guarantee, as a letter repeats it after the booking; nothing when there is none. */
function paymentParts(payment: LetterPayment | null | undefined) {
  return payment ? [depositTermsPart(payment.terms, payment)] : [];
}

/** The guest's link to their booking, then the phone: the parts that end a confirmation. */
function managingParts(booking: StoredBooking, venue: Venue, manageUrl: string | undefined, lead: string) {
  if (!manageUrl) return [changePart(`${lead} Call us on`, booking.reference, venue)];
  return [managePart(manageUrl), changePart('Or call us on', booking.reference, venue)];
}

/**
 * The guest's confirmation: of a booking made online, or taken by staff; with their own link to it, and the terms
 * of its deposit or card guarantee when a rule asked for one (issue 29).
 */
export function guestConfirmation(
  booking: StoredBooking,
  venue: Venue,
  calendar: TableCalendarContext,
  manageUrl?: string,
  unsubscribeUrl?: string,
  payment?: LetterPayment | null,
): SendMailOptions {
  const change = changePart('Need to change or cancel? Call us on', booking.reference, venue);
  const allergyText = booking.allergies
    ? `You told us about these allergies or dietary needs:\n  ${booking.allergies.replace(/\r?\n/g, '\n  ')}\n` +
      'We have passed them to the kitchen; please remind your server when you order.'
    : 'If anyone in your party has a food allergy or intolerance, please tell a member of staff before you ' +
      'order. Many of our dishes can be made vegan.';
  const allergyHtml = booking.allergies
    ? html`<${NoteBox}>
        You told us about these allergies or dietary needs:<br />
        <strong><${MultilineText} text=${booking.allergies} /></strong><br />
        We have passed them to the kitchen; please remind your server when you order.
      <//>`
    : html`<${NoteBox}>${allergyText}<//>`;
  const letter = guestLetter(venue, booking, {
    subject: `Your table at ${venue.name} — ${whenText(booking)}`,
    kicker: 'Table booking confirmed',
    preheader: change.text,
    title: 'Your table is booked',
    parts: [
      paragraphPart(
        'Thank you for booking with us. Your table is confirmed and we look forward to welcoming you.',
      ),
      detailsPart(guestDetailRows(booking)),
      ...paymentParts(payment),
      { html: allergyHtml, text: allergyText },
      ...managingParts(booking, venue, manageUrl, 'Need to change or cancel?'),
      ...(unsubscribeUrl ? [unsubscribePart(unsubscribeUrl)] : []),
    ],
    signOff: 'See you soon',
  });
  return {
    ...letter,
    attachments: [tableBookingCalendarAttachment(booking, venue, { ...calendar, manageUrl })],
  };
}

function pubNotification(
  booking: StoredBooking,
  { venue, pubAddress }: MailContext,
  payment: LetterPayment | null | undefined,
): SendMailOptions {
  const rows: Row[] = [
    ['Reference', booking.reference],
    ['Status', booking.status],
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    ['Name', booking.name],
    ['Phone', booking.phone],
    ['Email', booking.email],
    ['Adults', String(booking.partyAdults)],
    ['Children', String(booking.partyChildren)],
    ['Total guests', String(booking.partySize)],
    ...(payment ? [paymentRow(payment)] : []),
    ['Event', booking.eventSlug ?? '—'],
    ['Occasion', booking.occasion],
    ['Occasion notes', booking.occasionNotes || '—'],
    ['Accessibility needs', booking.hasAccessibilityNeeds ? 'Yes' : 'No'],
    ['Accessibility notes', booking.accessibilityNotes || '—'],
    ['Allergies', booking.allergies || '—'],
    ['Special notes', booking.specialNotes || '—'],
    ['Booked', formatLondonMoment(booking.createdAt)],
  ];
  return pubNotice({ venue, pubAddress }, booking, {
    subject: pubNoticeSubject('New booking', booking, whenText(booking)),
    kicker: 'New table booking',
    title: 'New table booking',
    summary: 'Booked online and confirmed automatically.',
    textSummary: 'New table booking, booked online and confirmed automatically.',
    rows,
  });
}

/** The guest's confirmation and the pub's notification of a new booking, with its payment if it has one. */
export function bookingEmails(
  booking: StoredBooking,
  mail: MailContext,
  calendar: TableCalendarContext,
  manageUrl?: string,
  unsubscribeUrl?: string,
  payment?: LetterPayment | null,
): SendMailOptions[] {
  return [
    guestConfirmation(booking, mail.venue, calendar, manageUrl, unsubscribeUrl, payment),
    pubNotification(booking, mail, payment),
  ];
}

/**
 * To a guest whose booking was moved or changed (by staff, or by the guest): the booking as it stands now, with
 * the terms of its deposit or card guarantee when it has one.
 */
export function bookingChangedEmail(
  booking: StoredBooking,
  venue: Venue,
  calendar: TableCalendarContext,
  manageUrl?: string,
  byGuest = false,
  payment?: LetterPayment | null,
): SendMailOptions {
  const letter = guestLetter(venue, booking, {
    subject: `Your table at ${venue.name} has changed — ${whenText(booking)}`,
    kicker: 'Table booking changed',
    preheader: `Your table is now ${whenText(booking)}.`,
    title: 'Your booking has changed',
    parts: [
      paragraphPart(
        byGuest
          ? 'Your booking is changed. This is how it stands now:'
          : 'As we agreed, we have changed your booking. This is how it stands now:',
      ),
      detailsPart(guestDetailRows(booking)),
      ...paymentParts(payment),
      ...managingParts(booking, venue, manageUrl, 'Anything else to change?'),
    ],
    signOff: 'See you soon',
  });
  return {
    ...letter,
    attachments: [tableBookingCalendarAttachment(booking, venue, { ...calendar, manageUrl })],
  };
}

/** What a guest may change of their booking from its page, as the pub reads it. */
function guestChangeableRows(booking: StoredBooking): Row[] {
  return [
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Allergies', booking.allergies],
    ['Special notes', booking.specialNotes],
  ];
}

/** To the pub when a guest changed their own booking from its page (issue 26): what changed, then the booking. */
export function guestChangedPubNotice(
  before: StoredBooking,
  after: StoredBooking,
  mail: MailContext,
): SendMailOptions {
  return pubNotice(mail, after, {
    subject: pubNoticeSubject('Changed by the guest', after, whenText(after)),
    kicker: 'Table booking changed',
    title: 'Changed by the guest',
    summary: 'The guest changed this booking from their confirmation link.',
    textSummary: 'Changed by the guest from their confirmation link.',
    changes: changedRows(guestChangeableRows(before), guestChangeableRows(after)),
    rows: [
      ['Reference', after.reference],
      ['Name', after.name],
      ['Phone', after.phone],
      ['Email', after.email],
      ...guestChangeableRows(after).map(([label, value]): Row => [label, value || '—']),
    ],
  });
}

/** To a guest whose booking staff cancelled, when staff chose to tell them. */
export function bookingCancelledEmail(
  booking: StoredBooking,
  venue: Venue,
  calendar: TableCalendarContext,
): SendMailOptions {
  const letter = guestLetter(venue, booking, {
    subject: `Your table at ${venue.name} is cancelled — ${whenText(booking)}`,
    kicker: 'Table booking cancelled',
    preheader: `Your booking ${booking.reference} is cancelled.`,
    title: 'Your booking is cancelled',
    parts: [
      paragraphPart(
        `Your table for ${whenText(booking)} (reference ${booking.reference}) is cancelled. ` +
          'We hope to welcome you another time.',
      ),
      changePart('If this is a mistake, or to book again, call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
  return { ...letter, attachments: [tableBookingCalendarAttachment(booking, venue, calendar)] };
}

/**
 * To a guest whose booking was cancelled because the pub closed its service (issue 17): an apology, the reason
 * staff gave, and the phone number to book again.
 */
export function serviceClosedApologyEmail(
  booking: StoredBooking,
  closure: ServiceClosure,
  venue: Venue,
  calendar: TableCalendarContext,
): SendMailOptions {
  const closed = `${serviceName(closure.service, closure.date)} on ${formatLongDate(closure.date)}`;
  const party = partyText(booking.partyAdults, booking.partyChildren);
  const letter = guestLetter(venue, booking, {
    subject: `We are sorry: your table at ${venue.name} is cancelled — ${whenText(booking)}`,
    kicker: 'Table booking cancelled',
    preheader: `We have had to close ${closed}.`,
    title: 'We are sorry',
    parts: [
      paragraphPart(`We are very sorry, but we have had to close ${closed}.`),
      ...(closure.reason ? [paragraphPart(`Why we have had to close: ${closure.reason}`)] : []),
      paragraphPart(
        `Your booking ${booking.reference} for ${party} at ${formatTime(booking.timeSlot)} is cancelled.`,
      ),
      changePart(
        'We would love to welcome you another time. To book again, call us on',
        booking.reference,
        venue,
      ),
    ],
    signOff: 'With our apologies',
  });
  return { ...letter, attachments: [tableBookingCalendarAttachment(booking, venue, calendar)] };
}

/** To a guest who cancelled their own booking from its page, and to the pub (issue 18). */
export function guestCancelledEmails(
  booking: StoredBooking,
  mail: MailContext,
  calendar: TableCalendarContext,
): SendMailOptions[] {
  const letter = guestLetter(mail.venue, booking, {
    subject: `You have cancelled your table at ${mail.venue.name} — ${whenText(booking)}`,
    kicker: 'Table booking cancelled',
    preheader: `Your booking ${booking.reference} is cancelled.`,
    title: 'Your booking is cancelled',
    parts: [
      paragraphPart(
        `As you asked, your table for ${whenText(booking)} (reference ${booking.reference}) is cancelled. ` +
          'Thank you for letting us know; we hope to welcome you another time.',
      ),
      changePart('If this is a mistake, call us on', booking.reference, mail.venue),
    ],
    signOff: 'With best wishes',
  });
  const guest = { ...letter, attachments: [tableBookingCalendarAttachment(booking, mail.venue, calendar)] };
  const pub = pubNotice(mail, booking, {
    subject: pubNoticeSubject('Cancelled by the guest', booking, whenText(booking)),
    kicker: 'Table booking cancelled',
    title: 'Cancelled by the guest',
    summary: 'The guest cancelled this booking from their confirmation link; the table is free again.',
    textSummary: 'Cancelled by the guest from their confirmation link; the table is free again.',
    rows: [
      ['Reference', booking.reference],
      ['Date', formatLongDate(booking.date)],
      ['Time', formatTime(booking.timeSlot)],
      ['Name', booking.name],
      ['Total guests', String(booking.partySize)],
    ],
  });
  return [guest, pub];
}
