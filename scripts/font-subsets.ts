/**
 * The site's two web fonts, cut at build time to the characters and weights it uses, with a fallback face
 * for each whose metrics match, so the text does not move when the web font replaces it (decision 021).
 * A Vite plugin writes them to src/web/fonts/ (not committed) before the stylesheet is built; Vite then
 * hashes the font files like every other asset, and the server preloads the core ones (`pages.ts`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import arial from '@capsizecss/metrics/arial';
import fraunces from '@capsizecss/metrics/fraunces';
import georgia from '@capsizecss/metrics/georgia';
import inter from '@capsizecss/metrics/inter';
import notoSerif from '@capsizecss/metrics/notoSerif';
import roboto from '@capsizecss/metrics/roboto';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const root = resolve(import.meta.dirname, '..');
export const FONTS_DIR = join(root, 'src/web/fonts');
const STYLESHEET = 'fonts.css';

function characters(first: number, last: number): string {
  return String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, at) => first + at));
}

/**
 * What every page may show, in the file each page preloads: printable ASCII, the no-break space, the
 * accented letters of French, German, Italian and Spanish (crème brûlée, jalapeño, rosé) and the
 * punctuation and signs the site and its content use. The rest of each font's Latin file (capitals with
 * accents, æ, ø, å, ½, ™…) is a second subset the browser fetches only for a page that shows one of them.
 */
export const CORE_CHARACTERS = `${characters(0x20, 0x7e)}\u00a0ßàáâäçèéêëìíîïñòóôöùúûü–—‘’“”…•·£€×©°−`;

/**
 * The font features browsers apply to Latin text by themselves (`rvrn` picks Fraunces's glyphs for the
 * weight), and the tabular figures prices and times are set in; the rest (stylistic sets, fractions…)
 * the site never asks for.
 */
const FEATURES = [
  'rvrn',
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'kern',
  'liga',
  'clig',
  'calt',
  'rlig',
  'rclt',
  'tnum',
];

export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

interface LocalFallback {
  /** The fallback face's family name, next after the web font in the font stack (theme.css). */
  family: string;
  /** Fonts with these metrics, by the names `local()` finds them under (metric-compatible clones too). */
  locals: string[];
  metrics: FontMetrics;
}

export interface WebFont {
  family: string;
  /** The Latin file of @fontsource-variable, every weight. */
  source: string;
  /** The weights the site sets it in (font-normal to font-bold, and <strong> inside them). */
  weights: { min: number; max: number };
  /**
   * `swap` shows the web font whenever it arrives; `optional` only if it is there for the first paint, so
   * the page never changes font (decision 021).
   */
  display: 'swap' | 'optional';
  metrics: FontMetrics;
  fallbacks: LocalFallback[];
}

/**
 * Each web font's fallbacks, one a platform: Georgia or Times New Roman (and its metric clones Liberation
 * Serif and Tinos, on Linux) under Fraunces, Arial (Liberation Sans, Arimo) under Inter, and Android's Noto
 * Serif and Roboto. The font stacks in theme.css list them in this order.
 */
export const WEB_FONTS: WebFont[] = [
  {
    family: 'Fraunces',
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    weights: { min: 400, max: 700 },
    // Headings are set large, where a width the fallback matches on average can still wrap a line the
    // other way (the home page's headline at 412 px): a heading keeps the font it was first painted in.
    display: 'optional',
    metrics: fraunces,
    fallbacks: [
      { family: 'Fraunces Georgia', locals: ['Georgia'], metrics: georgia },
      {
        family: 'Fraunces Times',
        locals: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos'],
        metrics: timesNewRoman,
      },
      { family: 'Fraunces Noto', locals: ['Noto Serif', 'NotoSerif-Regular'], metrics: notoSerif },
    ],
  },
  {
    family: 'Inter',
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    weights: { min: 400, max: 700 },
    display: 'swap',
    metrics: inter,
    fallbacks: [
      { family: 'Inter Arial', locals: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'], metrics: arial },
      { family: 'Inter Roboto', locals: ['Roboto', 'Roboto-Regular'], metrics: roboto },
    ],
  },
];

/** The file names (before Vite's hash) of a font's two subsets. */
export function subsetFileNames(font: WebFont): { core: string; more: string } {
  const base = font.family.toLowerCase();
  return { core: `${base}-latin-core.woff2`, more: `${base}-latin-more.woff2` };
}

/**
 * The code points a TrueType/OpenType font maps to a glyph (its `cmap`, formats 4 and 12: what every font
 * here carries).
 */
export function mappedCodePoints(sfnt: Uint8Array): Set<number> {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const tableCount = view.getUint16(4);
  let cmap = -1;
  for (let record = 12; record < 12 + tableCount * 16; record += 16) {
    if (String.fromCharCode(...sfnt.subarray(record, record + 4)) === 'cmap')
      cmap = view.getUint32(record + 8);
  }
  if (cmap < 0) throw new Error('The font has no cmap table');
  const found = new Set<number>();
  for (let encoding = 0; encoding < view.getUint16(cmap + 2); encoding++) {
    const subtable = cmap + view.getUint32(cmap + 4 + encoding * 8 + 4);
    const format = view.getUint16(subtable);
    if (format === 12) {
      for (let group = 0; group < view.getUint32(subtable + 12); group++) {
        const at = subtable + 16 + group * 12;
        for (let code = view.getUint32(at); code <= view.getUint32(at + 4); code++) found.add(code);
      }
    } else if (format === 4) {
      const segments = view.getUint16(subtable + 6) / 2;
      const ends = subtable + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let segment = 0; segment < segments; segment++) {
        const start = view.getUint16(starts + segment * 2);
        const end = view.getUint16(ends + segment * 2);
        const rangeOffsetAt = rangeOffsets + segment * 2;
        const rangeOffset = view.getUint16(rangeOffsetAt);
        for (let code = start; code <= end && code !== 0xffff; code++) {
          const glyph =
            rangeOffset === 0 ? code : view.getUint16(rangeOffsetAt + rangeOffset + (code - start) * 2);
          if (glyph !== 0) found.add(code);
        }
      }
    }
  }
  return found;
}

