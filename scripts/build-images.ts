/**
 * Makes the responsive variants of every photo in content/images/ (see src/shared/content/responsive-images.ts)
 * into dist/images/, skipping those already newer than their source. Part of `npm run build`.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { RESPONSIVE_FORMATS, variantPath, variantWidths } from '../src/shared/content/responsive-images.ts';

const root = resolve(import.meta.dirname, '..');
const PHOTO = /\.(jpe?g|png|webp)$/i;

function photosIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '_r' ? [] : photosIn(path);
    return PHOTO.test(entry.name) ? [path] : [];
  });
}

function isFresh(output: string, sourceModified: number): boolean {
  try {
    return statSync(output).mtimeMs >= sourceModified;
  } catch {
    return false;
  }
}

/** Writes the variants; answers how many files it wrote. */
export async function buildResponsiveImages(sourceDir: string, outDir: string): Promise<number> {
  let written = 0;
  for (const photo of photosIn(sourceDir)) {
    const src = `/images/${relative(sourceDir, photo).split('\\').join('/')}`;
    const { width } = await sharp(photo).metadata();
    if (!width) throw new Error(`${photo}: cannot read its width`);
    const modified = statSync(photo).mtimeMs;
    for (const variantWidth of variantWidths(width)) {
      for (const format of RESPONSIVE_FORMATS) {
        const output = join(outDir, variantPath(src, variantWidth, format).replace(/^\/images\/_r\//, ''));
        if (isFresh(output, modified)) continue;
        mkdirSync(dirname(output), { recursive: true });
        const resized = sharp(photo).rotate().resize({ width: variantWidth, withoutEnlargement: true });
        await (format === 'avif' ? resized.avif({ quality: 55 }) : resized.webp({ quality: 78 })).toFile(
          output,
        );
        written += 1;
      }
    }
  }
  return written;
}

if (import.meta.main) {
  const written = await buildResponsiveImages(join(root, 'content/images'), join(root, 'dist/images'));
  console.log(`responsive images: ${written} file(s) written to dist/images/`);
}
