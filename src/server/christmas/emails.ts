import type { SendMailOptions } from 'nodemailer';
import type { christmasBookings, christmasReservations } from '../../db/schema.ts';
import { partyText } from '../../shared/booking/party.ts';
import { balanceDuePence, christmasTerms } from '../../shared/christmas/amounts.ts';
import { type ChristmasSelections, preOrderLines } from '../../shared/christmas/courses.ts';
import { christmasSeason } from '../../shared/christmas/season.ts';
import { venue } from '../../shared/content/venue.ts';
import { formatMoney } from '../../shared/money/money.ts';
import { plural } from '../../shared/text/plural.ts';
import { formatLondonMoment, formatLongDate } from '../../shared/time/london-time.ts';
import { escapeHtml } from '../lib/html.ts';
import {
  BRASS,
  detailsTable,
  guestLetter,
  heading,
  htmlText,
  layout,
  noteBox,
  paragraph,
  phoneLink,
  type Row,
  textRows,
} from '../mail/layout.ts';

type ChristmasBookingRow = typeof christmasBookings.$inferSelect;
type ReservationRow = typeof christmasReservations.$inferSelect;

const CHRISTMAS_DAY = formatLongDate(christmasSeason.date);

function orderRows(booking: ChristmasBookingRow): Row[] {
  const rows: Row[] = [
    ['Reference', booking.reference],
    ['Date', CHRISTMAS_DAY],
    ['Sitting', booking.sittingLabel],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Pre-order', preOrderLines(booking.selections as ChristmasSelections, christmasSeason).join('\n')],
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

/** The guest's confirmation: of a paid checkout, or of a booking staff took by phone or at the bar. */
export function christmasGuestConfirmation(booking: ChristmasBookingRow): SendMailOptions {
  const subject = `Your Christmas Day booking at ${venue.name} — ${booking.reference}`;
  const rows = orderRows(booking);
  const online = booking.source === 'online';
  // The deposit terms are the online checkout's; a booking taken by staff was agreed on the phone.
  const terms = online ? christmasTerms(christmasSeason) : [];
  const intro =
    `${online ? 'Thank you — your deposit is paid and your table' : 'Thank you for booking with us — your table'} ` +
    `for Christmas Day is confirmed. We can’t wait to welcome you on ${CHRISTMAS_DAY}, ${booking.sittingLabel}.`;
  const changeText =
    `To change your numbers or your pre-order, call us on ${venue.phone} or reply to this e-mail, ` +
    `quoting your reference ${booking.reference}.`;
  const allergyText = booking.allergies
    ? 'We have passed your allergy notes to the kitchen; please remind your server on the day.'
    : 'If anyone in your party has a food allergy or intolerance, please let us know before the day.';

  return guestLetter({
    to: { name: booking.name, address: booking.email },
    subject,
    kicker: 'Christmas Day confirmed',
    preheader: intro,
    title: 'Christmas Day is booked',
    parts: [
      { html: paragraph(escapeHtml(intro)), text: intro },
      { html: detailsTable(rows), text: textRows(rows) },
      terms.length > 0
        ? {
            html: noteBox(
              `<strong>Deposit terms</strong><br>${terms.map((line) => escapeHtml(line)).join('<br>')}`,
            ),
            text: ['Deposit terms:', ...terms.map((line) => `- ${line}`)].join('\n'),
          }
        : { html: '', text: '' },
      { html: paragraph(escapeHtml(allergyText)), text: allergyText },
      {
        html: paragraph(
          `To change your numbers or your pre-order, call us on ${phoneLink()} or reply to this e-mail, quoting ` +
            `your reference <strong style="color:${BRASS};">${escapeHtml(booking.reference)}</strong>.`,
        ),
        text: changeText,
      },
    ],
    signOff: 'Merry Christmas',
  });
}

function pubNotification(booking: ChristmasBookingRow, pubAddress: string): SendMailOptions {
  const subject =
    `Christmas booking ${booking.reference}: ${booking.sittingLabel}, ` +
    `${plural(booking.partySize, 'guest', 'guests')} — ${booking.name}`;
  const rows: Row[] = [
    ['Reference', booking.reference],
    ['Sitting', booking.sittingLabel],
    ['Name', booking.name],
    ['Phone', booking.phone],
    ['Email', booking.email],
    ['Adults', String(booking.partyAdults)],
    ['Children', String(booking.partyChildren)],
    ['Pre-order', preOrderLines(booking.selections as ChristmasSelections, christmasSeason).join('\n')],
    ['Deposit paid', formatMoney(booking.depositPaidPence)],
    ['Balance due', formatMoney(balanceDuePence(booking))],
    ['Allergies', booking.allergies || '—'],
    ['Occasion notes', booking.occasionNotes || '—'],
    ['Special notes', booking.specialNotes || '—'],
    ['Booked', formatLondonMoment(booking.createdAt)],
  ];
  const content = [
    heading('New Christmas Day booking'),
    paragraph(
      `Deposit paid online and confirmed automatically. Reply to this e-mail to write to ${escapeHtml(booking.name)}.`,
    ),
    detailsTable(rows),
  ].join('\n');
  return {
    to: pubAddress,
    replyTo: { name: booking.name, address: booking.email },
    subject,
    text: ['New Christmas Day booking, deposit paid online.', '', textRows(rows)].join('\n'),
    html: layout({ title: subject, kicker: 'New Christmas booking', preheader: subject, content }),
  };
}

/** The guest's confirmation and the pub's notification of a paid Christmas booking. */
export function christmasBookingEmails(booking: ChristmasBookingRow, pubAddress: string): SendMailOptions[] {
  return [christmasGuestConfirmation(booking), pubNotification(booking, pubAddress)];
}

/** To a guest whose payment arrived after their seats were released and taken: the deposit is refunded. */
export function christmasRefundEmail(reservation: ReservationRow): SendMailOptions {
  const subject = `Your Christmas Day deposit is being refunded — ${venue.name}`;
  const amount = formatMoney(reservation.amountPaidPence ?? reservation.depositPence);
  const body =
    `We are very sorry: your payment reached us after your held seats had been released, and that sitting ` +
    `is now full. We have not taken your booking, and your deposit of ${amount} is being refunded in full ` +
    'to your card. Refunds usually arrive within 5 to 10 working days.';
  const callText = `If you would still like to join us on Christmas Day, please call us on ${venue.phone}.`;
  return guestLetter({
    to: { name: reservation.name, address: reservation.email },
    subject,
    kicker: 'Christmas Day',
    preheader: body,
    title: 'Your deposit is being refunded',
    parts: [
      { html: paragraph(htmlText(body)), text: body },
      {
        html: paragraph(
          `If you would still like to join us on Christmas Day, please call us on ${phoneLink()}.`,
        ),
        text: callText,
      },
    ],
    signOff: 'With our apologies',
  });
}
