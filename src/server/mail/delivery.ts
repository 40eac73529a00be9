import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
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

/** Any one wait (connecting, the greeting, each reply: the one to the end of the message above all) gets it all. */
function smtpTransport(url: string, timeoutMs: number) {
  return transportOnFirstUse({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

/** Where trial mode writes its .eml files. */
const outboxFolder = (dataDir: string) => join(dataDir, 'outbox');
/** An .eml file's name ends with the id of the outbox row it was written for. */
const OUTBOX_FILE = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/;

/**
 * Deletes the .eml files written for the outbox messages `which` picks from those the folder holds (issue 26):
 * an erased guest's e-mails go from the folder as their rows go from the database. Answers how many went.
 */
export async function deleteOutboxFiles(
  dataDir: string,
  which: (ids: string[]) => Promise<ReadonlySet<string>> | ReadonlySet<string>,
): Promise<number> {
  const folder = outboxFolder(dataDir);
  const files = (await readdir(folder).catch(() => [])).flatMap((name) => {
    const id = OUTBOX_FILE.exec(name)?.[1];
    return id ? [{ name, id }] : [];
  });
  if (files.length === 0) return 0;
  const doomed = await which([...new Set(files.map((file) => file.id))]);
  const deleted = files.filter((file) => doomed.has(file.id));
  await Promise.all(deleted.map((file) => rm(join(folder, file.name), { force: true })));
  return deleted.length;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox/ (development),
 * named after its outbox row, so a message delivered twice is one file. Handing one message to the SMTP
 * server takes at most `timeoutMs` in all: the server is given that long to answer the end of the message.
 */
export function createDelivery(config: AppConfig, log: FastifyBaseLogger, timeoutMs: number): Delivery {
  const messageHost = new URL(config.publicUrl).hostname;
  // MAIL_FROM, when set, is the sender of everything; otherwise each message names the pub as it stood then.
  const withMessageId = ({ id, message }: OutgoingMail) => ({
    ...message,
    ...(config.mailFrom ? { from: config.mailFrom } : {}),
    messageId: `<${id}@${messageHost}>`,
  });

  if (config.smtpUrl) {
    const transport = smtpTransport(config.smtpUrl, timeoutMs);
    return {
      async send(mail) {
        // Waits that each keep within the limit could add up past it: the signal ends the whole at the limit.
        await transport.sendMail({ ...withMessageId(mail), signal: AbortSignal.timeout(timeoutMs) });
      },
      close: () => transport.close(),
    };
  }

  const folder = outboxFolder(config.dataDir);
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
