import { BOOKING_MESSAGES } from '../booking/validation.ts';
import { formatMoney } from '../money/money.ts';
import { plural } from '../text/plural.ts';
import { deadlineText } from './pre-order-messages.ts';

/** What a guest is told while booking an occasion, paying for it and cancelling it. */
export const OCCASION_BOOKING_MESSAGES = {
  unknownOccasion: 'We could not find that occasion.',
  date: 'Please choose one of the dates this occasion runs on.',
  dateClosed: (phone: string) =>
    `Online booking for that date has closed. Please call us on ${phone} to ask about a table.`,
  sitting: 'Please choose one of the sittings.',
  sittingClosed: (phone: string) =>
    `That sitting is closed to online bookings. Please choose another, or call us on ${phone}.`,
  adults: 'Please include at least 1 adult: children must be accompanied by an adult.',
  noChildren: 'This occasion is for adults only.',
  partyTooSmall: (min: number) => `Online bookings for this occasion are for parties of ${min} or more.`,
  partyTooLarge: (max: number, phone: string) =>
    `For parties of more than ${max}, please call us on ${phone} so we can seat you together.`,
  name: BOOKING_MESSAGES.name,
  email: BOOKING_MESSAGES.email,
  phone: BOOKING_MESSAGES.phone,
  phoneInvalid: BOOKING_MESSAGES.phoneInvalid,
  full: 'Sorry, that sitting is full. Please choose another.',
  seatsLeft: (remaining: number) =>
    remaining === 0
      ? 'Sorry, that sitting is full. Please choose another.'
      : `Only ${plural(remaining, 'seat is', 'seats are')} left at that sitting.`,
  alreadyBooked:
    'You have just booked this sitting: your confirmation is in your e-mail. To change it, please call us.',
  notConfigured: (phone: string) =>
    `Online payments are not available right now. Please call us on ${phone} to book.`,
  provider: 'We could not start the payment just now. Please try again in a moment.',
  replaced: 'You have started a newer booking, which replaces this one. Please carry on with that one.',
  unknownCheckout: 'We could not find that booking.',
  checkoutOver: 'This checkout has expired or was cancelled.',
  lateRefunded: (paidPence: number) =>
    `Sorry — your held seats were released before your payment arrived and the sitting is now full. ` +
    `Your payment of ${formatMoney(paidPence)} is being refunded in full.`,
} as const;

/** What the organiser (or staff) are told when a booking is cancelled. */
export const OCCASION_CANCEL_MESSAGES = {
  unknownLink: 'We could not find that booking.',
  notFound: 'Booking not found.',
  alreadyCancelled: 'This booking is already cancelled.',
  notConfirmed: 'Only a confirmed booking can be cancelled.',
  refunded: (pence: number) =>
    `Your booking is cancelled. ${formatMoney(pence)} is being refunded to your card; refunds usually arrive within 5 to 10 working days.`,
  notRefunded: (pence: number) =>
    `Your booking is cancelled. It was cancelled after the refund cut-off, so the ${formatMoney(pence)} paid is not refunded.`,
  nothingPaid: 'Your booking is cancelled.',
  /** Money staff took is settled with the pub, never refunded online (decision 045). */
  paidUsDirectly: (pence: number) =>
    `Your booking is cancelled. The ${formatMoney(pence)} you paid us directly is not refunded online: please call us to settle it.`,
  refundPending: (phone: string) =>
    `Your booking is cancelled. Your refund could not be made just now; we will make it shortly, or call us on ${phone}.`,
} as const;

/** What staff are told when they cancel an occasion booking: their own words, not the organiser's. */
export const OCCASION_STAFF_CANCEL_MESSAGES = {
  refunded: (pence: number) =>
    `The booking is cancelled. ${formatMoney(pence)} is being refunded to the organiser’s card.`,
  kept: (pence: number) => `The booking is cancelled. The ${formatMoney(pence)} paid online is kept.`,
  nothingPaid: 'The booking is cancelled. Nothing was paid, so there is nothing to refund.',
  refundPending: (pence: number) =>
    `The booking is cancelled, but the refund of ${formatMoney(pence)} did not go through just now. ` +
    'It is still owed: refund it in the Stripe dashboard.',
} as const;

/** A payment's refund term, said before paying (the booking form, the demo checkout) and in the confirmation. */
export const OCCASION_REFUND_MESSAGES = {
  cancelBy: (deadline: string) => `Cancel by ${deadline} for a full refund.`,
  notRefundable:
    'Please note: this date is already within our refund cut-off, so your payment is not refundable if you cancel.',
} as const;

/** `refundableUntil`'s answer in words: "Cancel by 11:59pm on Friday 27 November 2026 for a full refund.", or not. */
export function refundTermText(until: Date | string | null): string {
  return until === null
    ? OCCASION_REFUND_MESSAGES.notRefundable
    : OCCASION_REFUND_MESSAGES.cancelBy(deadlineText(until));
}

/** The organiser's own page: its lead by kind and state, a cancelled booking's money, and money paid to staff. */
export const OCCASION_ORGANISER_MESSAGES = {
  /** A ticketed event has no dishes and no diners' link. */
  ticketedLead: 'Your tickets are booked in your name: just give it at the door, where it is on our list.',
  cancelledLead: 'Your booking as it was, and what became of what you paid.',
  refundRow: 'Refund',
  refundMade: (pence: number) => `${formatMoney(pence)}, refunded to your card`,
  refundPending: (pence: number) => `${formatMoney(pence)}, being refunded to your card`,
  kept: (pence: number) => `None: the ${formatMoney(pence)} paid is kept, as the terms say`,
  settledWithUs: (pence: number) =>
    `The ${formatMoney(pence)} you paid us directly: please call us to settle it`,
  nothingPaid: 'Nothing was paid',
  /** Before cancelling a booking whose money staff took: it is not refunded online. */
  paidToStaffTerms: (paid: string) =>
    `The ${paid} you paid us directly is not refunded online if you cancel: please call us to settle it.`,
} as const;

/** A sitting's badge on the staff screen once its date no longer sells online (`sellsOnline`): phone bookings only. */
export const OCCASION_SITTING_BADGES = { pastOnlineDeadline: 'Past online deadline' } as const;
