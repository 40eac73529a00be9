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
import type { Row } from '../mail/text-rows.ts';
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

/**
 * A letter about money refunded or charged: what happened, its details, and whom to call with questions. The
 * message is also the preheader unless one is given.
 */
function moneyLetter(
  booking: StoredBooking,
  venue: Venue,
  letter: {
    subject: string;
    kicker: string;
    title: string;
    message: string;
    preheader?: string;
    details: Row[];
  },
): SendMailOptions {
  const { message, details, preheader = message, ...heading } = letter;
  return guestLetter(venue, booking, {
    ...heading,
    preheader,
    parts: [
      paragraphPart(message),
      detailsPart(details),
      changePart('Questions? Call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/** Money given back to a guest: their deposit, or the difference they paid for a change. */
export interface GuestRefund {
  of: 'deposit' | 'change';
  pence: number;
}

/**
 * To a guest whose money is refunded in full to their card, which takes their bank some days: their deposit, or
 * the difference a change asked for that was paid after the change's places had gone (the booking stays as it was).
 */
export function refundedEmail(booking: StoredBooking, refund: GuestRefund, venue: Venue): SendMailOptions {
  const amount = formatMoney(refund.pence);
  const when = whenText(booking);
  const deposit = refund.of === 'deposit';
  const title = deposit ? 'Your deposit is being refunded' : 'Your change could not be made';
  const message = deposit
    ? `Your deposit of ${amount} for your table on ${when} is being refunded in full to the card ` +
      'you paid with. Refunds usually arrive within 5 to 10 working days.'
    : `Sorry: the places for your change went before your payment arrived, so your booking stays as it was ` +
      `(${when}). The ${amount} you paid for the change is being refunded in full to your card; ` +
      'refunds usually arrive within 5 to 10 working days.';
  const booked: Row[] = deposit
    ? [
        ['To', 'The card you paid with'],
        ['Booking', when],
      ]
    : [['Your booking', when]];
  return moneyLetter(booking, venue, {
    subject: `${title} — ${venue.name}, ${when}`,
    kicker: deposit ? 'Deposit refund' : 'Change not made',
    title,
    message,
    details: [['Refund', amount], ...booked, ['Reference', booking.reference]],
  });
}

/** The guest's receipt for a no-show fee staff charged to the card saved when they booked, as its terms said. */
export function noShowFeeReceiptEmail(
  booking: StoredBooking,
  feePence: number,
  venue: Venue,
): SendMailOptions {
  const amount = formatMoney(feePence);
  return moneyLetter(booking, venue, {
    subject: `Receipt: no-show fee of ${amount} — ${venue.name}, ${booking.reference}`,
    kicker: 'Receipt',
    title: 'Your receipt',
    message:
      `We kept your table for ${whenText(booking)}, but we did not see you. As the terms you agreed when you ` +
      `booked said, we have charged a no-show fee of ${amount} to the card you saved.`,
    preheader: `A no-show fee of ${amount} was charged to your card.`,
    details: [
      ['Charged', amount],
      ['For', `No-show fee: table for ${partyText(booking.partyAdults, booking.partyChildren)}`],
      ['Date', formatLongDate(booking.date)],
      ['Time', formatTime(booking.timeSlot)],
      ['Reference', booking.reference],
      ['Paid with', 'The card you saved when you booked'],
    ],
  });
}
