import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '#db/client.ts';
import type { MailSender } from '../mail/sender.ts';
import type { Payments } from './payments.ts';

/** What a service that takes payments and writes to guests needs of the app (Christmas checkouts, deposits). */
export interface PaymentServiceDeps {
  db: Database;
  payments: Payments | null;
  mail: MailSender;
  log: FastifyBaseLogger;
  now: Date;
  publicUrl: string;
  pubNotifyEmail: string | undefined;
}

/** The app's parts for such a service, with the clock read once: routes and runners build it per call. */
export function paymentServiceDeps(app: FastifyInstance): PaymentServiceDeps {
  return {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    log: app.log,
    now: app.clock(),
    publicUrl: app.config.publicUrl,
    pubNotifyEmail: app.config.pubNotifyEmail,
  };
}
