import { type DishCounts, NO_DISHES } from '../../../shared/christmas/courses.ts';

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
