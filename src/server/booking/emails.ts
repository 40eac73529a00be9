import type { SendMailOptions } from 'nodemailer';
import { partyText } from '../../shared/booking/party.ts';
import type { StoredBooking } from '../../shared/booking/request.ts';
import { serviceLabel } from '../../shared/booking/rules.ts';
import { venue } from '../../shared/content/venue.ts';
import { plural } from '../../shared/text/plural.ts';
import { formatLondonMoment, formatLongDate, formatTime } from '../../shared/time/london-time.ts';
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

function whenText(booking: StoredBooking): string {
  return `${formatLongDate(booking.date)}, ${formatTime(booking.timeSlot)}`;
}

function guestDetailRows(booking: StoredBooking): Row[] {
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

function guestConfirmation(booking: StoredBooking): SendMailOptions {
  const subject = `Your table at ${venue.name} — ${whenText(booking)}`;
  const rows = guestDetailRows(booking);
  const changeText =
    `Need to change or cancel? Call us on ${venue.phone} or reply to this e-mail, ` +
    `quoting your reference ${booking.reference}.`;
  const allergyText = booking.allergies
    ? `You told us about these allergies or dietary needs:\n  ${booking.allergies.replace(/\r?\n/g, '\n  ')}\n` +
      'We have passed them to the kitchen; please remind your server when you order.'
    : 'If anyone in your party has a food allergy or intolerance, please tell a member of staff before you ' +
      'order. Many of our dishes can be made vegan.';

  const allergyHtml = booking.allergies
    ? `You told us about these allergies or dietary needs:<br><strong>${htmlText(booking.allergies)}</strong><br>` +
      'We have passed them to the kitchen; please remind your server when you order.'
    : escapeHtml(allergyText);
  const intro =
    'Thank you for booking with us. Your table is confirmed and we look forward to welcoming you.';
  return guestLetter({
    to: { name: booking.name, address: booking.email },
    subject,
    kicker: 'Table booking confirmed',
    preheader: changeText,
    title: 'Your table is booked',
    parts: [
      { html: paragraph(intro), text: intro },
      { html: detailsTable(rows), text: textRows(rows) },
      { html: noteBox(allergyHtml), text: allergyText },
      {
        html: paragraph(
          `Need to change or cancel? Call us on ${phoneLink()} or reply to this e-mail, quoting your reference ` +
            `<strong style="color:${BRASS};">${escapeHtml(booking.reference)}</strong>.`,
        ),
        text: changeText,
      },
    ],
    signOff: 'See you soon',
  });
}

function pubNotification(booking: StoredBooking, pubAddress: string): SendMailOptions {
  const subject =
    `New booking ${booking.reference}: ${whenText(booking)}, ` +
    `${plural(booking.partySize, 'guest', 'guests')} — ${booking.name}`;
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
    ['Event', booking.eventSlug ?? '—'],
    ['Occasion', booking.occasion],
    ['Occasion notes', booking.occasionNotes || '—'],
    ['Accessibility needs', booking.hasAccessibilityNeeds ? 'Yes' : 'No'],
    ['Accessibility notes', booking.accessibilityNotes || '—'],
    ['Allergies', booking.allergies || '—'],
    ['Special notes', booking.specialNotes || '—'],
    ['Booked', formatLondonMoment(booking.createdAt)],
  ];
  const content = [
    heading('New table booking'),
    paragraph(
      `Booked online and confirmed automatically. Reply to this e-mail to write to ${escapeHtml(booking.name)}.`,
    ),
    detailsTable(rows),
  ].join('\n');
  const text = ['New table booking, booked online and confirmed automatically.', '', textRows(rows)].join(
    '\n',
  );
  return {
    to: pubAddress,
    replyTo: { name: booking.name, address: booking.email },
    subject,
    text,
    html: layout({ title: subject, kicker: 'New table booking', preheader: subject, content }),
  };
}

/** The guest's confirmation and the pub's notification of a new booking. */
export function bookingEmails(booking: StoredBooking, pubAddress: string): SendMailOptions[] {
  return [guestConfirmation(booking), pubNotification(booking, pubAddress)];
}
