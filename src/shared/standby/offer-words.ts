/**
 * The booking form's offer of the standby list, a module of its own: the booking page carries this line, not
 * every word of the list (STANDBY_MESSAGES.offer is this).
 */
export const STANDBY_OFFER = 'No time that suits? Join the standby list';
