import { formatMoney } from '#shared/money/money.ts';
import type { StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import { partyWords } from '#shared/occasions/party-change.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';

/** The staff occasions screen's words, in one place for the screen and its tests. */
export const STAFF_OCCASIONS_WORDS = {
  title: 'Occasions',
  noOccasions: 'There are no occasions yet. A manager adds them in Site content.',
  noDatesToCome: 'This occasion has no dates still to come to book.',
  occasionsFailed: 'Could not load the occasions. Please reload the page.',
  loadFailed: 'Could not load this date. Please try again.',
  bookFailed: 'Could not save the booking. Please try again.',
  cancelFailed: 'Could not cancel the booking. Please try again.',
  dinerFailed: 'Could not save the diner’s dishes. Please try again.',
  partyFailed: 'Could not change the party. Please try again.',
  removeDinerFailed: 'Could not take the diner off the party. Please try again.',
  closeFailed: 'Could not close the sitting. Please try again.',
  reopenFailed: 'Could not reopen the sitting. Please try again.',
  tillFailed: 'Could not record what became of the money. Please try again.',
  booked: (booking: StaffOccasionBooking, occasion: Occasion) =>
    `Booked: ${booking.name}, ${partyWords(occasion, { adults: booking.adults, children: booking.children })}, ${booking.sittingLabel} on ${formatLongDate(booking.date)} (${booking.reference}).`,
  cancelled: (name: string, reference: string) => `Cancelled ${name}’s booking (${reference}).`,
  deadline: (deadline: string, locked: boolean) =>
    locked
      ? `Choices closed at ${deadline}: the defaults are applied and the sheets are final. Staff can still change a diner.`
      : `Diners choose until ${deadline}.`,
  sittingHint: (left: number, closed: boolean) =>
    `${left <= 0 ? 'Full' : plural(left, 'seat left', 'seats left')}${closed ? ', closed online' : ''}`,
  dinerSaved: (name: string) => `Saved ${name}’s dishes.`,
  closed: (label: string) => `Closed ${label} online.`,
  reopened: (label: string) => `Reopened ${label} online.`,
} as const;

/**
 * What cancelling does to the money, by the occasion's terms: refunded before the cut-off (the end of
 * `cutoffDay`), kept after it.
 */
export function refundText(paidPence: number, beforeCutoff: boolean, cutoffDay: string): string {
  if (paidPence === 0) return 'Nothing was paid, so there is nothing to refund.';
  const paid = formatMoney(paidPence);
  return beforeCutoff
    ? `The ${paid} paid is refunded in full: the refund cut-off is the end of ${formatLongDate(cutoffDay)}.`
    : `The ${paid} paid is kept, as the terms say: the refund cut-off was the end of ${formatLongDate(cutoffDay)}.`;
}
