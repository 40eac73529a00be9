import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePrecompressed } from './precompress.ts';

describe('writePrecompressed', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'precompress-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes brotli and gzip copies of scripts, styles and SVG that decompress to the file', async () => {
    const script = Buffer.from('export const greeting = "hello";\n'.repeat(200));
    const style = Buffer.from('.card { color: red; }\n'.repeat(200));
    const picture = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1"/>'.repeat(100)}</svg>`,
    );
    writeFileSync(join(folder, 'app.js'), script);
    writeFileSync(join(folder, 'app.css'), style);
    writeFileSync(join(folder, 'logo.svg'), picture);

    const written = await writePrecompressed(folder, ['app.js', 'app.css', 'logo.svg']);

    expect(written.sort()).toEqual(
      ['app.css.br', 'app.css.gz', 'app.js.br', 'app.js.gz', 'logo.svg.br', 'logo.svg.gz'].sort(),
    );
    const br = readFileSync(join(folder, 'app.js.br'));
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(readFileSync(join(folder, 'app.css.gz'))).equals(style)).toBe(true);
    expect(br.length).toBeLessThan(readFileSync(join(folder, 'app.js.gz')).length);
  });

  it('leaves fonts alone, and writes no copy that would be larger than its file', async () => {
    writeFileSync(join(folder, 'font.woff2'), Buffer.from('wOF2'.repeat(500)));
    writeFileSync(join(folder, 'tiny.js'), 'x');

    expect(await writePrecompressed(folder, ['font.woff2', 'tiny.js'])).toEqual([]);
    expect(existsSync(join(folder, 'font.woff2.br'))).toBe(false);
    expect(existsSync(join(folder, 'tiny.js.gz'))).toBe(false);
  });
});
