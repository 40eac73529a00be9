/** The standby list's guest pages, written once for the server's e-mails and the web's routes (issue 31). */

/** The guest's own link to their place on the list: see it, or leave the list. */
export const standbyEntryPath = (token: string): string => `/standby/${token}`;
/** The claim link of an offer: the first to claim a freed place gets the booking. */
export const standbyClaimPath = (token: string): string => `/standby/claim/${token}`;
