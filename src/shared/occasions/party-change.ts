import { partySize } from '../booking/party.ts';
import { formatMoney } from '../money/money.ts';
import { plural } from '../text/plural.ts';
import { type OccasionBookingProblem, occasionPartyProblem } from './booking-rules.ts';
import { type OccasionParty, partyPricePence } from './rules.ts';
import type { Occasion } from './schema.ts';

/**
 * Staff change a confirmed party's numbers by phone (issue 30). The money already paid stays with the booking:
 * a larger party pays the rest on the day, a smaller one pays less on the day. No money moves here, so a change
 * that would leave more paid than the party's new price is refused: that money goes back by cancelling.
 */

/** A booking as the rule reads it. */
export interface PartyChangeBooking {
  partyAdults: number;
  partyChildren: number;
  totalPence: number;
  paidPence: number;
  /** Diners named on the pre-order: a party never shrinks below them. */
  diners: number;
}

/** A problem of the change, on the party's own fields. */
export type PartyChangeProblem = Omit<OccasionBookingProblem, 'field'> & { field: 'adults' | 'children' };

export const PARTY_CHANGE_MESSAGES = {
  notFound: 'Booking not found.',
  notConfirmed: 'Only a confirmed booking’s party can be changed.',
  unchanged: 'That is the party as it stands: change the adults or the children.',
  dinersNamed: (diners: number, guests: number) =>
    `${plural(diners, 'diner has', 'diners have')} chosen already: remove ${plural(diners - guests, 'diner', 'diners')} before making the party ${guests}.`,
  paidMore: (paidPence: number, totalPence: number) =>
    `${formatMoney(paidPence)} has been paid, more than ${formatMoney(totalPence)} for the new party. ` +
    'To give money back, cancel the booking and book the party again.',
  changed: (name: string, guests: number) => `${name}’s party is now ${plural(guests, 'guest', 'guests')}.`,
  dinerRemoved: (name: string) => `${name} is removed from the party.`,
} as const;

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
  const availability =
    context.remainingSeats === undefined ? undefined : { remaining: context.remainingSeats, closed: false };
  const problem = occasionPartyProblem(occasion, party, { phone: context.phone, by: 'staff', availability });
  // The sitting is not the change's to choose: its seats left are said on the party's own field.
  if (problem) return { ...problem, field: problem.field === 'children' ? 'children' : 'adults' };
  const guests = partySize(party.adults, party.children);
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
      message: PARTY_CHANGE_MESSAGES.paidMore(booking.paidPence, total),
      kind: 'invalid',
    };
  }
  return null;
}
