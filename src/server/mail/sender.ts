import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { Database } from '#db/client.ts';
import { createDelivery, type Delivery } from './delivery.ts';
import { claimDueMail, markSent, type OutboxRow, recordFailedAttempt } from './outbox.ts';
import { loggingSmsProvider, type SmsProvider, smsOf } from './sms.ts';

export interface MailSender {
  /** Looks for due messages now rather than at the next poll: called after a commit that queued mail. */
  nudge(): void;
  /**
   * Delivers every message due now, after any pass already under way; resolves with how many it took
   * (delivered or failed). Never rejects: failures are logged and retried.
   */
  sendDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

/** Messages taken and delivered together; the next batch follows at once while there are more. */
const BATCH_SIZE = 10;
/** The safety net behind nudges: messages queued by another process, and retries that fall due. */
const POLL_INTERVAL_MS = 5_000;
/** How long a claimed message is this process's alone; another takes it over after that, should this one die. */
const LEASE_MS = 5 * 60_000;
/**
 * How long one delivery may take in all, the SMTP server's reply to the end of the message included (RFC 5321
 * allows it minutes, and spam-scanning servers take long). A fifth of the lease is left to record the outcome,
 * so a live sender never loses its lease while it waits, and no other process sends the message again.
 */
const DELIVERY_TIMEOUT_MS = (LEASE_MS * 4) / 5;

interface SenderDeps {
  db: Database;
  clock: () => Date;
  delivery: Delivery;
  /** Where the outbox's text messages go (SMS rows); e-mail goes to `delivery`. */
  sms: SmsProvider;
  log: FastifyBaseLogger;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The outbox's sender: claims due messages, delivers them, marks each SENT or schedules its retry. Passes
 * run one at a time in this process; other processes run their own, and the claim keeps them apart.
 */
export function createMailSender({ db, clock, delivery, sms, log }: SenderDeps) {
  let running: Promise<number> = Promise.resolve(0);
  /** A pass asked for but not begun: it will see everything due by the time it begins, so askers share it. */
  let queued: Promise<number> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(row: OutboxRow): Promise<void> {
    const about = { outboxId: row.id, kind: row.kind, reference: row.reference, attempt: row.attempts };
    try {
      const text = smsOf(row.message);
      const message = row.message as SendMailOptions;
      await (text
        ? sms.send({ id: row.id, ...text })
        : delivery.send({ id: row.id, createdAt: row.createdAt, message }));
    } catch (error) {
      try {
        const { status, nextAttemptAt } = await recordFailedAttempt(db, row, errorText(error), clock());
        if (status === 'FAILED') {
          log.error({ err: error, ...about }, 'e-mail given up after its last attempt: staff can resend it');
        } else {
          log.warn({ err: error, ...about, nextAttemptAt }, 'e-mail not sent; it will be tried again');
        }
      } catch (recordError) {
        log.error({ err: recordError, ...about }, 'e-mail failure not recorded; tried again after its lease');
      }
      return;
    }
    try {
      await markSent(db, row.id, clock());
    } catch (error) {
      log.error({ err: error, ...about }, 'e-mail sent but not marked; it goes again, same Message-ID');
    }
  }

  async function pass(): Promise<number> {
    let taken = 0;
    for (;;) {
      const now = clock();
      const batch = await claimDueMail(db, {
        now,
        leaseEnd: new Date(now.getTime() + LEASE_MS),
        limit: BATCH_SIZE,
      });
      taken += batch.length;
      await Promise.all(batch.map(deliver));
      if (batch.length < BATCH_SIZE || stopped) return taken;
    }
  }

  function sendDue(): Promise<number> {
    if (queued) return queued;
    const next = running
      .then(() => {
        queued = null;
        return pass();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'e-mail outbox not read; tried again at the next poll');
        return 0;
      });
    queued = next;
    running = next;
    return next;
  }

  function nudge(): void {
    if (!stopped) void sendDue();
  }

  return {
    nudge,
    sendDue,
    start() {
      timer = setInterval(nudge, POLL_INTERVAL_MS);
      timer.unref();
      nudge();
    },
    /** Stops polling and waits for the pass under way, so nothing is left half-done. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The app's sender: started once the app is ready, stopped (after its last pass) when it closes. */
export async function registerMailSender(app: FastifyInstance): Promise<void> {
  const delivery = createDelivery(app.config, app.log, DELIVERY_TIMEOUT_MS);
  const sms = loggingSmsProvider(app.log);
  const sender = createMailSender({ db: app.db, clock: () => app.clock(), delivery, sms, log: app.log });
  app.decorate('mail', { nudge: sender.nudge, sendDue: sender.sendDue });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => {
    await sender.stop();
    delivery.close();
  });
}
