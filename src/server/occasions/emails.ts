import type { SendMailOptions } from 'nodemailer';
import { partyText } from '#shared/booking/party.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { dinerPath, organiserPath } from '#shared/occasions/links.ts';
import { refundTermText } from '#shared/occasions/messages.ts';
import { partyWords } from '#shared/occasions/party-change.ts';
import { isTicketed, leftToPayPence, preOrderDeadline, refundableUntil } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { paidToStaff } from '#shared/occasions/staff-payment.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { html } from '../lib/html.ts';
import { ActionLink } from '../mail/layout.ts';
import {
  changePart,
  detailsPart,
  guestLetter,
  type LetterPart,
  type MailContext,
  paragraphPart,
  pubNotice,
  pubNoticeSubject,
} from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';
import type { OccasionBookingRow } from './organiser-links.ts';

/** An occasion's e-mails are written with the occasion as it stands (its terms, deadlines) and PUBLIC_URL. */
export type OccasionMailContext = MailContext & { occasion: Occasion | undefined; publicUrl: string };

function linkPart(label: string, url: string): LetterPart {
  return { html: html`<${ActionLink} href=${url}>${label}<//>`, text: `${label}: ${url}` };
}

/**
 * The booking as the organiser reads it, with what is paid and what is left to pay on the day: the price and what
 * the diners' dishes add (`supplements`), less what was paid. The party is counted as its occasion counts it (in
 * tickets for a ticketed event), or in adults and children once the occasion is gone from the content.
 */
export function bookingRows(
  booking: OccasionBookingRow,
  occasion: Occasion | undefined,
  supplements = 0,
): Row[] {
  const party = { adults: booking.partyAdults, children: booking.partyChildren };
  const rows: Row[] = [
    ['Reference', booking.reference],
    ['Occasion', booking.occasionName],
    ['Date', formatLongDate(booking.date)],
    ['Sitting', booking.sittingLabel],
    ['Party', occasion ? partyWords(occasion, party) : partyText(party.adults, party.children)],
    ['Total for your party', formatMoney(booking.totalPence)],
  ];
  if (supplements > 0) rows.push(['Supplements chosen', formatMoney(supplements)]);
  if (booking.paidPence > 0) rows.push(['Paid', formatMoney(booking.paidPence)]);
  rows.push(['Left to pay on the day', formatMoney(leftToPayPence(booking, supplements))]);
  if (booking.allergies) rows.push(['Allergies', booking.allergies]);
  if (booking.occasionNotes) rows.push(['Celebrating', booking.occasionNotes]);
  if (booking.notes) rows.push(['Your notes', booking.notes]);
  return rows;
}

/**
 * The deadlines and the occasion's own terms, as every confirmation states them. What was paid at `now` is
 * refundable until the date's refund cut-off; past it the letter says it is not refundable, never a past deadline.
 */
function termsParts(booking: OccasionBookingRow, occasion: Occasion | undefined, now: Date): LetterPart[] {
  if (!occasion) return [];
  const lines = booking.paidPence > 0 ? [refundTermText(refundableUntil(occasion, booking.date, now))] : [];
  if (!isTicketed(occasion)) {
    lines.unshift(
      `Every diner's choices are due by ${formatLondonMoment(preOrderDeadline(occasion, booking.date))}; ` +
        'anyone who has not chosen by then is served the default dishes.',
    );
  }
  return [
    ...(lines.length > 0 ? [paragraphPart(lines.join(' '))] : []),
    ...(occasion.terms ? [paragraphPart(`Terms: ${occasion.terms}`)] : []),
  ];
}

