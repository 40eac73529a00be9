import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from '#db/client.ts';
import { testConfig } from '#tests/helpers/test-app.ts';
import { writePrecompressed } from '../../../scripts/lib/precompress.ts';
import { buildApp } from './app.ts';

const SCRIPT = Buffer.from('export function hello(name) { return "Hello, " + name; }\n'.repeat(300));
const FONT = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 251));

describe('built assets', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'rose-crown-assets-'));
  const assets = join(webRoot, 'assets');
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    copyFileSync(resolve(import.meta.dirname, '../../../index.html'), join(webRoot, 'index.html'));
    mkdirSync(assets);
    writeFileSync(join(assets, 'entry-1a2b.js'), SCRIPT);
    writeFileSync(join(assets, 'inter-1a2b.woff2'), FONT);
    await writePrecompressed(assets, ['entry-1a2b.js', 'inter-1a2b.woff2']);
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

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file the build wrote to a browser that accepts brotli, compressed once', async () => {
    const response = await get('/assets/entry-1a2b.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.equals(readFileSync(join(assets, 'entry-1a2b.js.br')))).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('sends the gzip file to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/entry-1a2b.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(readFileSync(join(assets, 'entry-1a2b.js.gz')))).toBe(true);
    expect(gunzipSync(gzipped.rawPayload).equals(SCRIPT)).toBe(true);

    const plain = await get('/assets/entry-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(SCRIPT)).toBe(true);
  });

  it('sends a font as it is, compressed neither ahead nor on the way', async () => {
    const response = await get('/assets/inter-1a2b.woff2', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(FONT)).toBe(true);
  });
});
