import { BOOKING_MESSAGES } from '../booking/validation.ts';
import { formatMoney } from '../money/money.ts';
import { plural } from '../text/plural.ts';

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
  paidToStaff: (pence: number) =>
    `The booking is cancelled. The ${formatMoney(pence)} paid to staff is not refunded online: settle it at the till.`,
  refundPending: (phone: string) =>
    `Your booking is cancelled. Your refund could not be made just now; we will make it shortly, or call us on ${phone}.`,
} as const;
