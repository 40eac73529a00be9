import { phoneDigits } from '../privacy/guest-query.ts';

/**
 * Guest profiles (issue 32): one per e-mail address, built from the guest's bookings, with the tags and the note
 * staff keep. The rules here are shared by the staff screens and the server.
 */

/** The tags offered with one tap; staff may add their own words too. */
export const SUGGESTED_TAGS = ['Regular', 'VIP', 'Needs step-free access'] as const;
export const MAX_TAGS = 10;
export const TAG_MAX_LENGTH = 30;
export const NOTE_MAX_LENGTH = 500;

/** A guest's cancellation this close to the visit counts as late on their profile. */
export const LATE_CANCELLATION_HOURS = 24;

/** How a profile is keyed: the e-mail address as the guest typed it, compared without case or spaces. */
export function profileKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone number as profiles compare it: the guests' data search's `phoneDigits`, so "+44 (0)7700 900456" and
 * "07700 900456" are one number here as there (and in the server's SQL, which applies the same pattern).
 */
export function phoneKey(phone: string): string {
  return phoneDigits(phone);
}

const HEALTH_WORDS =
  /\b(allerg\w*|anaphyla\w*|coeliac|celiac|gluten|nuts?|peanuts?|sesame|shellfish|lactose|dairy|intoleran\w*|diabet\w*|epilep\w*|pregnan\w*|wheelchair|disab\w*|medical|medication|epipen)\b/i;

/**
 * Whether a staff note speaks of health (an allergy, a condition, a disability): such a note is special-category
 * data, kept only 30 days after the guest's last visit, and staff are warned as they write it.
 */
export function mentionsHealth(note: string): boolean {
  return HEALTH_WORDS.test(note);
}
