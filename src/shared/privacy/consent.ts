/**
 * Marketing consent (issue 19): the words the guest ticks, shown on the booking and Christmas forms and stored
 * with each consent exactly as shown. Plain TypeScript: the forms import it.
 */
export const MARKETING_CONSENT_WORDING = 'Send me news of events and offers';

/** The forms a consent can be given on. */
export const MARKETING_CONSENT_SOURCES = ['booking', 'christmas'] as const;
export type MarketingConsentSource = (typeof MARKETING_CONSENT_SOURCES)[number];

/** The link to the privacy notice beside every form that takes a guest's details. */
export const PRIVACY_LINK_TEXT = 'How we use your details';
