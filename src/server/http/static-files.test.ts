import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from '#db/client.ts';
import { VARIANTS_PREFIX } from '#shared/content/responsive-images.ts';
import { testConfig } from '#tests/helpers/test-app.ts';
import { writePrecompressed } from '../../../scripts/lib/precompress.ts';
import { buildApp } from './app.ts';
import { createFileMemory, fileFolder, staticFiles } from './static-files.ts';

const SCRIPT = Buffer.from(
  'export const greet = (name) => "Hello, " + name + ", and welcome";\n'.repeat(200),
);
/** Bytes no compressor shrinks, as a picture's or a font's. */
const noise = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, index) => (index * 7919 + seed * 104_729) % 251));
const FONT = noise(6000, 1);
const PHOTO = noise(9000, 2);
const SECRET = 'the secret beside the assets folder';
const contentImages = resolve(import.meta.dirname, '../../../content/images');

describe('static files served from memory in the app', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'rose-crown-static-'));
  const assets = join(webRoot, 'assets');
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    writeFileSync(
      join(webRoot, 'index.html'),
      readFileSync(resolve(import.meta.dirname, '../../../index.html')),
    );
    writeFileSync(join(webRoot, 'secret.txt'), SECRET);
    mkdirSync(assets);
    mkdirSync(join(webRoot, 'images'));
    writeFileSync(join(assets, 'entry-1a2b.js'), SCRIPT);
    writeFileSync(join(assets, 'inter-1a2b.woff2'), FONT);
    writeFileSync(join(assets, '.hidden.js'), SECRET);
    await writePrecompressed(assets, ['entry-1a2b.js']);
    writeFileSync(join(webRoot, 'images', 'share.jpg'), PHOTO);
    database = await openPglite();
    await database.migrate();
    app = await buildApp({
      config: testConfig({ DATA_DIR: join(webRoot, 'data') }),
      database,
      webRoot,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('sends a script as it is to a browser that accepts no encoding, immutable, with its ETag and security headers', async () => {
    const response = await get('/assets/entry-1a2b.js');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(SCRIPT)).toBe(true);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it("sends the build's brotli or gzip copy, as the browser prefers, each decoding to the file", async () => {
    const br = await get('/assets/entry-1a2b.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(join(assets, 'entry-1a2b.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(SCRIPT)).toBe(true);

    const gzip = await get('/assets/entry-1a2b.js', { 'accept-encoding': 'gzip, br;q=0.5' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(join(assets, 'entry-1a2b.js.gz')))).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('answers a revalidation naming the ETag with a 304 and no body', async () => {
    const { etag } = (await get('/assets/entry-1a2b.js')).headers;
    const response = await get('/assets/entry-1a2b.js', {
      'if-none-match': String(etag),
      'accept-encoding': 'br',
    });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers['cache-control']).toContain('immutable');

    const stale = await get('/assets/entry-1a2b.js', { 'if-none-match': 'W/"another"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/entry-1a2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(SCRIPT.length));
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.rawPayload.length).toBe(0);
  });

  it('sends a font and a photo as they are, whatever the browser accepts', async () => {
    const font = await get('/assets/inter-1a2b.woff2', { 'accept-encoding': 'br, gzip' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers.vary).toBeUndefined();
    expect(font.rawPayload.equals(FONT)).toBe(true);

    const photo = await get(`${VARIANTS_PREFIX}share.jpg`, { 'accept-encoding': 'br, gzip' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.headers['cache-control']).toBe('public, max-age=86400');
    expect(photo.rawPayload.equals(PHOTO)).toBe(true);
  });

  it('sends a drawing from content/images compressed, cached for a day', async () => {
    const drawing = readFileSync(join(contentImages, 'hero.svg'));
    const response = await get('/images/hero.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(brotliDecompressSync(response.rawPayload).equals(drawing)).toBe(true);
  });

  it('answers a file that is not there, a folder or a hidden file with the app’s 404', async () => {
    for (const url of ['/assets/missing-1a2b.js', '/images/gallery', '/assets/.hidden.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('never reads outside its folder, however the way out is spelt', async () => {
    const ways = [
      '/assets/../secret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/..%2fsecret.txt',
      '/assets/%2e%2e%2fsecret.txt',
      '/assets/..%5csecret.txt',
      '/assets//etc/passwd',
      '/assets/%2fetc%2fpasswd',
      '/assets/entry-1a2b.js%00.txt',
      `${VARIANTS_PREFIX}..%2f..%2fsecret.txt`,
      '/images/..%2f..%2fpackage.json',
    ];
    for (const url of ways) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain(SECRET);
      expect(response.body, url).not.toContain('"devDependencies"');
    }
  });

  it('sends the favicon from memory as the other drawings: compressed, and a 304 to its revalidation', async () => {
    const drawing = readFileSync(join(contentImages, 'favicon.svg'));
    const response = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).equals(drawing)).toBe(true);
    const etag = String(response.headers.etag);
    const again = await get('/favicon.svg', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('the memory static files are held in', () => {
  const root = mkdtempSync(join(tmpdir(), 'rose-crown-static-memory-'));
  const LARGE_SCRIPT = Buffer.from('export const line = "a line of a script too big to hold";\n'.repeat(100));
  const pictures = [noise(4000, 3), noise(4000, 4), noise(4000, 5)];
  const memory = createFileMemory({ fileBytes: 4096, totalBytes: 10_000 });
  let app: FastifyInstance;

  beforeAll(async () => {
    writeFileSync(join(root, 'large.js'), LARGE_SCRIPT);
    await writePrecompressed(root, ['large.js']);
    for (const [index, picture] of pictures.entries())
      writeFileSync(join(root, `picture-${index}.png`), picture);
    writeFileSync(join(root, 'small.js'), SCRIPT.subarray(0, 3000));
    await writePrecompressed(root, ['small.js']);
    app = Fastify();
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
    await app.register(staticFiles('/files/', fileFolder({ root, maxAgeSeconds: 60, memory })));
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('streams a file over the per-file cap from disk, its brotli copy included, holding none of it', async () => {
    const plain = await get('/files/large.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(LARGE_SCRIPT)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=60');

    const br = await get('/files/large.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(LARGE_SCRIPT)).toBe(true);
    expect(memory.heldBytes()).toBe(0);
  });

  it('holds a file with its compressed copies, read once', async () => {
    const body = readFileSync(join(root, 'small.js'));
    const copies =
      readFileSync(join(root, 'small.js.br')).length + readFileSync(join(root, 'small.js.gz')).length;
    const first = await get('/files/small.js', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(memory.heldBytes()).toBe(body.length + copies);

    writeFileSync(join(root, 'small.js'), 'changed on disk');
    const again = await get('/files/small.js');
    expect(again.rawPayload.equals(body)).toBe(true);
    expect(memory.heldBytes()).toBe(body.length + copies);
  });

  it('streams what no longer fits from disk, never holding more than its bound', async () => {
    const before = memory.heldBytes();
    for (const [index, picture] of pictures.entries()) {
      const response = await get(`/files/picture-${index}.png`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(picture)).toBe(true);
      expect(memory.heldBytes()).toBeLessThanOrEqual(10_000);
    }
    expect(memory.heldBytes()).toBe(before + 4000);
  });
});
