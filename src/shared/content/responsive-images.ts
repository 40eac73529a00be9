/**
 * Photos the pub drops into content/images/ (JPEG, PNG or WebP) are served in several widths as AVIF and
 * WebP, made at build time by scripts/build-images.ts; SVG artwork is served as it is. Both sides name the
 * variants with these rules.
 */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;
export const RESPONSIVE_FORMATS = ['avif', 'webp'] as const;
export type ResponsiveFormat = (typeof RESPONSIVE_FORMATS)[number];

/** Where the variants are served from. */
export const VARIANTS_PREFIX = '/images/_r/';

const RASTER = /^\/images\/(?!_r\/)(.+)\.(jpe?g|png|webp)$/i;

/** A photo of ours with responsive variants (a local JPEG/PNG/WebP), not SVG art or a remote URL. */
export function hasVariants(src: string): boolean {
  return RASTER.test(src);
}

/** The widths made for a photo: the standard ones narrower than it, and its own width. */
export function variantWidths(originalWidth: number): number[] {
  return [...RESPONSIVE_WIDTHS.filter((width) => width < originalWidth), originalWidth].filter(
    (width, index, all) => all.indexOf(width) === index,
  );
}

/** "/images/gallery/bar.jpg", 960, "avif" → "/images/_r/gallery/bar-960.avif". */
export function variantPath(src: string, width: number, format: ResponsiveFormat): string {
  const match = RASTER.exec(src);
  if (!match) throw new Error(`${src} has no responsive variants`);
  return `${VARIANTS_PREFIX}${match[1]}-${width}.${format}`;
}

export function srcSet(src: string, originalWidth: number, format: ResponsiveFormat): string {
  return variantWidths(originalWidth)
    .map((width) => `${variantPath(src, width, format)} ${width}w`)
    .join(', ');
}
