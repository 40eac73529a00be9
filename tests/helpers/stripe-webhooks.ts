import Stripe from 'stripe';
import type { FakeStripe } from '../fakes/stripe-api.ts';
import { FAKE_STRIPE_KEY } from '../fakes/stripe-api.ts';
import type { TestApp } from './test-app.ts';

export const WEBHOOK_SECRET = 'whsec_test_rose_and_crown';

/** The environment of an app that takes payments through the fake Stripe. */
export function fakeStripeEnv(stripe: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  };
}

/** The Stripe-Signature header Stripe would send with `body`, at the app's (frozen) time. */
export function stripeSignature(t: TestApp, body: string, secret = WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    timestamp: Math.floor(t.app.clock().getTime() / 1000),
  });
}

/** Delivers a webhook event to POST /api/stripe/webhook, signed as Stripe signs unless told otherwise. */
export function deliverStripeEvent(t: TestApp, body: string, signature = stripeSignature(t, body)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}
