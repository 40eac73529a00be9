import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { AppConfig } from '../env.ts';

export interface Mailer {
  /**
   * Sends without holding up the caller: a failure is logged with `context`, never thrown, so an e-mail
   * problem cannot undo or delay what has already been done.
   */
  sendInBackground(messages: SendMailOptions[], context: Record<string, unknown>): void;
  /** Resolves once every background message has been sent or has failed. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

const SMTP_TIMEOUT_MS = 10_000;

function outboxFileName(): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

interface Delivery {
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

function smtpDelivery(url: string, defaults: SendMailOptions): Delivery {
  const transport = nodemailer.createTransport(
    {
      url,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    defaults,
  );
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(outbox: string, defaults: SendMailOptions, log: FastifyBaseLogger): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true }, defaults);
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(outbox, { recursive: true });
      const path = join(outbox, outboxFileName());
      await writeFile(path, info.message as Buffer);
      log.info({ path, subject: message.subject }, 'e-mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox/ (development). */
function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer & { close(): void } {
  const defaults = { from: config.mailFrom };
  const delivery = config.smtpUrl
    ? smtpDelivery(config.smtpUrl, defaults)
    : outboxDelivery(join(config.dataDir, 'outbox'), defaults, log);
  const pending = new Set<Promise<void>>();

  return {
    sendInBackground(messages, context) {
      for (const message of messages) {
        const task: Promise<void> = delivery
          .send(message)
          .catch((error: unknown) => {
            log.error({ err: error, subject: message.subject, ...context }, 'e-mail could not be sent');
          })
          .finally(() => pending.delete(task));
        pending.add(task);
      }
    },
    async idle() {
      await Promise.all(pending);
    },
    close: () => delivery.close(),
  };
}

export async function registerMail(app: FastifyInstance): Promise<void> {
  const mailer = createMailer(app.config, app.log);
  app.decorate('mail', mailer);
  app.addHook('onClose', async () => {
    await mailer.idle();
    mailer.close();
  });
}
