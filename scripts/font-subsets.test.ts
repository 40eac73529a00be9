import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, publicSources } from '../tests/helpers/public-sources.ts';
import {
  codePointsOf,
  fallbackOverrides,
  subsetFileNames,
  WEB_FONTS,
  type WebFont,
  writeFontSubsets,
} from './font-subsets.ts';

const root = resolve(import.meta.dirname, '..');

/** Issue 20: the web fonts a page fetches on its first view, together. */
const FIRST_VIEW_BUDGET_BYTES = 45 * 1024;

/** Every string in a JSON document (its values: the keys are never shown). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** A source file's code and texts, without its comments (which no guest reads). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The characters of the texts that draw something (not line breaks and tabs). */
function codePoints(texts: string[]): Set<number> {
  const codes = texts.flatMap((text) => [...text].map((character) => character.codePointAt(0) as number));
  return new Set(codes.filter((code) => code >= 0x20));
}

const show = (codes: Iterable<number>) => [...codes].map((code) => String.fromCodePoint(code)).join(' ');

interface BuiltFont {
  font: WebFont;
  source: Set<number>;
  core: Set<number>;
  more: Set<number>;
  coreBytes: number;
  coreSfnt: Uint8Array;
}

/** The wght axis of a font's `fvar` table: its minimum, default and maximum. */
function weightAxis(sfnt: Uint8Array): { min: number; max: number } {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  for (let record = 12; record < 12 + view.getUint16(4) * 16; record += 16) {
    if (String.fromCharCode(...sfnt.subarray(record, record + 4)) !== 'fvar') continue;
    const fvar = view.getUint32(record + 8);
    const axes = fvar + view.getUint16(fvar + 4);
    for (let axis = 0; axis < view.getUint16(fvar + 8); axis++) {
      const at = axes + axis * view.getUint16(fvar + 10);
      if (String.fromCharCode(...sfnt.subarray(at, at + 4)) !== 'wght') continue;
      return { min: view.getInt32(at + 4) / 65536, max: view.getInt32(at + 12) / 65536 };
    }
  }
  throw new Error('The font has no wght axis');
}

describe('the web font subsets', () => {
  let outDir: string;
  let built: BuiltFont[];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'font-subsets-'));
    await writeFontSubsets(outDir);
    built = await Promise.all(
      WEB_FONTS.map(async (font) => {
        const files = subsetFileNames(font);
        const core = readFileSync(join(outDir, files.core));
        return {
          font,
          source: await codePointsOf(readFileSync(join(root, font.source))),
          core: await codePointsOf(core),
          more: await codePointsOf(readFileSync(join(outDir, files.more))),
          coreBytes: core.length,
          coreSfnt: await subsetFont(core, undefined, { keepAllGlyphs: true, targetFormat: 'sfnt' }),
        };
      }),
    );
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('fit the first-view budget: the two core subsets, the only fonts a page preloads', () => {
    const bytes = built.reduce((sum, { coreBytes }) => sum + coreBytes, 0);
    expect(bytes).toBeLessThanOrEqual(FIRST_VIEW_BUDGET_BYTES);
  });

  it('cover every character of the seeded content in the core subsets', () => {
    const content = filesUnder('content').filter((path) => path.endsWith('.json'));
    const texts = content.flatMap((path) => stringsOf(JSON.parse(readFileSync(join(root, path), 'utf8'))));
    expect(texts.length).toBeGreaterThan(100);
    for (const { font, core } of built) {
      const missing = [...codePoints(texts)].filter((code) => !core.has(code));
      expect(show(missing), font.family).toBe('');
    }
  });

  it('cover every character of the public pages’ texts that the fonts have, in the core subsets', () => {
    const texts = publicSources().map((path) => withoutComments(readFileSync(join(root, path), 'utf8')));
    expect(texts.join('')).toContain('Book a Table');
    for (const { font, source, core } of built) {
      const used = [...codePoints(texts)];
      expect(show(used.filter((code) => source.has(code) && !core.has(code))), font.family).toBe('');
      // What the fonts never had (arrows, ticks) the guest's own fonts draw, as before: no letters among them.
      const neverInTheFont = used.filter((code) => !source.has(code));
      expect(show(neverInTheFont.filter((code) => /\p{L}/u.test(String.fromCodePoint(code))))).toBe('');
    }
  });

  it('lose nothing the fonts drew before: the rest of each Latin file is the second subset', () => {
    for (const { font, source, core, more } of built) {
      expect(show([...source].filter((code) => !core.has(code) && !more.has(code))), font.family).toBe('');
      expect(
        [...core].filter((code) => more.has(code)),
        font.family,
      ).toEqual([]);
    }
  });

  it('keep the weight axis to the weights the site sets, which stay within it', () => {
    for (const { font, coreSfnt } of built) expect(weightAxis(coreSfnt)).toEqual(font.weights);
    const weights = { thin: 100, extralight: 200, light: 300, extrabold: 800, black: 900 } as const;
    const outside = new RegExp(`\\bfont-(${Object.keys(weights).join('|')})\\b`);
    const offenders = filesUnder('src/web').filter(
      (path) => /\.(tsx?|css)$/.test(path) && outside.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('give each fallback the web font’s average width, ascent, descent and line gap', () => {
    for (const { family, metrics, fallbacks } of WEB_FONTS) {
      for (const fallback of fallbacks) {
        const overrides = fallbackOverrides(metrics, fallback.metrics);
        const scale = Number.parseFloat(overrides.sizeAdjust) / 100;
        const width = (fallback.metrics.xWidthAvg / fallback.metrics.unitsPerEm) * scale;
        expect(width, fallback.family).toBeCloseTo(metrics.xWidthAvg / metrics.unitsPerEm, 3);
        const ascent = (Number.parseFloat(overrides.ascentOverride) / 100) * scale;
        expect(ascent, fallback.family).toBeCloseTo(metrics.ascent / metrics.unitsPerEm, 3);
        const descent = (Number.parseFloat(overrides.descentOverride) / 100) * scale;
        expect(descent, fallback.family).toBeCloseTo(-metrics.descent / metrics.unitsPerEm, 3);
      }
      const faces = readFileSync(join(outDir, 'fonts.css'), 'utf8');
      for (const fallback of fallbacks) expect(faces).toContain(`font-family: "${fallback.family}";`);
      // The font stack names the fallbacks straight after the web font, before any font left as it is.
      const theme = readFileSync(join(root, 'src/web/theme.css'), 'utf8');
      const stack = [family, ...fallbacks.map((fallback) => fallback.family)].map((name) => `"${name}"`);
      expect(theme.replace(/\s+/g, ' ')).toContain(`: ${stack.join(', ')},`);
    }
  });

  it('keep a heading in the font it was first painted in, and let body text swap to Inter', () => {
    const faces = readFileSync(join(outDir, 'fonts.css'), 'utf8');
    const displayOf = (family: string) =>
      [...faces.matchAll(/@font-face \{[^}]*\}/g)]
        .map(([face]) => face)
        .filter((face) => face.includes(`font-family: "${family}";`))
        .map((face) => /font-display: (\w+);/.exec(face)?.[1]);
    expect(displayOf('Fraunces')).toEqual(['optional', 'optional']);
    expect(displayOf('Inter')).toEqual(['swap', 'swap']);
  });
});
