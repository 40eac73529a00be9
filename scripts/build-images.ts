/**
 * Checks every drawing in content/images/ is well-formed, makes the responsive variants of every photo there
 * (see src/shared/content/responsive-images.ts) and the link preview's picture of the site's own home page
 * picture (src/shared/content/share-image.ts) into dist/images/, skipping those already newer than their
 * source. Part of `npm run build`.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { encodeShareImage, encodeVariant } from '../src/server/content/photo-encoding.ts';
import { RESPONSIVE_FORMATS, variantPath, variantWidths } from '../src/shared/content/responsive-images.ts';
import { SHARE_IMAGE_FILE } from '../src/shared/content/share-image.ts';

const root = resolve(import.meta.dirname, '..');
const PHOTO = /\.(jpe?g|png|webp)$/i;
const DRAWING = /\.svg$/i;
const PARSER_ERROR_NAMESPACE = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';

function filesIn(folder: string, kind: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '_r' ? [] : filesIn(path, kind);
    return kind.test(entry.name) ? [path] : [];
  });
}

function isFresh(output: string, sourceModified: number): boolean {
  try {
    return statSync(output).mtimeMs >= sourceModified;
  } catch {
    return false;
  }
}

/**
 * Parses every SVG under `sourceDir` as XML and throws, naming each file, line and column, if one is not
 * well-formed: a browser shows such a drawing as a broken image.
 */
export async function checkDrawings(sourceDir: string): Promise<void> {
  const { JSDOM } = await import('jsdom');
  const parser = new new JSDOM('').window.DOMParser();
  const problems = filesIn(sourceDir, DRAWING).flatMap((drawing) => {
    const parsed = parser.parseFromString(readFileSync(drawing, 'utf8'), 'image/svg+xml').documentElement;
    if (parsed.namespaceURI !== PARSER_ERROR_NAMESPACE) return [];
    // The parser's message starts with the line and column: "122:7: unexpected close tag."
    return [`${relative(root, drawing)}:${parsed.textContent}`];
  });
  if (problems.length > 0) throw new Error(`Drawings that are not well-formed XML:\n${problems.join('\n')}`);
}

/** Writes the variants; answers how many files it wrote. */
export async function buildResponsiveImages(sourceDir: string, outDir: string): Promise<number> {
  let written = 0;
  for (const photo of filesIn(sourceDir, PHOTO)) {
    const src = `/images/${relative(sourceDir, photo).split('\\').join('/')}`;
    const { width } = await sharp(photo).metadata();
    if (!width) throw new Error(`${photo}: cannot read its width`);
    const modified = statSync(photo).mtimeMs;
    for (const variantWidth of variantWidths(width)) {
      for (const format of RESPONSIVE_FORMATS) {
        const output = join(outDir, variantPath(src, variantWidth, format).replace(/^\/images\/_r\//, ''));
        if (isFresh(output, modified)) continue;
        mkdirSync(dirname(output), { recursive: true });
        writeFileSync(output, await encodeVariant(sharp(photo).rotate(), variantWidth, format));
        written += 1;
      }
    }
  }
  return written;
}

/**
 * Writes the link preview's picture of the home page picture the venue document `venueFile` names (the
 * site's own, a file in `sourceDir`); answers whether it wrote it: not when it is newer than both.
 */
export async function buildShareImage(
  sourceDir: string,
  outDir: string,
  venueFile: string,
): Promise<boolean> {
  const { heroPicture } = JSON.parse(readFileSync(venueFile, 'utf8')) as { heroPicture: { src: string } };
  const picture = join(sourceDir, heroPicture.src.replace(/^\/images\//, ''));
  const output = join(outDir, SHARE_IMAGE_FILE);
  if (isFresh(output, Math.max(statSync(picture).mtimeMs, statSync(venueFile).mtimeMs))) return false;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(output, await encodeShareImage(sharp(picture).rotate()));
  return true;
}

if (import.meta.main) {
  const source = join(root, 'content/images');
  const out = join(root, 'dist/images');
  try {
    await checkDrawings(source);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const written = await buildResponsiveImages(source, out);
  const shared = await buildShareImage(source, out, join(root, 'content/venue.json'));
  console.log(`responsive images: ${written + Number(shared)} file(s) written to dist/images/`);
}
