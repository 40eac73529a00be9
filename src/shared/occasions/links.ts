import { CHRISTMAS_OCCASION_SLUG } from '../christmas/ids.ts';

/** Every occasion page's address, written once for the server's e-mails and redirects and the web's links. */

/** Christmas Day's page: it is one of the occasions, sold on its own page by its own rules (decision 049). */
export const CHRISTMAS_PATH = '/christmas';

export const occasionPath = (slug: string): string =>
  slug === CHRISTMAS_OCCASION_SLUG ? CHRISTMAS_PATH : `/occasions/${slug}`;
/** The address an occasion's page had before Christmas Day was one of them: it sends the guest on. */
export const christmasOccasionPath = `/occasions/${CHRISTMAS_OCCASION_SLUG}`;
/** The organiser's own page (their personal link). */
export const organiserPath = (token: string): string => `/occasions/organiser/${token}`;
/** The link the organiser shares with the diners. */
export const dinerPath = (token: string): string => `/occasions/diners/${token}`;
/** Where the payment page sends the guest back: it follows the checkout until the booking is confirmed. */
export const checkoutReturnPath = (pid: string): string =>
  `/occasions/checkout?pid=${encodeURIComponent(pid)}`;
/** Where the payment page sends a guest who did not pay: their held seats are given back. */
export const checkoutCancelPath = (pid: string): string =>
  `/occasions/checkout?pid=${encodeURIComponent(pid)}&cancelled=1`;
export const OCCASION_DEMO_CHECKOUT_PATH = '/occasions/demo-checkout';

/** Words of the occasions' own addresses, and Christmas Day's slug, which no occasion may take as its slug. */
export const RESERVED_OCCASION_SLUGS = [
  'organiser',
  'diners',
  'checkout',
  'demo-checkout',
  CHRISTMAS_OCCASION_SLUG,
] as const;
