import type { z } from 'zod';
import type {
  Diner,
  DinerChoiceRequest,
  DinerPage,
  OccasionBookingRequest,
  OccasionCancelled,
  OccasionDemoCheckout,
  OccasionPage,
  OccasionSummary,
  OrganiserPage,
  occasionCheckoutStateSchema,
} from '#shared/occasions/api.ts';
import { ApiError, call } from '#web/lib/api.ts';

/** The occasions' calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */

const slugPath = (slug: string) => `/api/occasions/${encodeURIComponent(slug)}`;
const checkoutPath = (pid: string) => `/api/occasions/checkouts/${encodeURIComponent(pid)}`;

/** What's On's published occasions still to come. */
export const occasions = () => call<OccasionSummary[]>('GET', '/api/occasions');

/** One published occasion and every date still to come with its seats. */
export const occasionPage = (slug: string) => call<OccasionPage>('GET', slugPath(slug));

/** The occasion's page, or null for a slug that names no published occasion (404). */
export const occasionOrNull = (slug: string) =>
  occasionPage(slug).catch((error) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });

/** The organiser's booking: answers where the browser goes next (the payment page, or their own page). */
export const startOccasionBooking = (slug: string, request: OccasionBookingRequest) =>
  call<{ url: string }>('POST', `${slugPath(slug)}/bookings`, { body: request });

export type OccasionCheckoutState = z.infer<typeof occasionCheckoutStateSchema>;

/** The checkout's state, polled by the return page. */
export const occasionCheckout = (pid: string, signal?: AbortSignal) =>
  call<OccasionCheckoutState>('GET', checkoutPath(pid), { signal });

/** Back from the payment page without paying: the held seats are given back. */
export const releaseOccasionCheckout = (pid: string) =>
  call<OccasionCheckoutState>('POST', `${checkoutPath(pid)}/release`);

/** What the demo payment page shows (only while the site has no Stripe keys). */
export const occasionDemoCheckout = (pid: string) =>
  call<OccasionDemoCheckout>('GET', `${checkoutPath(pid)}/demo`);

/** The demo payment page's Pay: answers the return page's address. */
export const payOccasionDemoCheckout = (pid: string) =>
  call<{ url: string }>('POST', `${checkoutPath(pid)}/demo-pay`);

const organiserPath = (token: string) => `/api/occasions/organiser/${encodeURIComponent(token)}`;
const dinersLinkPath = (token: string) => `/api/occasions/diners/${encodeURIComponent(token)}`;

/** A personal link's page, or null when the link opens none (unknown, mistyped, or its booking gone). */
function orMissing<T>(page: Promise<T>): Promise<T | null> {
  return page.catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  });
}

/** The organiser's page from their own link; null when the link opens no booking. */
export const organiserPage = (token: string) => orMissing(call<OrganiserPage>('GET', organiserPath(token)));

/** What the organiser's choice for someone answers: the diner saved, or the whole page as it now stands. */
export type OrganiserChoiceAnswer = Diner | OrganiserPage;

/** The organiser chooses for someone not yet on the list. */
export const addDiner = (token: string, request: DinerChoiceRequest) =>
  call<OrganiserChoiceAnswer>('POST', `${organiserPath(token)}/diners`, { body: request });

/** The organiser changes someone's choices. */
export const changeDiner = (token: string, dinerId: string, request: DinerChoiceRequest) =>
  call<OrganiserChoiceAnswer>('PUT', `${organiserPath(token)}/diners/${encodeURIComponent(dinerId)}`, {
    body: request,
  });

/** The organiser cancels the booking; answers what was refunded (read tolerantly: a sentence may come with it). */
export const cancelOrganiserBooking = (token: string) =>
  call<Partial<OccasionCancelled>>('POST', `${organiserPath(token)}/cancel`);

/** The visit reminder's "Yes, we're coming": answers the organiser's page with it noted. */
export const confirmOrganiserComing = (token: string) =>
  call<OrganiserPage>('POST', `${organiserPath(token)}/coming`);

/** What the diners' link shows; null when the link opens no booking. */
export const dinerPage = (token: string) => orMissing(call<DinerPage>('GET', dinersLinkPath(token)));

/** A diner's own choices, from the diners' link. */
export const sendDinerChoices = (token: string, request: DinerChoiceRequest) =>
  call<Diner>('POST', dinersLinkPath(token), { body: request });
