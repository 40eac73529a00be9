import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerError } from './error-mapper.ts';
import type { SecurityPolicy } from './security.ts';

// Not `import … from 'node:http'`: an ES module import of it reads every export, and one of them loads
// undici (fetch, 50 ms at start) which nothing here uses.
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/**
 * Errors Fastify meets before routing (a malformed URL such as `/%`, an overlong path parameter): no hook
 * runs for them, so the security headers are set here before the error mapper answers.
 */
export function answerFrameworkError(policy: SecurityPolicy) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    answerError(error, request, reply.headers(policy.headers));
  };
}

/** Node's HTTP parser reports these with their own status; every other framing error is a 400. */
const STATUS_OF_CONNECTION_ERROR: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Bytes that are not HTTP (a bad chunk size, an oversized header): Node hands over the socket, not a
 * request. The client's fault, so it is logged as such and answered in JSON with the security headers,
 * then the connection is closed because nothing more on it can be read.
 */
export function answerClientError(policy: SecurityPolicy) {
  const securityHeaderLines = Object.entries(policy.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function answer(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = STATUS_OF_CONNECTION_ERROR[error.code ?? ''] ?? 400;
    this.log.info({ code: error.code, reason: error.message, status }, 'malformed request from a client');
    if (socket.writable) {
      const body = JSON.stringify({ error: STATUS_CODES[status] });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${securityHeaderLines}` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
