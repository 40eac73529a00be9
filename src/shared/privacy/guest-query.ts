import { plural } from '../text/plural.ts';

/**
 * A guest's request to see or erase what the pub holds about them (issue 19): the owner looks a person up by
 * the e-mail address or the phone number they gave. No zod here: the browser imports it.
 */

/** What stands in for a guest's name once it is anonymised (by retention or an erasure). */
export const ANONYMISED_NAME = 'Anonymised guest';

const erased = (total: number) =>
  `Erased. ${total} ${total === 1 ? 'record was' : 'records were'} anonymised or deleted.`;

/**
 * What staff do with a guest's upcoming bookings when they erase the guest (issue 26): cancel them (the guest
 * told) and erase now, or leave them and let the retention pass erase the day after the last visit.
 */
export const UPCOMING_CHOICES = ['cancel-and-erase', 'erase-after-visit'] as const;
export type UpcomingChoice = (typeof UPCOMING_CHOICES)[number];

export const GUEST_DATA_MESSAGES = {
  wrongQuery: 'Enter an e-mail address or a phone number (at least 7 digits).',
  searchLabel: 'E-mail address or phone number',
  loadFailed: 'The guest’s data could not be loaded. Please try again.',
  exportFailed: 'The file could not be downloaded. Please try again.',
  eraseFailed: 'The guest’s data could not be erased. Please try again.',
  nothingHeld: 'Nothing is held about this e-mail address or phone number.',
  erased,
  /** The erase API's refusal when the person has upcoming bookings and staff chose nothing for them. */
  upcomingRefused: (count: number) =>
    `This guest has ${plural(count, 'upcoming booking', 'upcoming bookings')}: erasing now would leave ` +
    '“Anonymised guest” on the day view with no way to reach them. Choose “Cancel them and erase now” or ' +
    '“Erase after the visit”.',
  wrongUpcomingChoice: 'Choose “Cancel them and erase now” or “Erase after the visit”.',
  /** Occasion bookings are cancelled (and refunded) from their own screen, not by an erasure. */
  occasionCancelFirst: (references: readonly string[]) =>
    `Cancel the occasion ${references.length === 1 ? 'booking' : 'bookings'} ${references.join(', ')} on the ` +
    'occasions’ bookings screen first, or choose “Erase after the visit”.',
  /** The erase dialog's list of upcoming bookings, and the choice it asks for. */
  upcomingLead: (count: number) =>
    `${plural(count, 'booking is', 'bookings are')} still to come. Erased now, ${count === 1 ? 'it' : 'they'} ` +
    'would stay on the day view as “Anonymised guest”, with no way to reach the guest.',
  upcomingLegend: 'What happens to these bookings',
  cancelAndErase: 'Cancel them and erase now',
  cancelAndEraseHint:
    'Each is cancelled by staff and the guest is e-mailed the cancellation, then the data is erased. The cancellation e-mail keeps the address only until it is sent.',
  eraseAfterVisit: 'Erase after the visit',
  eraseAfterVisitHint: (date: string) =>
    `The bookings stay as they are; the data is erased on ${date}, the day after the last visit.`,
  chooseUpcoming: 'Choose what happens to the upcoming bookings.',
  cancelledAndErased: (cancelled: number, total: number) =>
    `${plural(cancelled, 'booking', 'bookings')} cancelled and the guest e-mailed. ${erased(total)}`,
  erasureScheduled: (date: string) =>
    `Erasure scheduled for ${date}, the day after the last visit. The bookings stay until then.`,
  /** A scheduled erasure, as the search shows it. */
  scheduledFor: (date: string) => `To be erased on ${date}, the day after the last visit`,
  /** What the erasure confirm dialog says goes. */
  whatGoes:
    'Names, e-mail addresses, phone numbers, allergies, accessibility and other notes are removed from every booking, Christmas order, occasion booking, reservation, enquiry and gift voucher, and from their places as a diner at an occasion; their places on the standby list and in the walk-in queue, the profile staff kept on them (tags and note), the marketing consent, the e-mails sent and the booking links are deleted.',
  /** And what stays. */
  whatStays:
    'The bookings themselves stay, anonymised, so the pub’s figures still count them: dates, times, party sizes, statuses, dishes and amounts paid. Gift vouchers keep their code and balance, and can still be spent.',
} as const;

/** Something@somewhere.tld, without spaces: the form's own check happened when the guest gave it. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * The UK's country code at the start of a number's digits, written as the trunk 0: one pattern for the browser,
 * `phoneDigits`, and the server's SQL search, which applies it to stored numbers.
 */
export const UK_COUNTRY_CODE_PATTERN = '^(00)?440?';
const ukCountryCode = new RegExp(UK_COUNTRY_CODE_PATTERN);

/**
 * A phone number reduced to its digits, with the UK's country code written as the trunk 0, so "+44 7700
 * 900321", "0044 7700 900321" and "07700 900321" are one number.
 */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '').replace(ukCountryCode, '0');
}

/** The person searched for, and the search as the owner typed it (trimmed). */
export type GuestQuery = { text: string } & (
  | { kind: 'email'; email: string }
  | { kind: 'phone'; digits: string }
);

/** Reads the owner's search: an e-mail address (any case) or a phone number; anything else is refused. */
export function parseGuestQuery(text: string): GuestQuery | null {
  const value = text.trim();
  if (value.includes('@')) {
    return EMAIL_PATTERN.test(value) ? { text: value, kind: 'email', email: value.toLowerCase() } : null;
  }
  if (!PHONE_CHARACTERS.test(value)) return null;
  const digits = phoneDigits(value);
  return digits.length >= MIN_PHONE_DIGITS && digits.length <= MAX_PHONE_DIGITS
    ? { text: value, kind: 'phone', digits }
    : null;
}

/** The records a search found, counted: what the page and the confirm dialog show. */
export function guestRecordCount(
  data: Record<
    | 'bookings'
    | 'christmasBookings'
    | 'christmasReservations'
    | 'occasionBookings'
    | 'occasionDiners'
    | 'standbyEntries'
    | 'queueParties'
    | 'guestProfiles'
    | 'vouchers'
    | 'enquiries'
    | 'marketingConsents'
    | 'emails'
    | 'scheduledErasures',
    readonly unknown[]
  >,
): number {
  return (
    data.bookings.length +
    data.christmasBookings.length +
    data.christmasReservations.length +
    data.occasionBookings.length +
    data.occasionDiners.length +
    data.standbyEntries.length +
    data.queueParties.length +
    data.guestProfiles.length +
    data.vouchers.length +
    data.enquiries.length +
    data.marketingConsents.length +
    data.emails.length +
    data.scheduledErasures.length
  );
}

/** "guest-data-2026-11-22.json" */
export function guestExportFileName(londonDate: string): string {
  return `guest-data-${londonDate}.json`;
}
