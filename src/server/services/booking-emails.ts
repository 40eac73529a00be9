import type { SendMailOptions } from 'nodemailer';
import type { StoredBooking } from '../../shared/booking-request.ts';
import { serviceLabel } from '../../shared/booking-rules.ts';
import { formatLongDate, formatTime, londonTimeOfDay, londonToday } from '../../shared/london-time.ts';
import { formatAddressLines, telephoneHref, venue } from '../../shared/venue.ts';
import { escapeHtml } from './html.ts';

const GREEN = '#1d3a2c';
const CREAM = '#f5eedc';
const BRASS = '#b58a3c';
const INK = '#2b2b2b';
const RULE = '#e4d8bb';
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = 'Arial, Helvetica, sans-serif';

type Row = readonly [label: string, value: string];

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2 adults and 1 child", "3 adults", "2 children". */
function partyText(booking: StoredBooking): string {
  const parts = [];
  if (booking.partyAdults > 0) parts.push(plural(booking.partyAdults, 'adult', 'adults'));
  if (booking.partyChildren > 0) parts.push(plural(booking.partyChildren, 'child', 'children'));
  return parts.join(' and ');
}

function whenText(booking: StoredBooking): string {
  return `${formatLongDate(booking.date)}, ${formatTime(booking.timeSlot)}`;
}

/** "Saturday 5 December 2026, 7:30 PM" for an instant, on London's clock. */
function londonMomentText(iso: string): string {
  const instant = new Date(iso);
  return `${formatLongDate(londonToday(instant))}, ${formatTime(londonTimeOfDay(instant))}`;
}

/** Escaped, with the guest's own line breaks kept. */
function htmlText(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;">${html}</p>`;
}

function detailsTable(rows: readonly Row[]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:11px 12px 9px 0;border-bottom:1px solid ${RULE};width:38%;vertical-align:top;` +
        `font-size:14px;color:#6b5a33;">${escapeHtml(label)}</td>` +
        `<td style="padding:9px 0;border-bottom:1px solid ${RULE};vertical-align:top;font-weight:bold;">` +
        `${htmlText(value)}</td></tr>`,
    )
    .join('');
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ` +
    `style="border-collapse:collapse;margin:8px 0 24px;border-top:2px solid ${BRASS};">${cells}</table>`
  );
}

function noteBox(html: string): string {
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">` +
    `<tr><td style="background:${CREAM};border-left:4px solid ${BRASS};padding:12px 16px;font-size:15px;">` +
    `${html}</td></tr></table>`
  );
}

/** The shared frame: a green masthead with a brass rule, a cream page, the pub's details at the foot. */
function layout(options: { title: string; kicker: string; preheader: string; content: string }): string {
  const address = formatAddressLines().map(escapeHtml).join('<br>');
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;padding:0;background:${CREAM};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${CREAM};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#fffdf7;border:1px solid ${RULE};">
<tr><td style="background:${GREEN};padding:24px 32px;border-bottom:4px solid ${BRASS};">
<p style="margin:0;font-family:${SERIF};font-size:26px;color:${CREAM};">${escapeHtml(venue.name)}</p>
<p style="margin:6px 0 0;font-family:${SANS};font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${BRASS};">${escapeHtml(options.kicker)}</p>
</td></tr>
<tr><td style="padding:28px 32px 12px;font-family:${SANS};font-size:16px;line-height:1.55;color:${INK};">
${options.content}
</td></tr>
<tr><td style="background:${GREEN};padding:20px 32px;font-family:${SANS};font-size:13px;line-height:1.6;color:${CREAM};">
<strong style="font-family:${SERIF};font-size:15px;">${escapeHtml(venue.name)}</strong><br>${address}<br>
<a href="${escapeHtml(telephoneHref())}" style="color:${CREAM};">${escapeHtml(venue.phone)}</a> &middot;
<a href="mailto:${escapeHtml(venue.email)}" style="color:${CREAM};">${escapeHtml(venue.email)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const TEXT_LABEL_WIDTH = 22;

function textRows(rows: readonly Row[]): string {
  const indent = `\n${' '.repeat(TEXT_LABEL_WIDTH)}`;
  return rows
    .map(([label, value]) => `${`${label}:`.padEnd(TEXT_LABEL_WIDTH)}${value.replace(/\r?\n/g, indent)}`)
    .join('\n');
}

function textFooter(): string {
  return [venue.name, ...formatAddressLines(), venue.phone, venue.email].join('\n');
}

function guestDetailRows(booking: StoredBooking): Row[] {
  const rows: Row[] = [
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    ['Party', partyText(booking)],
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
  const content = [
    `<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;font-weight:normal;color:${GREEN};">Your table is booked</h1>`,
    paragraph(`Dear ${escapeHtml(booking.name)},`),
    paragraph('Thank you for booking with us. Your table is confirmed and we look forward to welcoming you.'),
    detailsTable(rows),
    noteBox(allergyHtml),
    paragraph(
      `Need to change or cancel? Call us on <a href="${escapeHtml(telephoneHref())}" style="color:${GREEN};font-weight:bold;">` +
        `${escapeHtml(venue.phone)}</a> or reply to this e-mail, quoting your reference ` +
        `<strong style="color:${BRASS};">${escapeHtml(booking.reference)}</strong>.`,
    ),
    paragraph(`See you soon,<br>The team at ${escapeHtml(venue.name)}`),
  ].join('\n');

  const text = [
    `Dear ${booking.name},`,
    '',
    'Thank you for booking with us. Your table is confirmed and we look forward to welcoming you.',
    '',
    textRows(rows),
    '',
    allergyText,
    '',
    changeText,
    '',
    'See you soon,',
    `The team at ${venue.name}`,
    '',
    '--',
    textFooter(),
  ].join('\n');

  return {
    to: { name: booking.name, address: booking.email },
    replyTo: venue.email,
    subject,
    text,
    html: layout({ title: subject, kicker: 'Table booking confirmed', preheader: changeText, content }),
  };
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
    ['Booked', londonMomentText(booking.createdAt)],
  ];
  const content = [
    `<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;font-weight:normal;color:${GREEN};">New table booking</h1>`,
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
