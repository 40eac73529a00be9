import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Encoding, type PreparedAnswer, prepareAnswer, sendPrepared } from './prepared-answer.ts';

/**
 * The largest file kept in memory: the biggest the build writes is a 240 KB script, twice that leaves room
 * to grow. A file past it is rare enough to stream from disk each time it is asked.
 */
const FILE_BYTES = 512 * 1024;

/**
 * All the files a process keeps, their compressed copies included: about four times what the build writes
 * today (3.6 MB of scripts, stylesheets, fonts and their copies; under 0.5 MB of pictures). Files are read on
 * their first request, so an idle server holds none of it (its idle memory target is 150 MB); past the bound
 * the rest are streamed from disk.
 */
const TOTAL_BYTES = 16 * 1024 * 1024;

/** What a file's extension says of its body: its Content-Type, and whether compressing it saves anything. */
const FILE_TYPES: Record<string, { contentType: string; compressible: boolean }> = {
  '.js': { contentType: 'application/javascript; charset=utf-8', compressible: true },
  '.mjs': { contentType: 'application/javascript; charset=utf-8', compressible: true },
  '.css': { contentType: 'text/css; charset=utf-8', compressible: true },
  '.svg': { contentType: 'image/svg+xml', compressible: true },
  '.json': { contentType: 'application/json; charset=utf-8', compressible: true },
  '.map': { contentType: 'application/json; charset=utf-8', compressible: true },
  '.txt': { contentType: 'text/plain; charset=utf-8', compressible: true },
  '.xml': { contentType: 'application/xml; charset=utf-8', compressible: true },
  '.html': { contentType: 'text/html; charset=utf-8', compressible: true },
  '.woff2': { contentType: 'font/woff2', compressible: false },
  '.woff': { contentType: 'font/woff', compressible: false },
  '.avif': { contentType: 'image/avif', compressible: false },
  '.webp': { contentType: 'image/webp', compressible: false },
  '.jpg': { contentType: 'image/jpeg', compressible: false },
  '.jpeg': { contentType: 'image/jpeg', compressible: false },
  '.png': { contentType: 'image/png', compressible: false },
  '.gif': { contentType: 'image/gif', compressible: false },
  '.ico': { contentType: 'image/x-icon', compressible: false },
};
const UNKNOWN_TYPE = { contentType: 'application/octet-stream', compressible: false };

/** The build's copies beside a file (scripts/lib/precompress.ts). */
const COPY_EXTENSIONS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The memory every folder served from it shares, held to a per-file and a total bound. */
export interface FileMemory {
  readonly fileBytes: number;
  /** What the kept files hold: their bodies and compressed copies. */
  heldBytes(): number;
  /** Takes `bytes` from what is left; false, taking nothing, when they do not fit. */
  hold(bytes: number): boolean;
}

export function createFileMemory({ fileBytes = FILE_BYTES, totalBytes = TOTAL_BYTES } = {}): FileMemory {
  let held = 0;
  return {
    fileBytes,
    heldBytes: () => held,
    hold(bytes) {
      if (held + bytes > totalBytes) return false;
      held += bytes;
      return true;
    },
  };
}

export interface FileFolderOptions {
  root: string;
  maxAgeSeconds: number;
  /** For files whose name changes with their content (the build's hashed assets). */
  immutable?: boolean;
  memory: FileMemory;
}

/** A file as it is served: from memory, or streamed from disk (too big, or past the memory's bound). */
type ServedFile = { answer: PreparedAnswer } | 'from disk';

/** Sends the file `name` (a path within the folder, already decoded) of one folder, or the not-found answer. */
export type FileSender = (request: FastifyRequest, reply: FastifyReply, name: string) => Promise<unknown>;

/**
 * The files in `root` from memory (issue 34): each is read on its first request, with the build's brotli and
 * gzip copies beside it, and kept as a prepared answer. Files the memory cannot hold are streamed with
 * `reply.sendFile`, so @fastify/static must be registered (`serve: false` is enough).
 */
export function fileFolder(options: FileFolderOptions): FileSender {
  const { memory, maxAgeSeconds, immutable = false } = options;
  const root = resolve(options.root);
  const cacheControl = `public, max-age=${maxAgeSeconds}${immutable ? ', immutable' : ''}`;
  const files = new Map<string, Promise<ServedFile | undefined>>();

  async function load(path: string): Promise<ServedFile | undefined> {
    const found = await stat(path).catch(notFoundAsUndefined);
    if (!found?.isFile()) return undefined;
    if (found.size > memory.fileBytes) return 'from disk';
    const type = FILE_TYPES[extname(path).toLowerCase()] ?? UNKNOWN_TYPE;
    const [body, br, gzip] = await Promise.all([
      readFile(path),
      type.compressible ? readFile(`${path}${COPY_EXTENSIONS.br}`).catch(notFoundAsUndefined) : undefined,
      type.compressible ? readFile(`${path}${COPY_EXTENSIONS.gzip}`).catch(notFoundAsUndefined) : undefined,
    ]);
    const answer = prepareAnswer(body, type.contentType, {
      encoded: { ...(br && { br }), ...(gzip && { gzip }) },
      compressible: type.compressible,
    });
    if (type.compressible) {
      // A file the build did not compress (a drawing in content/images) is compressed now, once, so what it
      // holds is known before it is kept.
      answer.encoded('br');
      answer.encoded('gzip');
    }
    return memory.hold(answer.bytes) ? { answer } : 'from disk';
  }

  return async (request, reply, name) => {
    const path = pathWithin(root, name);
    if (path === undefined) return reply.callNotFound();
    let served = files.get(name);
    if (!served) {
      served = load(path);
      files.set(name, served);
      // Only files there are are remembered (names asked for in vain would grow the map without end), and
      // a read that failed is tried again.
      served.then(
        (file) => file === undefined && files.delete(name),
        () => files.delete(name),
      );
    }
    const file = await served;
    if (file === undefined) return reply.callNotFound();
    if (file === 'from disk') return reply.sendFile(name, root, { maxAge: maxAgeSeconds * 1000, immutable });
    reply.header('cache-control', cacheControl);
    return sendPrepared(request, reply, file.answer);
  };
}

/** The folder `files` sends, served at `prefix` (with its slashes: `/assets/`). */
export function staticFiles(prefix: string, files: FileSender): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { '*': string } }>(`${prefix}*`, (request, reply) =>
      files(request, reply, request.params['*']),
    );
  };
}

/**
 * The file `name` (the address's already decoded rest) names inside `root`, or undefined for a name that
 * could reach outside it (`..`, an absolute path, a backslash, a NUL), a hidden file or an empty segment.
 */
function pathWithin(root: string, name: string): string | undefined {
  if (name === '' || name.includes('\\') || name.includes('\0')) return undefined;
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  const path = join(root, ...segments);
  return path.startsWith(root + sep) ? path : undefined;
}

function notFoundAsUndefined(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
  throw error;
}
