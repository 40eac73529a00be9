import { type FakeStripe, startFakeStripe } from '#tests/fakes/stripe-api.ts';
import { type SmtpSink, startSmtpSink } from '#tests/helpers/smtp-sink.ts';
import { fakeStripeEnv } from '#tests/helpers/stripe-webhooks.ts';
import { startTestApp, type TestApp, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';

export interface StripeTestApp {
  stripe: FakeStripe;
  smtp: SmtpSink;
  t: TestApp;
  /** Closes the app, then the sink and the fake Stripe. */
  close(): Promise<void>;
}

/** The app on `target` at `now`, taking payments at a fake Stripe and sending its mail to an SMTP sink. */
export async function startStripeTestApp(
  target: TestDatabaseTarget,
  now: Date,
  env: Record<string, string> = {},
): Promise<StripeTestApp> {
  const stripe = await startFakeStripe();
  const smtp = await startSmtpSink();
  const t = await startTestApp(target, now, {
    env: { ...fakeStripeEnv(stripe), SMTP_URL: smtp.url, ...env },
  });
  return {
    stripe,
    smtp,
    t,
    async close() {
      await t.close();
      await smtp.close();
      await stripe.close();
    },
  };
}
