import { formatTime } from '../time/london-time.ts';
import { STANDBY_OFFER } from './offer-words.ts';

/** The standby list's words (issue 31): what the page, the e-mails and the refusals say, written once. */
export const STANDBY_MESSAGES = {
  /** Offered beside full times on the booking form. */
  offer: STANDBY_OFFER,
  /** Said on the form, the confirmation, the guest's own page and every e-mail: it is not a booking. */
  notABooking:
    'This is not a booking. If a table comes free in your window we will e-mail you a link to claim it; the first guest to claim it gets the table.',
  joined: (date: string, from: string, to: string) =>
    `You’re on the standby list for ${date}, between ${formatTime(from)} and ${formatTime(to)}.`,
  windowStart: 'Please choose the earliest time that suits you.',
  windowEnd: 'Please choose the latest time that suits you.',
  windowOrder: 'The latest time must not be before the earliest.',
  windowService: 'Please choose times in one service: lunch or dinner.',
  listOff: 'We don’t keep a standby list for that service. Please choose another date, or call us.',
  capReached: 'Sorry, the standby list for that service is full. Please choose another date, or call us.',
  alreadyOnList:
    'You’re already on the standby list for that service: the e-mail we sent you has the link to your place.',
  timeFree: (time: string) =>
    `A table is free at ${formatTime(time)}, so there is no need to wait: please book it.`,
  serviceClosed: 'That service is closed, so there is no standby list for it. Please choose another date.',
  removed: 'You’ve left the standby list. We won’t e-mail you about that service.',
  entryNotFound: 'We can’t find that place on the standby list: its date may have passed.',
  /** An offer's claim page. */
  offerNotFound: 'We can’t find that offer. Its date may have passed.',
  claimed: 'It’s yours: your table is booked.',
  alreadyTaken:
    'Sorry, that table has just been taken by another guest. You’re still on the standby list, and we’ll e-mail you if another comes free.',
  expired: (at: string) =>
    `This offer ran out at ${at}, so the table went to the next guest. You’re still on the standby list.`,
  entryClosed: 'This place on the standby list is no longer waiting, so the offer cannot be claimed.',
  /** A claim whose deposit was never paid: its table was let go. */
  claimUnpaid:
    'The deposit for this table was not paid, so we could not keep it. You’re back on the standby list, and we’ll e-mail you if another table comes free.',
  tooLate: 'That table is now too close to its time to book online. Please call us.',
} as const;
