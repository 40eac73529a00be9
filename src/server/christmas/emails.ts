import type { SendMailOptions } from 'nodemailer';
import { partyText } from '#shared/booking/party.ts';
import { balanceDuePence, christmasTerms } from '#shared/christmas/amounts.ts';
import { preOrderLines } from '#shared/christmas/courses.ts';
import type { ChristmasSelections } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { christmasBookingCalendarAttachment } from '../calendar/booking-calendar.ts';
import { html, MultilineText } from '../lib/html.ts';
import { NoteBox, Paragraph, PhoneLink } from '../mail/layout.ts';
import {
  changePart,
  detailsPart,
  guestLetter,
  type LetterPart,
  type MailContext,
  managePart,
  paragraphPart,
  pubNotice,
  pubNoticeSubject,
} from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';
import type { ChristmasBookingRow, ReservationRow } from './store.ts';

/**
 * A Christmas message is written with this season's date, menu and terms besides the pub's details, and
 * PUBLIC_URL, whose host names the guest's calendar event.
 */
export type ChristmasMailContext = MailContext & { season: ChristmasSeason; publicUrl: string };

/** The booking and its pre-order as the guest reads them, with what is paid and what is due on the day. */
export function orderRows(booking: ChristmasBookingRow, season: ChristmasSeason): Row[] {
  const rows: Row[] = [
    ['Reference', booking.reference],
    ['Date', formatLongDate(season.date)],
    ['Sitting', booking.sittingLabel],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Pre-order', preOrderLines(booking.selections as ChristmasSelections, season).join('\n')],
  ];
  // A booking taken by phone may have no deposit behind it: then the whole bill is due on the day.
  if (booking.source === 'online' || booking.depositPaidPence > 0) {
    rows.push(['Deposit paid', formatMoney(booking.depositPaidPence)]);
  }
  rows.push(
    ['Total for your party', formatMoney(booking.totalPence)],
    ['Balance due on the day', formatMoney(balanceDuePence(booking))],
  );
  if (booking.allergies) rows.push(['Allergies', booking.allergies]);
  if (booking.occasionNotes) rows.push(['Occasion', booking.occasionNotes]);
  if (booking.specialNotes) rows.push(['Your notes', booking.specialNotes]);
  return rows;
}

/**
 * The guest's confirmation: of a paid checkout, or of a booking staff took by phone or at the bar; with their
 * own link to change their dishes or cancel (issue 18).
 */
export function christmasGuestConfirmation(
  booking: ChristmasBookingRow,
  { venue, season, publicUrl }: Pick<ChristmasMailContext, 'venue' | 'season' | 'publicUrl'>,
  manageUrl?: string,
): SendMailOptions {
  const online = booking.source === 'online';
  const intro =
    `${online ? 'Thank you — your deposit is paid and your table' : 'Thank you for booking with us — your table'} ` +
    `for Christmas Day is confirmed. We can’t wait to welcome you on ${formatLongDate(season.date)}, ${booking.sittingLabel}.`;
  // The deposit terms are the online checkout's; a booking taken by staff was agreed on the phone.
  const terms = online ? christmasTerms(season) : [];
  const termsPart: LetterPart = {
    html: html`<${NoteBox}>
      <strong>Deposit terms</strong><br />
      <${MultilineText} text=${terms.join('\n')} />
    <//>`,
    text: ['Deposit terms:', ...terms.map((line) => `- ${line}`)].join('\n'),
  };
  const letter = guestLetter(venue, booking, {
    subject: `Your Christmas Day booking at ${venue.name} — ${booking.reference}`,
    kicker: 'Christmas Day confirmed',
    preheader: intro,
    title: 'Christmas Day is booked',
    parts: [
      paragraphPart(intro),
      detailsPart(orderRows(booking, season)),
      ...(terms.length > 0 ? [termsPart] : []),
      paragraphPart(
        booking.allergies
          ? 'We have passed your allergy notes to the kitchen; please remind your server on the day.'
          : 'If anyone in your party has a food allergy or intolerance, please let us know before the day.',
      ),
      ...(manageUrl
        ? [managePart(manageUrl), changePart('To change your numbers, call us on', booking.reference, venue)]
        : [changePart('To change your numbers or your pre-order, call us on', booking.reference, venue)]),
    ],
    signOff: 'Merry Christmas',
  });
  const calendar = christmasBookingCalendarAttachment(booking, venue, { season, publicUrl, manageUrl });
  return { ...letter, attachments: [calendar] };
}

/** The booking's reference, sitting and guest: the first rows of every notice about it to the pub. */
export function christmasGuestRows(booking: ChristmasBookingRow): Row[] {
  return [
    ['Reference', booking.reference],
    ['Sitting', booking.sittingLabel],
    ['Name', booking.name],
    ['Phone', booking.phone],
    ['Email', booking.email],
  ];
}

function pubNotification(
  booking: ChristmasBookingRow,
  { venue, season, pubAddress }: ChristmasMailContext,
): SendMailOptions {
  const rows: Row[] = [
    ...christmasGuestRows(booking),
    ['Adults', String(booking.partyAdults)],
    ['Children', String(booking.partyChildren)],
    ['Pre-order', preOrderLines(booking.selections as ChristmasSelections, season).join('\n')],
    ['Deposit paid', formatMoney(booking.depositPaidPence)],
    ['Balance due', formatMoney(balanceDuePence(booking))],
    ['Allergies', booking.allergies || '—'],
    ['Occasion notes', booking.occasionNotes || '—'],
    ['Special notes', booking.specialNotes || '—'],
    ['Booked', formatLondonMoment(booking.createdAt)],
  ];
  return pubNotice({ venue, pubAddress }, booking, {
    subject: pubNoticeSubject('Christmas booking', booking, booking.sittingLabel),
    kicker: 'New Christmas booking',
    title: 'New Christmas Day booking',
    summary: 'Deposit paid online and confirmed automatically.',
    textSummary: 'New Christmas Day booking, deposit paid online.',
    rows,
  });
}

/** The guest's confirmation and the pub's notification of a paid Christmas booking. */
export function christmasBookingEmails(
  booking: ChristmasBookingRow,
  mail: ChristmasMailContext,
  manageUrl?: string,
): SendMailOptions[] {
  return [christmasGuestConfirmation(booking, mail, manageUrl), pubNotification(booking, mail)];
}

/** To a guest whose payment arrived after their seats were released and taken: the deposit is refunded. */
export function christmasRefundEmail(reservation: ReservationRow, venue: Venue): SendMailOptions {
  const amount = formatMoney(reservation.amountPaidPence ?? reservation.depositPence);
  const apology =
    `We are very sorry: your payment reached us after your held seats had been released, and that sitting ` +
    `is now full. We have not taken your booking, and your deposit of ${amount} is being refunded in full ` +
    'to your card. Refunds usually arrive within 5 to 10 working days.';
  return guestLetter(venue, reservation, {
    subject: `Your Christmas Day deposit is being refunded — ${venue.name}`,
    kicker: 'Christmas Day',
    preheader: apology,
    title: 'Your deposit is being refunded',
    parts: [
      paragraphPart(apology),
      {
        html: html`<${Paragraph}>
          If you would still like to join us on Christmas Day, please call us on <${PhoneLink} />.
        <//>`,
        text: `If you would still like to join us on Christmas Day, please call us on ${venue.phone}.`,
      },
    ],
    signOff: 'With our apologies',
  });
}
