import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

/**
 * An answer made once and sent many times (issue 34): its body, its ETag, and its brotli and gzip bodies,
 * each compressed the first time a browser asks for it (brotli again, harder, once it is sent often). A
 * revalidation whose `If-None-Match` matches is a 304 with no body; every other request costs what sending a
 * buffer costs.
 */
export interface PreparedAnswer {
  readonly contentType: string;
  readonly body: Buffer;
  readonly etag: string;
  /** The body in `encoding`, compressed on first use and kept. */
  encoded(encoding: Encoding): Buffer;
  /** What the answer holds in memory now, compressed bodies included. */
  readonly bytes: number;
  /** False for a body compressed already (a picture, a font): it is sent as it is, whatever the browser accepts. */
  readonly compressible: boolean;
}

export interface PrepareOptions {
  /** Bodies compressed already (the build's `.br` and `.gz` copies of a file), kept instead of compressing again. */
  encoded?: Partial<Record<Encoding, Buffer>>;
  /** False for a body compressed already (a picture, a font); true unless said. */
  compressible?: boolean;
}

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go as they are: compressing them saves less than a packet (as @fastify/compress). */
const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli at 5 the first time: a page is compressed again each time what it shows changes, and 5 takes a fiftieth
 * of the time 11 takes (1–12 ms against 30–90 ms for a public page).
 */
const FIRST_BROTLI_QUALITY = 5;
/**
 * An answer sent this many times in brotli is likely to be sent many more before what it shows changes. It is
 * then compressed again at brotli's best, on libuv's thread pool: 8–10 % smaller on every public page (15.1 KB
 * to 13.7 KB for the menu), without holding up the main thread. Counted in sends, so an answer replaced a moment
 * later is not worth the work: a page asked 50 times a second is compressed again once it has lasted ten
 * seconds. At 32 sends, `/christmas` during the bench's rush was compressed again every time its seats changed,
 * and the server ended the rush 22 MB larger (the thread pool's memory).
 */
const BEST_BROTLI_AFTER_SENDS = 512;
const BEST_BROTLI_QUALITY = 11;

/** The smallest brotli window (10–24 bits) that holds `bytes`. */
function windowBitsFor(bytes: number): number {
  return Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );
}

function brotliOptions(buffer: Buffer, quality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      // A window the size of the body, not brotli's 4 MB: the encoder's buffers are sized by it.
      [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(buffer.length),
    },
  };
}

export function prepareAnswer(
  body: Buffer | string,
  contentType: string,
  { encoded: given = {}, compressible = true }: PrepareOptions = {},
): PreparedAnswer {
  const buffer = typeof body === 'string' ? Buffer.from(body) : body;
  const etag = `W/"${createHash('sha1').update(buffer).digest('base64url')}"`;
  const encodings = new Map<Encoding, Buffer>();
  let bytes = buffer.length;
  for (const encoding of ['br', 'gzip'] as const) {
    const encoded = given[encoding];
    if (encoded) {
      encodings.set(encoding, encoded);
      bytes += encoded.length;
    }
  }
  // A body the build compressed is kept as it came: only ours are compressed again.
  let brotliSendsBeforeBest = given.br ? Number.POSITIVE_INFINITY : BEST_BROTLI_AFTER_SENDS;
  function compressAtBest() {
    brotliCompress(buffer, brotliOptions(buffer, BEST_BROTLI_QUALITY), (error, best) => {
      const first = encodings.get('br');
      // Brotli does not fail on a buffer in memory; if it ever did, the first body simply stays.
      if (error || !first || best.length >= first.length) return;
      encodings.set('br', best);
      bytes += best.length - first.length;
    });
  }
  return {
    contentType,
    compressible,
    body: buffer,
    etag,
    get bytes() {
      return bytes;
    },
    encoded(encoding) {
      let encoded = encodings.get(encoding);
      if (!encoded) {
        encoded =
          encoding === 'br'
            ? brotliCompressSync(buffer, brotliOptions(buffer, FIRST_BROTLI_QUALITY))
            : gzipSync(buffer, { level: 6 });
        encodings.set(encoding, encoded);
        bytes += encoded.length;
      }
      if (encoding === 'br' && --brotliSendsBeforeBest === 0) compressAtBest();
      return encoded;
    },
  };
}

/** Browsers send one of a few `accept-encoding` values: each is read once, until this many are known. */
const ENCODING_HEADERS_KEPT = 64;
const encodingOfHeader = new Map<string, Encoding | null>();

/** The encoding `accept-encoding` prefers of those we keep: brotli, then gzip; null for the body as it is. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const known = encodingOfHeader.get(header);
  if (known !== undefined) return known;
  const encoding = preferredEncoding(header);
  if (encodingOfHeader.size >= ENCODING_HEADERS_KEPT) encodingOfHeader.clear();
  encodingOfHeader.set(header, encoding);
  return encoding;
}

function preferredEncoding(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}

/** Whether `If-None-Match` names this ETag (strong or weak, one of a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}

/**
 * Sends `answer` to `request`: a 304 for a matching revalidation, else the body in the encoding the browser
 * prefers (`Vary: Accept-Encoding`). The ETag and Content-Encoding set here leave @fastify/etag and
 * @fastify/compress nothing to do.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  if (answer.compressible) {
    const vary = reply.getHeader('vary');
    const varies =
      typeof vary === 'string' && vary.length > 0 ? vary.split(',').map((name) => name.trim()) : [];
    if (!varies.some((name) => name.toLowerCase() === 'accept-encoding')) varies.push('accept-encoding');
    reply.header('vary', varies.join(', '));
  }
  reply.header('etag', answer.etag).type(answer.contentType);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding =
    !answer.compressible || answer.body.length < COMPRESSION_THRESHOLD
      ? null
      : acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Distinct answers kept per route: every bookable date's few party sizes; past it the oldest is dropped. */
const JSON_ANSWERS_KEPT = 256;

/**
 * A public read's answers prepared once each (issue 34): an answer identical to one already sent (the same
 * object from a read kept in memory, or equal JSON) is sent from memory, compressed bodies and all; a new one
 * is checked against the route's response schema (what the serializer would have done) and kept. Only for
 * answers that are the same for every guest, and values nobody mutates.
 */
export function preparedJsonAnswers<T>(schema: ZodType<T>): (value: T) => PreparedAnswer {
  const byValue = new WeakMap<object, PreparedAnswer>();
  const byText = new Map<string, PreparedAnswer>();
  return (value) => {
    const shared = typeof value === 'object' && value !== null ? value : undefined;
    const known = shared && byValue.get(shared);
    if (known) return known;
    const text = JSON.stringify(value);
    let answer = byText.get(text);
    if (!answer) {
      answer = prepareAnswer(JSON.stringify(schema.parse(value)), JSON_TYPE);
      if (byText.size >= JSON_ANSWERS_KEPT) byText.delete(byText.keys().next().value as string);
      byText.set(text, answer);
    }
    if (shared) byValue.set(shared, answer);
    return answer;
  };
}
