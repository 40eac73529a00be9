/**
 * What the pub's flows know of online payments, whichever provider takes them: Stripe (stripe-payments.ts) or
 * the offline demo (demo-payments.ts), as register-payments.ts chooses.
 */

/** What a Checkout Session takes money (or a card) for: the webhook hands each event to its own domain. */
export const PAYMENT_PURPOSES = ['christmas', 'deposit', 'occasion', 'voucher'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export interface CheckoutSessionRequest {
  /** The reservation's pid: Stripe's client_reference_id and metadata.pid. */
  pid: string;
  /** Sent as metadata.purpose (on the session and its intent); a session without one is Christmas's. */
  purpose: PaymentPurpose;
  /** `payment` takes the amount now; `setup` saves the card for later (a guarantee), taking nothing. */
  mode: 'payment' | 'setup';
  unitAmountPence: number;
  quantity: number;
  productName: string;
  productDescription: string;
  customerEmail: string;
  /** The Customer a saved card is attached to (setup mode): a later off-session charge needs one. */
  customerId?: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

/** The part of a Checkout Session the pub's flow reads. */
export interface CheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  mode: 'payment' | 'setup';
  purpose: PaymentPurpose;
  pid: string | null;
  paymentIntentId: string | null;
  /** Setup mode: the SetupIntent that saved the card. */
  setupIntentId: string | null;
  customerId: string | null;
  amountTotal: number | null;
}

/** A saved card, as a completed SetupIntent leaves it. */
export interface SavedCard {
  setupIntentId: string;
  status: 'succeeded' | 'other';
  paymentMethodId: string | null;
  customerId: string | null;
}

/** A card saved for a purpose, as its event tells of it. */
export type SavedCardEvent = SavedCard & { pid: string | null; purpose: PaymentPurpose };

/** A charge refunded, in full or in part, from Stripe's dashboard or by us. */
export interface ChargeRefund {
  paymentIntentId: string | null;
  amountRefunded: number;
  refunded: boolean;
}

export interface OffSessionChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountPence: number;
  description: string;
  /** The booking payment's pid, as metadata.pid with metadata.purpose 'deposit'. */
  pid: string;
}

/** A charge made while the guest is not there: taken, or refused by the bank with its reason. */
export type OffSessionCharge =
  | { kind: 'succeeded'; paymentIntentId: string }
  | { kind: 'declined'; paymentIntentId: string | null; message: string };

/** A PaymentIntent as its events carry it. */
export interface IntentSummary {
  id: string;
  pid: string | null;
  purpose: PaymentPurpose;
  amount: number;
  failureMessage: string | null;
}

const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

const INTENT_EVENT_TYPES = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;
export type IntentEventType = (typeof INTENT_EVENT_TYPES)[number];

export type PaymentEvent =
  | { id: string; type: CheckoutEventType; session: CheckoutSession }
  | { id: string; type: IntentEventType; intent: IntentSummary }
  | { id: string; type: 'setup_intent.succeeded'; card: SavedCardEvent }
  | { id: string; type: 'charge.refunded'; refund: ChargeRefund }
  /** Any other event the endpoint was sent: acknowledged, not acted on. */
  | { id: string; type: 'other'; stripeType: string };

export interface PaymentsProvider {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Ends an open session so it can no longer be paid; a complete or expired one is returned as it is. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Refunds a payment in full; the same key never refunds twice. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<{ id: string }>;
  /** A Customer for a card to be saved to; the same pid never makes two. */
  createCustomer(details: { pid: string; email: string; name: string }): Promise<{ id: string }>;
  /** Deletes a Customer and the cards saved to it (a guest erased); one already gone counts as deleted. */
  deleteCustomer(id: string): Promise<void>;
  retrieveSetupIntent(id: string): Promise<SavedCard>;
  /** Charges a saved card with the guest away (a no-show fee); the same key never charges twice. */
  chargeOffSession(request: OffSessionChargeRequest, idempotencyKey: string): Promise<OffSessionCharge>;
}

export interface StripePayments extends PaymentsProvider {
  kind: 'stripe';
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string, receivedAt: Date): PaymentEvent;
}

export interface DemoPayments extends PaymentsProvider {
  kind: 'demo';
  /** The demo page's Pay button: the session completes as paid, or (setup mode) with a demo card saved. */
  pay(sessionId: string): CheckoutSession;
}

export type Payments = StripePayments | DemoPayments;
