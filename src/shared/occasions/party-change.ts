import { guestCountMessage, partySize, partyText } from '../booking/party.ts';
import { formatMoney } from '../money/money.ts';
import { plural } from '../text/plural.ts';
import { type OccasionBookingProblem, occasionPartyProblem } from './booking-rules.ts';
import { isTicketed, type OccasionParty, partyPricePence } from './rules.ts';
import type { Occasion } from './schema.ts';

/**
 * Staff change a confirmed party's numbers by phone (issue 30). The money already paid stays with the booking:
 * a larger party pays the rest on the day, a smaller one pays less on the day. No money moves here, so a change
 * that would leave more paid than the party's new price is refused: that money goes back by cancelling.
 */

/**
 * The diners a party cannot shrink below: those someone named and chose for. The deadline's placeholders ("Guest
 * 10", every course its default: `chosenBy` 'default') give way to a smaller party, the newest first.
 */
export function namedDiners(diners: readonly { chosenBy: string }[]): number {
  return diners.filter((diner) => diner.chosenBy !== 'default').length;
}

/** A booking as the rule reads it. */
export interface PartyChangeBooking {
  partyAdults: number;
  partyChildren: number;
  totalPence: number;
  paidPence: number;
  /** Diners named on the pre-order (`namedDiners`): a party never shrinks below them. */
  diners: number;
}

/** A problem of the change, on the party's own fields. */
export type PartyChangeProblem = Omit<OccasionBookingProblem, 'field'> & { field: 'adults' | 'children' };

export const PARTY_CHANGE_MESSAGES = {
  notFound: 'Booking not found.',
  notConfirmed: 'Only a confirmed booking’s party can be changed.',
  unchanged: 'That is the party as it stands: change the adults or the children.',
  atMost: (guests: number) =>
    guests === 0
      ? 'The sitting is full: this party cannot grow.'
      : `The sitting has room for this party to be at most ${guests}.`,
  dinersNamed: (diners: number, guests: number) =>
    `${plural(diners, 'diner has', 'diners have')} chosen already: remove ${plural(diners - guests, 'diner', 'diners')} before making the party ${guests}.`,
  paidMore: (paidPence: number, totalPence: number, what: string) =>
    `${formatMoney(paidPence)} has been paid, more than ${formatMoney(totalPence)} for ${what}. ` +
    'To give money back, cancel the booking and book again.',
  noTickets: 'Keep at least 1 ticket: to give up every ticket, cancel the booking.',
  changed: (name: string, what: string) => `${name} now has ${what}.`,
  dinerRemoved: (name: string) => `${name} is removed from the party.`,
} as const;

/** Whether the occasion's parties are counted in tickets: a ticketed event that takes no children. */
export function countsTickets(occasion: Occasion): boolean {
  return isTicketed(occasion) && occasion.prices.childPence === null;
}

/** "3 tickets", or "12 guests": a party's size counted in tickets or in guests. */
export function sizeWords(inTickets: boolean, size: number): string {
  return inTickets ? plural(size, 'ticket', 'tickets') : plural(size, 'guest', 'guests');
}

/** "3 tickets", or "12 guests": a party's size as its occasion counts it, where only its size is at hand. */
export function partySizeWords(occasion: Occasion, size: number): string {
  return sizeWords(countsTickets(occasion), size);
}

/** "3 tickets", or "10 adults and 2 children": a party as its occasion counts it. */
export function partyWords(occasion: Occasion, party: OccasionParty): string {
  return countsTickets(occasion)
    ? plural(party.adults, 'ticket', 'tickets')
    : partyText(party.adults, party.children);
}

/**
 * The party's new price: the booking's total with the guests added or taken away at the occasion's prices, so
 * the guests already booked keep the price they booked at.
 */
export function changedPartyPricePence(
  occasion: Occasion,
  booking: Pick<PartyChangeBooking, 'partyAdults' | 'partyChildren' | 'totalPence'>,
  party: OccasionParty,
): number {
  const before = partyPricePence(occasion, { adults: booking.partyAdults, children: booking.partyChildren });
  return booking.totalPence + partyPricePence(occasion, party) - before;
}

/**
 * The first problem with changing `booking`'s party to `party`, null when there is none. `remainingSeats` is the
 * sitting's seats left without this booking's own party, when known (the server's, under the sitting's lock).
 */
export function partyChangeProblem(
  occasion: Occasion,
  booking: PartyChangeBooking,
  party: OccasionParty,
  context: { phone: string; remainingSeats?: number | undefined },
): PartyChangeProblem | null {
  if (party.adults === booking.partyAdults && party.children === booking.partyChildren) {
    return { field: 'adults', message: PARTY_CHANGE_MESSAGES.unchanged, kind: 'invalid' };
  }
  if (countsTickets(occasion) && !(party.adults >= 1)) {
    return { field: 'adults', message: PARTY_CHANGE_MESSAGES.noTickets, kind: 'invalid' };
  }
  const problem = occasionPartyProblem(occasion, party, { phone: context.phone, by: 'staff' });
  if (problem) return { ...problem, field: problem.field === 'children' ? 'children' : 'adults' };
  for (const field of ['adults', 'children'] as const) {
    if (!Number.isInteger(party[field])) {
      const label = field === 'adults' ? (countsTickets(occasion) ? 'Tickets' : 'Adults') : 'Children';
      return { field, message: guestCountMessage(label), kind: 'invalid' };
    }
  }
  const guests = partySize(party.adults, party.children);
  if (context.remainingSeats !== undefined && guests > context.remainingSeats) {
    return {
      field: 'adults',
      message: PARTY_CHANGE_MESSAGES.atMost(Math.max(0, context.remainingSeats)),
      kind: 'unavailable',
    };
  }
  if (guests < booking.diners) {
    return {
      field: 'adults',
      message: PARTY_CHANGE_MESSAGES.dinersNamed(booking.diners, guests),
      kind: 'invalid',
    };
  }
  const total = changedPartyPricePence(occasion, booking, party);
  if (booking.paidPence > total) {
    return {
      field: 'adults',
      message: PARTY_CHANGE_MESSAGES.paidMore(
        booking.paidPence,
        total,
        countsTickets(occasion) ? partyWords(occasion, party) : 'the new party',
      ),
      kind: 'invalid',
    };
  }
  return null;
}
