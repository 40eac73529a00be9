import type { PaymentOutcome } from '#shared/deposits/payment-schemas.ts';
import { call } from '#web/lib/api.ts';

/** A guest's deposit or card guarantee calls (issue 29). Each goes through the one API client; import as `* as api`. */
const paymentPath = (pid: string) => `/api/bookings/payments/${encodeURIComponent(pid)}`;

/** Where the payment stands, without asking the provider: the return page's polling. */
export const paymentOutcome = (pid: string, signal?: AbortSignal) =>
  call<PaymentOutcome>('GET', paymentPath(pid), { signal });

/** Back from the checkout: asks the provider, and confirms the booking if it was paid. */
export const finalizePayment = (pid: string, signal?: AbortSignal) =>
  call<PaymentOutcome>('POST', `${paymentPath(pid)}/finalize`, { signal });

/** The guest left the checkout: the places it held are released. */
export const leavePayment = (pid: string, signal?: AbortSignal) =>
  call<PaymentOutcome>('POST', `${paymentPath(pid)}/cancel`, { signal });

/** The demo checkout's Pay or Save card (only while the site has no Stripe keys). */
export const payDemo = (pid: string) => call<PaymentOutcome>('POST', `${paymentPath(pid)}/demo-pay`);

/** A booking awaiting its payment (a staff payment link): opens a checkout for it. */
export const payManagedBooking = (token: string) =>
  call<{ checkoutUrl: string; pid: string }>('POST', `/api/bookings/manage/${encodeURIComponent(token)}/pay`);
