import type { SendMailOptions } from 'nodemailer';
import { partySize, partyText } from '#shared/booking/party.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime, formatTimeRange, londonTimeOfDay } from '#shared/time/london-time.ts';
import { html } from '../lib/html.ts';
import { ActionLink } from '../mail/layout.ts';
import { changePart, detailsPart, guestLetter, type LetterPart, paragraphPart } from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';
import type { StandbyEntryRow, StandbyOfferRow } from './rows.ts';

function linkPart(label: string, url: string): LetterPart {
  return { html: html`<${ActionLink} href=${url}>${label}<//>`, text: `${label}: ${url}` };
}

/** The place on the list as its guest reads it in every letter. */
function entryRows(entry: StandbyEntryRow): Row[] {
  return [
    ['Date', formatLongDate(entry.date)],
    ['Times that suit you', formatTimeRange(entry.windowStart, entry.windowEnd)],
    ['Party', partyText(entry.partyAdults, entry.partyChildren)],
    ['Standby reference', entry.reference],
  ];
}

/** The letter to a guest who joined the list: it is not a booking; their window, party and link to leave. */
export function standbyJoinedEmail(entry: StandbyEntryRow, venue: Venue, entryUrl: string): SendMailOptions {
  return guestLetter(venue, entry, {
    subject: `You’re on the standby list (not a booking) — ${formatLongDate(entry.date)}`,
    kicker: 'Standby list — not a booking',
    preheader: STANDBY_MESSAGES.notABooking,
    title: 'You’re on the standby list',
    parts: [
      paragraphPart(STANDBY_MESSAGES.joined(formatLongDate(entry.date), entry.windowStart, entry.windowEnd)),
      paragraphPart(STANDBY_MESSAGES.notABooking),
      detailsPart(entryRows(entry)),
      linkPart('See your place, or leave the list', entryUrl),
      changePart('Questions? Call us on', entry.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/** The letter with a claim link: the table, how long the link holds it, and that it is not yet a booking. */
export function standbyOfferEmail(
  entry: StandbyEntryRow,
  offer: Pick<StandbyOfferRow, 'timeSlot' | 'expiresAt'>,
  venue: Venue,
  claim: { url: string; minutes: number },
): SendMailOptions {
  const guests = partySize(entry.partyAdults, entry.partyChildren);
  const until = formatTime(londonTimeOfDay(offer.expiresAt));
  return guestLetter(venue, entry, {
    subject: `A table is free at ${formatTime(offer.timeSlot)} on ${formatLongDate(entry.date)} — claim it`,
    kicker: 'Standby list — a table to claim',
    preheader: `Claim it by ${until}: the first guest to claim it gets the table.`,
    title: 'A table has come free',
    parts: [
      paragraphPart(
        `A table for ${plural(guests, 'guest', 'guests')} has come free at ${formatTime(offer.timeSlot)} on ` +
          `${formatLongDate(entry.date)}.`,
      ),
      paragraphPart(
        `This link holds for ${plural(claim.minutes, 'minute', 'minutes')}, until ${until}. It is not yet a ` +
          'booking: the table is booked when you claim it, and the first guest to claim it gets it.',
      ),
      linkPart('Claim the table', claim.url),
      detailsPart(entryRows(entry)),
    ],
    signOff: 'With best wishes',
  });
}

/** The letter to a guest whose offer went to someone who claimed first: they stay on the list. */
export function standbyGoneEmail(
  entry: StandbyEntryRow,
  offer: Pick<StandbyOfferRow, 'timeSlot'>,
  venue: Venue,
): SendMailOptions {
  return guestLetter(venue, entry, {
    subject: `The table at ${formatTime(offer.timeSlot)} has gone — you’re still on the standby list`,
    kicker: 'Standby list',
    preheader: STANDBY_MESSAGES.alreadyTaken,
    title: 'That table has gone',
    parts: [paragraphPart(STANDBY_MESSAGES.alreadyTaken), detailsPart(entryRows(entry))],
    signOff: 'With best wishes',
  });
}

/**
 * The letter to a guest whose table from the list was never paid for (an offer they claimed, or a booking staff
 * made them with a payment link): the table was let go, and they are on the list again (the link in the letter
 * they had on joining still shows their place).
 */
export function standbyReopenedEmail(
  entry: StandbyEntryRow,
  booking: { timeSlot: string },
  venue: Venue,
): SendMailOptions {
  return guestLetter(venue, entry, {
    subject: `The table at ${formatTime(booking.timeSlot)} was not kept — you’re back on the standby list`,
    kicker: 'Standby list',
    preheader: STANDBY_MESSAGES.claimUnpaid,
    title: 'You’re back on the standby list',
    parts: [
      paragraphPart(STANDBY_MESSAGES.claimUnpaid),
      paragraphPart(STANDBY_MESSAGES.notABooking),
      detailsPart(entryRows(entry)),
      changePart('Questions? Call us on', entry.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}
