import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from '#db/client.ts';
import { captureLogs, LOG_LEVEL, type LogLine } from '#tests/helpers/log-lines.ts';
import { testConfig } from '#tests/helpers/test-app.ts';
import { buildApp } from './app.ts';

/** Headers, then a chunk whose size is not hexadecimal, all in one write as a client would send it. */
const MALFORMED_CHUNKED_BOOKING = [
  'POST /api/bookings HTTP/1.1',
  'Host: pub.test',
  'Content-Type: application/json',
  'Transfer-Encoding: chunked',
  '',
  'zz',
  '{}',
  '0',
  '',
  '',
].join('\r\n');

/** What comes back on a raw connection, until the server closes it. */
function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((answer, fail) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => answer(received));
    socket.on('error', fail);
  });
}

function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { statusLine, headers, body };
}

// Bad framing reaches no route: Node hands the socket to the client-error handler, while the request whose
// headers were already read is on its way to the rate limiter. Both must end as the client's fault.
describe('a malformed chunked body', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let port: number;
  let logs: LogLine[];
  const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-framing-'));

  beforeAll(async () => {
    database = await openPglite();
    await database.migrate();
    const capture = captureLogs();
    logs = capture.lines;
    app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      database,
      webRoot: resolve(import.meta.dirname, '../../..'),
      logStream: capture.stream,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is answered 400 in JSON, with the security headers every answer carries', async () => {
    const { statusLine, headers, body } = parseResponse(await sendRaw(port, MALFORMED_CHUNKED_BOOKING));
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual({ error: 'Bad Request' });
    const usual = await app.inject({ url: '/api/ping' });
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ]) {
      expect(headers[name], name).toBe(usual.headers[name]);
    }
  });

  it('is logged as a client error, never as a failure of ours', async () => {
    // At info, pino reads the client's address for the "incoming request" line, and Node keeps it once read;
    // at warn nothing reads it before the limiter does, which is how production with LOG_LEVEL=warn ran.
    for (const level of ['warn', 'info'] as const) {
      app.log.level = level;
      logs.length = 0;
      await sendRaw(port, MALFORMED_CHUNKED_BOOKING);
      await new Promise((settle) => setTimeout(settle, 100));
      expect(
        logs.filter((line) => line.level >= LOG_LEVEL.error),
        level,
      ).toEqual([]);
    }
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: LOG_LEVEL.info,
        msg: 'malformed request from a client',
        code: 'HPE_INVALID_CHUNK_SIZE',
        status: 400,
      }),
    );
  });
});
