import type { GuestPayment } from '#shared/deposits/payment-schemas.ts';
import { type CancelEffect, cancellationOutcomeText } from '#shared/deposits/terms.ts';

/** What the page tells the guest a cancellation does to their money (the server's word), sent back with it. */
export function cancelExpectation(payment: GuestPayment | null | undefined): CancelEffect {
  return payment?.cancelEffect ?? 'none';
}

/** The cancellation's outcome in words, for the dialog before the guest confirms; null when nothing is at stake. */
export function cancellationOutcome(payment: GuestPayment | null | undefined): string | null {
  return payment ? cancellationOutcomeText(payment.terms, payment.paidPence, payment.cancelEffect) : null;
}
