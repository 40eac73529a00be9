import type { FastifyInstance } from 'fastify';
import { createDemoPayments } from './demo-payments.ts';
import type { Payments } from './payments.ts';
import { createStripePayments } from './stripe-payments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** null in production without Stripe keys: Christmas checkouts and table deposits then refuse to start. */
    payments: Payments | null;
  }
}

/** Stripe when configured; the demo checkout outside production; nothing in production without keys. */
export async function registerPayments(app: FastifyInstance): Promise<void> {
  const { config } = app;
  let payments: Payments | null = null;
  // The Stripe SDK (200 modules) loads only when its keys are set.
  if (config.stripe) payments = createStripePayments((await import('stripe')).default, config.stripe);
  else if (!config.isProduction) payments = createDemoPayments(config.publicUrl, () => app.clock());
  else {
    app.log.error(
      'Online payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take deposits.',
    );
  }
  app.decorate<Payments | null>('payments', payments);
}
