import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, TransportConfig } from 'nodemailer';
import type { AppConfig } from '../env.ts';

/** A message taken from the outbox to be delivered. */
export interface OutgoingMail {
  /** The outbox row's: the Message-ID and the .eml file's name derive from it, so a redelivery is recognisable. */
  id: string;
  createdAt: Date;
  message: SendMailOptions;
}

export interface Delivery {
  /** Hands the message over (to the SMTP server, or to a file); throws if that fails. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 10_000;

async function openTransport(config: TransportConfig) {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(config);
}

/** The transport, made for the first message: nodemailer loads then, not at every start. */
function transportOnFirstUse(config: TransportConfig) {
  let transport: ReturnType<typeof openTransport> | undefined;
  return {
    async sendMail(message: SendMailOptions) {
      transport ??= openTransport(config);
      return (await transport).sendMail(message);
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}

function smtpTransport(url: string) {
  return transportOnFirstUse({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox/ (development),
 * named after its outbox row, so a message delivered twice is one file.
 */
export function createDelivery(config: AppConfig, log: FastifyBaseLogger): Delivery {
  const messageHost = new URL(config.publicUrl).hostname;
  // MAIL_FROM, when set, is the sender of everything; otherwise each message names the pub as it stood then.
  const withMessageId = ({ id, message }: OutgoingMail) => ({
    ...message,
    ...(config.mailFrom ? { from: config.mailFrom } : {}),
    messageId: `<${id}@${messageHost}>`,
  });

  if (config.smtpUrl) {
    const transport = smtpTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(withMessageId(mail));
      },
      close: () => transport.close(),
    };
  }

  const folder = join(config.dataDir, 'outbox');
  const transport = transportOnFirstUse({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail(withMessageId(mail));
      await mkdir(folder, { recursive: true });
      const path = join(folder, `${mail.createdAt.toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await writeFile(path, info.message as Buffer);
      log.info({ path, subject: mail.message.subject }, 'e-mail written to the outbox folder');
    },
    close: () => transport.close(),
  };
}
