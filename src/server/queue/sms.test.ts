import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '#db/schema.ts';
import { QUEUE_MESSAGES } from '#shared/queue/messages.ts';
import { captureLogs, LOG_LEVEL } from '#tests/helpers/log-lines.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { pglite, testConfig } from '#tests/helpers/test-app.ts';
import { SYSTEM } from '../audit/trail.ts';
import { buildApp } from '../http/app.ts';
import { createMailSender } from '../mail/sender.ts';
import { addToQueue, notifyParty } from './queue.ts';

const NOW = new Date('2026-12-08T18:10:00Z');

describe('a "table ready" text message', () => {
  it('goes from the outbox to the SMS provider once, which by default logs it, and is retried when it fails', async () => {
    const database = await pglite.open();
    await database.migrate();
    const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-sms-'));
    const { stream, lines } = captureLogs();
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      database,
      clock: () => NOW,
      webRoot: resolve(import.meta.dirname, '../../..'),
      logStream: stream,
    });
    try {
      await app.ready();
      const options = { now: NOW, content: await app.content.current(), actor: SYSTEM };
      const party = await addToQueue(
        app.db,
        { name: 'Okafor', phone: '07700 900123', email: '', partyAdults: 2, partyChildren: 0, notes: '' },
        options,
      );
      await notifyParty(app.db, party.id, options);
      await deliverQueuedMail(app);
      await deliverQueuedMail(app);

      const [row] = await app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, 'queue-table-ready-sms'));
      expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
      const logged = lines.filter((line) => line.msg === 'text message logged: no SMS provider is set up');
      expect(logged).toEqual([
        expect.objectContaining({
          level: LOG_LEVEL.info,
          sms: {
            id: row?.id,
            to: '07700 900123',
            body: QUEUE_MESSAGES.readyText('Okafor', 'The Rose & Crown'),
          },
        }),
      ]);

      // A provider that fails: the text waits for its retry, then goes once, never by SMTP. The app's own sender
      // is stopped first, so that only this one sends.
      await app.close();
      await notifyParty(database.db, party.id, options);
      const tries: string[] = [];
      let now = NOW;
      const sender = createMailSender({
        db: database.db,
        clock: () => now,
        delivery: {
          send: () => Promise.reject(new Error('a text message must not go by e-mail')),
          close: () => undefined,
        },
        sms: {
          async send(message) {
            tries.push(message.to);
            if (tries.length === 1) throw new Error('provider down');
          },
        },
        log: app.log,
      });
      expect(await sender.sendDue()).toBe(1);
      expect(await sender.sendDue()).toBe(0);
      now = new Date(NOW.getTime() + 60_000);
      expect(await sender.sendDue()).toBe(1);
      expect(tries).toEqual(['07700 900123', '07700 900123']);
      const texts = await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, 'queue-table-ready-sms'));
      expect(texts.map((text) => [text.status, text.attempts])).toEqual([
        ['SENT', 1],
        ['SENT', 2],
      ]);
    } finally {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
