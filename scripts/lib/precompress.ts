import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats; fonts (woff2) and pictures (AVIF, WebP) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|wasm)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `name.br` and `name.gz` beside each compressible file, at each format's highest setting: done once
 * at build time, the server sends the smallest files there are without compressing anything per request.
 * A copy that would not be smaller than its file is not written. Answers the copies written.
 */
export async function writePrecompressed(folder: string, files: string[]): Promise<string[]> {
  const written = await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const path = join(folder, file);
        const source = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        const copies = [
          { name: `${file}.br`, bytes: br },
          { name: `${file}.gz`, bytes: gz },
        ].filter(({ bytes }) => bytes.length < source.length);
        await Promise.all(copies.map(({ name, bytes }) => writeFile(join(folder, name), bytes)));
        return copies.map(({ name }) => name);
      }),
  );
  return written.flat();
}

/**
 * Precompresses what the browser build writes to its assets folder (the files the server serves with
 * `preCompressed`); the server-side build and dist/index.html, which the server reads, are left alone.
 */
export function precompressAssets(): Plugin {
  let assetsDir = 'assets';
  return {
    name: 'precompress-assets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    async writeBundle(output, bundle) {
      const folder = output.dir;
      if (!folder) return;
      await writePrecompressed(
        folder,
        Object.keys(bundle).filter((file) => file.startsWith(`${assetsDir}/`)),
      );
    },
  };
}
