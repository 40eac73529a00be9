import type { CheckoutSessionRequest } from './payments.ts';

/** A November evening: the checkouts expire, and the webhooks are signed, counting from it. */
export const NOW = new Date('2026-11-20T18:00:00Z');
export const GUEST = { email: 'margaret@example.com', name: 'Margaret Hale' };

let pidCount = 0;
/** A pid no other test (or earlier run against the same fake) has used. */
export const newPid = () => `pid-${++pidCount}-${Date.now()}`;

/** A deposit's checkout for four at £10 a head, open for 31 minutes; `overrides` change any part. */
export function checkoutRequest(overrides: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest {
  const pid = overrides.pid ?? newPid();
  return {
    pid,
    purpose: 'deposit',
    mode: 'payment',
    unitAmountPence: 1000,
    quantity: 4,
    productName: 'Table deposit — The Rose & Crown',
    productDescription: 'Saturday 21 November, 7:30 pm, 4 guests',
    customerEmail: GUEST.email,
    expiresAt: new Date(NOW.getTime() + 31 * 60_000),
    successUrl: `https://pub.test/bookings/paid?pid=${pid}`,
    cancelUrl: `https://pub.test/bookings/cancelled?pid=${pid}`,
    ...overrides,
  };
}
