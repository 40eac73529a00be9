import { NOTES_KEPT_DAYS_FOR_PROFILES } from './retention.ts';

/** The guest profiles' words (issue 32), written once for the staff screens and the server. */
export const PROFILE_MESSAGES = {
  healthWarning: `This note mentions health. Health notes are deleted ${NOTES_KEPT_DAYS_FOR_PROFILES} days after the guest’s last visit, and only staff who may see guests’ details read it.`,
  notFound: 'We have no bookings and no profile for that guest.',
  tooManyTags: 'A guest can have at most 10 tags.',
  tagTooLong: 'A tag must be 30 characters or fewer.',
  tagEmpty: 'A tag cannot be empty.',
  phoneNotTheirs: 'No booking without an e-mail has that phone number.',
  phoneConfirmedElsewhere: 'That phone number is already linked to another guest’s profile.',
  emailMissing: 'Please give the guest’s e-mail address.',
  /** A visit's status in the profile's history, beyond the bookings' own status words. */
  cancelledByGuest: 'Cancelled by the guest',
  noShow: 'No-show',
  unpaid: 'Not paid',
  returning: (visits: number) =>
    visits === 1 ? 'Returning guest: 1 visit' : `Returning guest: ${visits} visits`,
} as const;
