import type { FastifyBaseLogger } from 'fastify';

/**
 * Text messages (issue 31: "your table is ready"). They go through the durable outbox like e-mail: a row whose
 * message is `{ sms: { to, body } }` (`SmsOutboxMessage`), which the sender hands to the SMS provider instead of
 * SMTP, retried the same way. A real provider (an HTTP API) is plugged in as docs/operations.md describes.
 */

/** A text message taken from the outbox: `id` is the outbox row's, for a provider's idempotency key. */
export interface SmsMessage {
  id: string;
  to: string;
  body: string;
}

export interface SmsProvider {
  /** Hands the message to the provider; throws if that fails (the outbox tries again later). */
  send(message: SmsMessage): Promise<void>;
}

/** An outbox row's message when it is a text message. */
export interface SmsOutboxMessage {
  sms: { to: string; body: string };
}

/** The text message an outbox row holds, or null when it holds an e-mail. */
export function smsOf(message: unknown): SmsOutboxMessage['sms'] | null {
  if (typeof message !== 'object' || message === null || !('sms' in message)) return null;
  const { sms } = message as { sms: unknown };
  if (typeof sms !== 'object' || sms === null) return null;
  const { to, body } = sms as Record<string, unknown>;
  return typeof to === 'string' && typeof body === 'string' ? { to, body } : null;
}

/**
 * The provider used until a real one is set up: each message is written to the log (info) with its addressee,
 * body and id, for staff to read or pass on; nothing is kept in memory.
 */
export function loggingSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send({ id, to, body }) {
      log.info({ sms: { id, to, body } }, 'text message logged: no SMS provider is set up');
    },
  };
}
