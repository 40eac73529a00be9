import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, parseMail } from './mime.ts';

export interface ReceivedMail extends ParsedMail {
  recipients: string[];
}

/**
 * A local SMTP server that keeps every message it is sent, for counting and reading e-mails in tests. On
 * `port` when given (a server coming back where the app expects it), on a free one otherwise. With
 * `replyDelayMs`, it keeps each message as it arrives but answers its end that much later, as a
 * spam-scanning server does.
 */
export async function startSmtpSink(port = 0, { replyDelayMs = 0 } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        if (replyDelayMs > 0) setTimeout(callback, replyDelayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    to(address: string): ReceivedMail[] {
      return received.filter((mail) => mail.recipients.includes(address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
