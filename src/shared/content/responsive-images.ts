/**
 * Photos the pub drops into content/images/ (JPEG, PNG or WebP) are served in several widths as AVIF and
 * WebP, made at build time by scripts/build-images.ts; SVG artwork is served as it is. Photos staff upload
 * get the same two formats, made by the server when they arrive (server/content/images.ts). Both sides name
 * the variants with these rules.
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

/** Where the copies of the photos staff upload are served from: `<prefix><id>/<width>.<format>`. */
export const UPLOADS_PREFIX = '/images/uploads/';

/**
 * The widths made of an uploaded photo: each standard width, capped at the photo's own, so nothing is
 * enlarged (a photo 1200 px wide gets 480, 960 and 1200; one 300 px wide only 300).
 */
export function uploadWidths(originalWidth: number): number[] {
  return [...new Set(RESPONSIVE_WIDTHS.map((width) => Math.min(width, originalWidth)))];
}

export function uploadPath(id: string, width: number, format: ResponsiveFormat): string {
  return `${UPLOADS_PREFIX}${id}/${width}.${format}`;
}

export function uploadSrcSet(id: string, originalWidth: number, format: ResponsiveFormat): string {
  return uploadWidths(originalWidth)
    .map((width) => `${uploadPath(id, width, format)} ${width}w`)
    .join(', ');
}

/** The single file an <img> names for browsers that skip the sources: a mid-sized WebP. */
export function uploadFallbackPath(id: string, originalWidth: number): string {
  return uploadPath(id, Math.min(RESPONSIVE_WIDTHS[1], originalWidth), 'webp');
}
