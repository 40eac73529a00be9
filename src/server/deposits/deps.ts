import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '#db/client.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { MailSender } from '../mail/sender.ts';
import type { Payments } from '../payments/payments.ts';

/** What the deposit services need of the app; routes and the runner build it per call, with the app's clock. */
export interface DepositDeps {
  db: Database;
  payments: Payments | null;
  mail: MailSender;
  log: FastifyBaseLogger;
  now: Date;
  publicUrl: string;
  pubNotifyEmail: string | undefined;
  content: SiteContent;
}

export async function depositDeps(app: FastifyInstance): Promise<DepositDeps> {
  return {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    log: app.log,
    now: app.clock(),
    publicUrl: app.config.publicUrl,
    pubNotifyEmail: app.config.pubNotifyEmail,
    content: await app.content.current(),
  };
}
