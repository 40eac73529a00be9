import { LARGE_PARTY_FROM, MAX_ONLINE_PARTY } from '../booking/online-limit.ts';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from './status.ts';

/** The party sizes an enquiry is for: too many to book online, few enough for the pub to seat. */
export const ENQUIRY_PARTY = { min: LARGE_PARTY_FROM, max: 60 } as const;

/** Longest notes the server keeps with an enquiry. */
export const ENQUIRY_NOTES_MAX_LENGTH = 1000;

/** How many enquiries the admin lists, newest first. */
export const ENQUIRY_LIST_LIMIT = 200;

/** How soon the pub promises to answer, in the guest's confirmation, their e-mail and the booking form. */
export const ENQUIRY_REPLY_WITHIN = 'two days';

/** The large-party enquiry's texts: the guest's form, the server's answers and the staff screen. */
export const ENQUIRY_MESSAGES = {
  party: `Please enter a party of ${ENQUIRY_PARTY.min} to ${ENQUIRY_PARTY.max} guests.`,
  partyBookOnline: `For ${MAX_ONLINE_PARTY} or fewer guests, please book a table online.`,
  offerTitle: (guests: number) => `A party of ${guests}? Send us an enquiry`,
  offer: `Tell us the day and time you have in mind and we’ll find the right table for you. We reply within ${ENQUIRY_REPLY_WITHIN}.`,
  intro: `For ${ENQUIRY_PARTY.min} to ${ENQUIRY_PARTY.max} guests we set the table ourselves. Tell us what you have in mind and we’ll reply within ${ENQUIRY_REPLY_WITHIN} by phone or e-mail.`,
  received: 'Thank you: we have your enquiry.',
  nextSteps: (email: string) =>
    `We’ll reply within ${ENQUIRY_REPLY_WITHIN} to talk it through. A copy of your enquiry is on its way to ${email}.`,
  failure: 'Failed to send your enquiry. Please try again, or call us.',
  notFound: 'Enquiry not found',
  loadFailed: 'Failed to load the enquiries',
  statusFailed: 'Failed to change the enquiry’s status',
  statusChanged: (reference: string, status: EnquiryStatus) =>
    `${reference} is now ${ENQUIRY_STATUS_LABELS[status].toLowerCase()}.`,
  noneYet: 'No enquiries yet.',
  noneWithStatus: (status: EnquiryStatus) => `No ${ENQUIRY_STATUS_LABELS[status].toLowerCase()} enquiries.`,
} as const;
