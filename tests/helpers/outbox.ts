import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, parseMail } from './mime.ts';
import type { TestApp } from './test-app.ts';

/** Far more passes than any suite needs: a sender that keeps finding work is a bug, not a slow test. */
const MAX_PASSES = 50;

/**
 * Runs the app's mail sender until nothing is due at the app's time: every queued message delivered, or
 * waiting for a retry after a failure.
 */
export async function deliverQueuedMail(app: FastifyInstance): Promise<void> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    if ((await app.mail.sendDue()) === 0) return;
  }
  throw new Error(`The mail sender still found due messages after ${MAX_PASSES} passes`);
}

/** Delivers what is due without SMTP, then reads back every .eml file in DATA_DIR/outbox. */
export async function mailInOutboxFolder(t: TestApp): Promise<ParsedMail[]> {
  await deliverQueuedMail(t.app);
  const folder = join(t.dataDir, 'outbox');
  const files = await readdir(folder).catch(() => []);
  return Promise.all(files.map(async (file) => parseMail(await readFile(join(folder, file), 'utf8'))));
}

/** A loopback port that nothing listens on: an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