/** The organiser's confirmation: the booking, its terms, their own link, and (a set menu) the diners' link. */
export function occasionConfirmationEmail(
  booking: OccasionBookingRow,
  { venue, occasion, publicUrl }: Pick<OccasionMailContext, 'venue' | 'occasion' | 'publicUrl'>,
  organiserToken: string,
  now: Date,
): SendMailOptions {
  const ticketed = occasion ? isTicketed(occasion) : false;
  const paid =
    booking.paidPence > 0 ? `we have received your payment of ${formatMoney(booking.paidPence)} and ` : '';
  const intro =
    `Thank you — ${paid}your ${ticketed ? 'tickets' : 'table'} for ${booking.occasionName} on ` +
    `${formatLongDate(booking.date)}, ${booking.sittingLabel}, ${ticketed ? 'are' : 'is'} confirmed.`;
  const links: LetterPart[] = [linkPart('Your booking', `${publicUrl}${organiserPath(organiserToken)}`)];
  if (!ticketed) {
    links.push(
      paragraphPart(
        'Share this link with your party: each diner opens it, gives their name and chooses their own dishes.',
      ),
      linkPart('Diners’ link', `${publicUrl}${dinerPath(booking.dinerToken)}`),
    );
  }
  return guestLetter(venue, booking, {
    subject: `Your booking for ${booking.occasionName} at ${venue.name} — ${booking.reference}`,
    kicker: `${booking.occasionName} confirmed`,
    preheader: intro,
    title: `${booking.occasionName} is booked`,
    parts: [
      paragraphPart(intro),
      detailsPart(bookingRows(booking, occasion)),
      ...links,
      ...termsParts(booking, occasion, now),
      changePart('To change your numbers, call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/** The pub hears of every new occasion booking, online or by phone. */
export function occasionPubNotice(booking: OccasionBookingRow, mail: MailContext): SendMailOptions {
  const rows: Row[] = [
    ['Reference', booking.reference],
    ['Occasion', booking.occasionName],
    ['Date', formatLongDate(booking.date)],
    ['Sitting', booking.sittingLabel],
    ['Name', booking.name],
    ['Phone', booking.phone],
    ['Email', booking.email],
    ['Adults', String(booking.partyAdults)],
    ['Children', String(booking.partyChildren)],
    ['Total', formatMoney(booking.totalPence)],
    ['Paid', formatMoney(booking.paidPence)],
    ['Allergies', booking.allergies || '—'],
    ['Celebrating', booking.occasionNotes || '—'],
    ['Notes', booking.notes || '—'],
    ['Booked', formatLondonMoment(booking.createdAt)],
  ];
  const online = booking.source === 'online';
  return pubNotice(mail, booking, {
    subject: pubNoticeSubject(
      `${booking.occasionName} booking`,
      booking,
      `${formatLongDate(booking.date)}, ${booking.sittingLabel}`,
    ),
    kicker: 'New occasion booking',
    title: `New booking for ${booking.occasionName}`,
    summary: online ? 'Booked online and confirmed automatically.' : 'Taken by staff and confirmed.',
    textSummary: `New booking for ${booking.occasionName}, ${online ? 'made online' : 'taken by staff'}.`,
    rows,
  });
}

/** To an organiser whose payment arrived after their held seats were released and taken: it is refunded. */
export function occasionLateRefundEmail(booking: OccasionBookingRow, venue: Venue): SendMailOptions {
  const apology =
    `We are very sorry: your payment for ${booking.occasionName} reached us after your held seats had been ` +
    `released, and that sitting is now full. We have not taken your booking, and your payment of ` +
    `${formatMoney(booking.paidPence)} is being refunded in full to your card. Refunds usually arrive within ` +
    '5 to 10 working days.';
  return guestLetter(venue, booking, {
    subject: `Your payment for ${booking.occasionName} is being refunded — ${venue.name}`,
    kicker: booking.occasionName,
    preheader: apology,
    title: 'Your payment is being refunded',
    parts: [
      paragraphPart(apology),
      paragraphPart(`If you would still like to join us, please call us on ${venue.phone}.`),
    ],
    signOff: 'With our apologies',
  });
}

/** The organiser's booking is cancelled (by them or by staff), and what became of the money. */
export function occasionCancelledEmail(booking: OccasionBookingRow, venue: Venue): SendMailOptions {
  const money: LetterPart[] = [];
  if (booking.refundPence !== null && booking.refundPence > 0) {
    money.push(
      paragraphPart(
        `${formatMoney(booking.refundPence)} is being refunded to your card; refunds usually arrive within 5 to 10 working days.`,
      ),
    );
  } else if (booking.paidPence > 0 && !paidToStaff(booking)) {
    money.push(
      paragraphPart(`As our terms say, the ${formatMoney(booking.paidPence)} paid is not refunded.`),
    );
  }
  const what = `Your booking ${booking.reference} for ${booking.occasionName} on ${formatLongDate(booking.date)}, ${booking.sittingLabel} is cancelled.`;
  return guestLetter(venue, booking, {
    subject: `Your booking for ${booking.occasionName} is cancelled — ${booking.reference}`,
    kicker: `${booking.occasionName} cancelled`,
    preheader: what,
    title: 'Your booking is cancelled',
    parts: [
      paragraphPart(what),
      ...money,
      changePart('If this is a mistake, or to book again, call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/** Staff changed the party's numbers (by phone): the booking as it now stands, and what is left to pay on the day. */
export function occasionPartyChangedEmail(
  booking: OccasionBookingRow,
  { venue, occasion }: { venue: Venue; occasion: Occasion },
  supplements: number,
): SendMailOptions {
  const party = partyWords(occasion, { adults: booking.partyAdults, children: booking.partyChildren });
  const what = `Your booking ${booking.reference} for ${booking.occasionName} on ${formatLongDate(booking.date)}, ${booking.sittingLabel} is now for ${party}.`;
  return guestLetter(venue, booking, {
    subject: `Your booking for ${booking.occasionName} has changed — ${booking.reference}`,
    kicker: `${booking.occasionName} changed`,
    preheader: what,
    title: 'Your party’s numbers have changed',
    parts: [
      paragraphPart(what),
      detailsPart(bookingRows(booking, occasion, supplements)),
      changePart('If this is not what you asked for, call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}
