import type {
  ChristmasAvailability,
  ChristmasCheckoutRequest,
  DemoCheckoutDetails,
  PendingStatus,
} from '#shared/christmas/checkout-schemas.ts';
import { type DishCounts, NO_DISHES } from '#shared/christmas/courses.ts';
import type { ChristmasGuestChangeInput, ManagedChristmasBooking } from '#shared/christmas/schemas.ts';
import { ApiError, call } from '#web/lib/api.ts';

/** The Christmas Day pages' calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const christmasAvailability = (signal?: AbortSignal) =>
  call<ChristmasAvailability>('GET', '/api/christmas/availability', { signal });

export const startChristmasCheckout = (request: ChristmasCheckoutRequest) =>
  call<{ url: string }>('POST', '/api/stripe/create-checkout-session', { body: request });

export const pendingReservation = (pid: string, signal?: AbortSignal) =>
  call<PendingStatus>('GET', `/api/christmas/pending/${encodeURIComponent(pid)}`, { signal });

export const finalizeReservation = (pid: string, signal?: AbortSignal) =>
  call<PendingStatus>('POST', `/api/christmas/finalize/${encodeURIComponent(pid)}`, { signal });

export const releaseReservation = (pid: string) =>
  call<PendingStatus>('POST', `/api/christmas/cancel/${encodeURIComponent(pid)}`);

export const demoCheckout = (pid: string) =>
  call<DemoCheckoutDetails>('GET', `/api/christmas/demo-checkout/${encodeURIComponent(pid)}`);

export const payDemoCheckout = (pid: string) =>
  call<{ url: string }>('POST', `/api/christmas/demo-checkout/${encodeURIComponent(pid)}/pay`);

/** A guest's own Christmas booking from their link; null when the link opens none (unknown, or past its day). */
export const managedChristmasBooking = (token: string) =>
  call<ManagedChristmasBooking>('GET', `/api/christmas/manage/${encodeURIComponent(token)}`).catch(
    (error) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    },
  );

export const changeManagedChristmasBooking = (token: string, change: ChristmasGuestChangeInput) =>
  call<ManagedChristmasBooking>('PATCH', `/api/christmas/manage/${encodeURIComponent(token)}`, {
    body: change,
  });

export const cancelManagedChristmasBooking = (token: string) =>
  call<ManagedChristmasBooking>('POST', `/api/christmas/manage/${encodeURIComponent(token)}/cancel`);

/** The reminder's "Yes, we're coming" for a Christmas booking. */
export const confirmChristmasComing = (token: string) =>
  call<ManagedChristmasBooking>('POST', `/api/christmas/manage/${encodeURIComponent(token)}/coming`);

/** The guest's "Add to calendar": the same file their confirmation attaches. */
export const managedChristmasCalendarPath = (token: string) =>
  `/api/christmas/manage/${encodeURIComponent(token)}/calendar.ics`;

// In this module (not one of its own) so the two pages that use it fetch no extra chunk for it.

/**
 * The pre-order a guest takes to the payment page, kept in this tab until the booking is confirmed: Back
 * from the payment page returns to it filled in. Their hold is not lost meanwhile: starting the checkout
 * again replaces it (`server/christmas/checkout.ts`).
 */
const DRAFT_KEY = 'christmas-checkout-draft';

export interface CheckoutDraft<Values> {
  values: Values;
  counts: DishCounts;
}

export function keepCheckoutDraft<Values>(draft: CheckoutDraft<Values>): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Private browsing without storage: Back then finds the form empty, as before.
  }
}

/** The draft kept in this tab, over `empty` so a draft of an older form still fills every field. */
export function checkoutDraft<Values extends object>(empty: Values): CheckoutDraft<Values> | null {
  try {
    const kept = sessionStorage.getItem(DRAFT_KEY);
    if (!kept) return null;
    const draft = JSON.parse(kept) as Partial<CheckoutDraft<Partial<Values>>>;
    return { values: { ...empty, ...draft.values }, counts: { ...NO_DISHES, ...draft.counts } };
  } catch {
    return null;
  }
}

export function forgetCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}
