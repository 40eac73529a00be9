import type { SendMailOptions } from 'nodemailer';
import { partyText } from '#shared/booking/party.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { Venue } from '#shared/content/schemas.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import { formatMoney } from '#shared/money/money.ts';
import { formatLongDate, formatTime, londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';
import { guestDetailRows, whenText } from '../booking/emails.ts';
import { html } from '../lib/html.ts';
import { ActionLink } from '../mail/layout.ts';
import { changePart, detailsPart, guestLetter, type LetterPart, paragraphPart } from '../mail/messages.ts';
import { depositTermsPart } from './terms-part.ts';

/**
 * The letters of a table booking's deposit or card guarantee (issue 29, decision 031). The terms' part lives in
 * terms-part.ts, so that booking/emails.ts can repeat it without an import cycle.
 */
export { depositTermsPart };

/** "7:30pm on Thursday 3 December 2026". */
function momentText(instant: Date): string {
  return `${formatTime(londonTimeOfDay(instant))} on ${formatLongDate(londonToday(instant))}`;
}

function actionPart(url: string, label: string): LetterPart {
  return { html: html`<${ActionLink} href=${url}>${label}<//>`, text: `${label}: ${url}` };
}

/**
 * To a guest whose booking staff took by phone where a rule asks for a deposit or a card: the table is held until
 * `holdUntil`, and paying (or saving a card) from their own page confirms it.
 */
export function paymentRequestEmail(
  booking: StoredBooking,
  terms: DepositTerms,
  venue: Venue,
  manageUrl: string,
  holdUntil: Date,
): SendMailOptions {
  const deposit = terms.kind === 'deposit';
  const until = momentText(holdUntil);
  const ask = deposit
    ? `To confirm it, please pay the deposit of ${formatMoney(terms.amountPence)} from your booking’s page.`
    : 'To confirm it, please save a card from your booking’s page. Nothing is taken now.';
  const intro = `Thank you for booking with us by phone. We are holding your table until ${until}. ${ask}`;
  return guestLetter(venue, booking, {
    subject: `Please confirm your table at ${venue.name} — ${whenText(booking)}`,
    kicker: 'Table booking held',
    preheader: `Your table is held until ${until}.`,
    title: 'Your table is held for you',
    parts: [
      paragraphPart(intro),
      detailsPart(guestDetailRows(booking)),
      depositTermsPart(terms, { state: 'awaiting', paidPence: 0 }),
      actionPart(manageUrl, deposit ? `Pay the ${formatMoney(terms.amountPence)} deposit` : 'Save a card'),
      paragraphPart(`If it is not done by ${until}, the table is released and the booking is not made.`),
      changePart('Any questions? Call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/** To a guest whose deposit is refunded in full: the refund is asked of the card's bank, which takes some days. */
export function depositRefundedEmail(
  booking: StoredBooking,
  refundPence: number,
  venue: Venue,
): SendMailOptions {
  const amount = formatMoney(refundPence);
  const refund =
    `Your deposit of ${amount} for your table on ${whenText(booking)} is being refunded in full to the card ` +
    'you paid with. Refunds usually arrive within 5 to 10 working days.';
  return guestLetter(venue, booking, {
    subject: `Your deposit is being refunded — ${venue.name}, ${whenText(booking)}`,
    kicker: 'Deposit refund',
    preheader: refund,
    title: 'Your deposit is being refunded',
    parts: [
      paragraphPart(refund),
      detailsPart([
        ['Refund', amount],
        ['To', 'The card you paid with'],
        ['Booking', whenText(booking)],
        ['Reference', booking.reference],
      ]),
      changePart('Questions? Call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/**
 * To a guest whose change asked for a larger deposit, paid after the change's places had gone: the booking stays
 * as it was, and the difference is refunded.
 */
export function topUpRefundedEmail(
  booking: StoredBooking,
  refundPence: number,
  venue: Venue,
): SendMailOptions {
  const amount = formatMoney(refundPence);
  const refund =
    `Sorry: the places for your change went before your payment arrived, so your booking stays as it was ` +
    `(${whenText(booking)}). The ${amount} you paid for the change is being refunded in full to your card; ` +
    'refunds usually arrive within 5 to 10 working days.';
  return guestLetter(venue, booking, {
    subject: `Your change could not be made — ${venue.name}, ${whenText(booking)}`,
    kicker: 'Change not made',
    preheader: refund,
    title: 'Your change could not be made',
    parts: [
      paragraphPart(refund),
      detailsPart([
        ['Refund', amount],
        ['Your booking', whenText(booking)],
        ['Reference', booking.reference],
      ]),
      changePart('Questions? Call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/** The guest's receipt for a no-show fee staff charged to the card saved when they booked, as its terms said. */
export function noShowFeeReceiptEmail(
  booking: StoredBooking,
  feePence: number,
  venue: Venue,
): SendMailOptions {
  const amount = formatMoney(feePence);
  const charged =
    `We kept your table for ${whenText(booking)}, but we did not see you. As the terms you agreed when you ` +
    `booked said, we have charged a no-show fee of ${amount} to the card you saved.`;
  return guestLetter(venue, booking, {
    subject: `Receipt: no-show fee of ${amount} — ${venue.name}, ${booking.reference}`,
    kicker: 'Receipt',
    preheader: `A no-show fee of ${amount} was charged to your card.`,
    title: 'Your receipt',
    parts: [
      paragraphPart(charged),
      detailsPart([
        ['Charged', amount],
        ['For', `No-show fee: table for ${partyText(booking.partyAdults, booking.partyChildren)}`],
        ['Date', formatLongDate(booking.date)],
        ['Time', formatTime(booking.timeSlot)],
        ['Reference', booking.reference],
        ['Paid with', 'The card you saved when you booked'],
      ]),
      changePart('Questions? Call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}