/** A font file's code points (woff2 or not), read by converting it to plain TrueType first. */
export async function codePointsOf(font: Uint8Array): Promise<Set<number>> {
  return mappedCodePoints(await subsetFont(font, undefined, { keepAllGlyphs: true, targetFormat: 'sfnt' }));
}

/** `U+20-7E,U+A0,…`: the code points as CSS `unicode-range`. */
export function unicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let at = 0; at < sorted.length; ) {
    const first = sorted[at] as number;
    let last = first;
    while (sorted[at + 1] === last + 1) last = sorted[++at] as number;
    at++;
    const hex = (code: number) => code.toString(16).toUpperCase();
    ranges.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
  }
  return ranges.join(',');
}

/**
 * The overrides that make `fallback` take the web font's room: scaled to the web font's average
 * character width, then given its ascent, descent and line gap (as fontaine and next/font compute them).
 */
export function fallbackOverrides(webFont: FontMetrics, fallback: FontMetrics) {
  const sizeAdjust = webFont.xWidthAvg / webFont.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  const ofWebFont = (value: number) => percent(value / webFont.unitsPerEm / sizeAdjust);
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: ofWebFont(webFont.ascent),
    descentOverride: ofWebFont(Math.abs(webFont.descent)),
    lineGapOverride: ofWebFont(webFont.lineGap),
  };
}

function fontFaces(font: WebFont, ranges: { core: string; more: string }): string {
  const files = subsetFileNames(font);
  const face = (file: string, range: string) =>
    [
      '@font-face {',
      `  font-family: "${font.family}";`,
      '  font-style: normal;',
      `  font-display: ${font.display};`,
      `  font-weight: ${font.weights.min} ${font.weights.max};`,
      `  src: url("./${file}") format("woff2-variations");`,
      `  unicode-range: ${range};`,
      '}',
    ].join('\n');
  const fallbacks = font.fallbacks.map((fallback) => {
    const overrides = fallbackOverrides(font.metrics, fallback.metrics);
    return [
      '@font-face {',
      `  font-family: "${fallback.family}";`,
      `  src: ${fallback.locals.map((name) => `local("${name}")`).join(', ')};`,
      `  size-adjust: ${overrides.sizeAdjust};`,
      `  ascent-override: ${overrides.ascentOverride};`,
      `  descent-override: ${overrides.descentOverride};`,
      `  line-gap-override: ${overrides.lineGapOverride};`,
      '}',
    ].join('\n');
  });
  return [face(files.core, ranges.core), face(files.more, ranges.more), ...fallbacks].join('\n');
}

/** Changes whenever a source font or this file (the subsets' recipe) does. */
function recipeKey(): string {
  const hash = createHash('sha256').update(readFileSync(import.meta.filename));
  for (const font of WEB_FONTS) hash.update(readFileSync(join(root, font.source)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Writes each font's two subsets (the core characters, preloaded; the rest of its Latin file, fetched only
 * by a page that shows one of them) and fonts.css, their faces and the fallbacks, into `outDir`. Skipped
 * when what is there was made from the same sources and recipe.
 */
export async function writeFontSubsets(outDir = FONTS_DIR): Promise<void> {
  const key = recipeKey();
  const stylesheet = join(outDir, STYLESHEET);
  if (existsSync(stylesheet) && readFileSync(stylesheet, 'utf8').includes(`recipe ${key}`)) return;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const faces: string[] = [];
  for (const font of WEB_FONTS) {
    const source = readFileSync(join(root, font.source));
    const core = new Set([...CORE_CHARACTERS].map((character) => character.codePointAt(0) as number));
    const options = { keepFeatures: FEATURES, variationAxes: { wght: font.weights } };
    const subset = async (codePoints: Iterable<number>) => {
      const text = String.fromCodePoint(...codePoints);
      const woff2 = await subsetFont(source, text, { ...options, targetFormat: 'woff2' });
      return { woff2, codePoints: await codePointsOf(woff2) };
    };
    const coreSubset = await subset(core);
    const rest = [...(await codePointsOf(source))].filter((code) => !core.has(code));
    const moreSubset = await subset(rest);
    const files = subsetFileNames(font);
    writeFileSync(join(outDir, files.core), coreSubset.woff2);
    writeFileSync(join(outDir, files.more), moreSubset.woff2);
    faces.push(
      fontFaces(font, {
        core: unicodeRange(coreSubset.codePoints),
        more: unicodeRange(moreSubset.codePoints),
      }),
    );
  }
  const header = `/* Written by scripts/font-subsets.ts (recipe ${key}) during the build: do not edit. */`;
  writeFileSync(stylesheet, `${header}\n${faces.join('\n')}\n`);
}

/** Makes the subsets before anything reads the stylesheet, in `vite build` and in `vite` (dev) alike. */
export function fontSubsets(): Plugin {
  return {
    name: 'font-subsets',
    async buildStart() {
      await writeFontSubsets();
    },
  };
}
