import { formatMoney } from '../money/money.ts';
import { plural } from '../text/plural.ts';
import { balanceDuePence, christmasAmounts } from './amounts.ts';
import type { ChristmasSelections } from './schemas.ts';
import type { ChristmasSeason } from './season-schema.ts';
import { type ChristmasOrderProblem, checkChristmasPartyOrder } from './validation.ts';

/**
 * Staff changing a confirmed booking's party, dishes and notes by phone: the rule and the words, which only the
 * change's dialog and the server load. No zod here: the browser imports it.
 */
export const CHRISTMAS_STAFF_CHANGE_MESSAGES = {
  title: (name: string) => `Change ${name}’s booking`,
  intro: 'As the guest asks by phone. One main per guest; starters and desserts up to one each.',
  confirm: 'Save changes',
  busy: 'Saving…',
  keep: 'Leave as it is',
  guestEmailed: (email: string) => `${email} is e-mailed the booking as it stands, with a new link.`,
  noEmail: 'The booking has no e-mail address: nothing is e-mailed to the guest.',
  failed: 'Change failed',
  cancelled: 'This booking is cancelled, so it cannot be changed.',
  sittingStarted: 'This booking’s sitting has started, so it can no longer be changed.',
  depositAboveTotal: (paidPence: number, totalPence: number) =>
    `The deposit already paid, ${formatMoney(paidPence)}, is more than the new total of ` +
    `${formatMoney(totalPence)}: keep more guests, or cancel the booking instead.`,
  changed: (booking: {
    reference: string;
    name: string;
    partySize: number;
    email: string;
    totalPence: number;
    depositPaidPence: number;
  }) =>
    `Changed ${booking.reference}: ${booking.name}, ${plural(booking.partySize, 'guest', 'guests')}, ` +
    `${formatMoney(balanceDuePence(booking))} to pay on the day. ` +
    (booking.email
      ? `A new confirmation is on its way to ${booking.email}.`
      : 'No confirmation was e-mailed: the booking has no e-mail address.'),
} as const;

/**
 * A confirmed booking's party and courses as staff change them (`checkChristmasPartyOrder`), priced again as a
 * new booking would be: the deposit already paid stays with the booking, so the new total may not fall below it.
 */
export function checkChristmasStaffChange(
  change: { partyAdults: number; partyChildren: number; selections: ChristmasSelections },
  season: ChristmasSeason,
  depositPaidPence: number,
): ChristmasOrderProblem | null {
  const order = checkChristmasPartyOrder(change, season);
  if (order) return order;
  const { totalPence } = christmasAmounts(change, season);
  if (depositPaidPence <= totalPence) return null;
  return {
    kind: 'invalid',
    message: CHRISTMAS_STAFF_CHANGE_MESSAGES.depositAboveTotal(depositPaidPence, totalPence),
    field: 'partyAdults',
  };
}
