import type { Sharp } from 'sharp';
import {
  RESPONSIVE_FORMATS,
  type ResponsiveFormat,
  uploadWidths,
} from '#shared/content/responsive-images.ts';
import { SHARE_IMAGE_FILE, SHARE_IMAGE_SIZE } from '#shared/content/share-image.ts';
import { MAX_IMAGE_PIXELS } from '#shared/content/uploaded-images.ts';

/** sharp (and libvips) only once a photo is handled: most starts never need it. */
export async function loadSharp() {
  const sharp = (await import('sharp')).default;
  // libvips keeps the results of recent operations (up to 50 MB) for reuse; no photo is handled twice.
  sharp.cache(false);
  return sharp;
}

/** One copy of a photo: a width and format, as the build encodes the site's own photos. */
export function encodeVariant(picture: Sharp, width: number, format: ResponsiveFormat): Promise<Buffer> {
  const resized = picture.resize({ width, withoutEnlargement: true });
  return (format === 'avif' ? resized.avif({ quality: 55 }) : resized.webp({ quality: 78 })).toBuffer();
}

/** The picture of a link's preview: the middle of the picture, 1200 × 630, a JPEG (on white). */
export function encodeShareImage(picture: Sharp): Promise<Buffer> {
  return picture
    .resize({ ...SHARE_IMAGE_SIZE, fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/**
 * The files stored of an uploaded photo `width` pixels wide upright: its copies (`<width>.<format>`) and its
 * link preview's picture. The photo is decoded once, upright, at the largest width a copy has, and every
 * file is made from those pixels (a few MB), never from the whole photo again. Rejects a file it cannot decode.
 */
export async function encodeUpload(file: Buffer, width: number): Promise<{ name: string; data: Buffer }[]> {
  const sharp = await loadSharp();
  const widths = uploadWidths(width);
  // Auto-rotated by EXIF; sharp writes no metadata unless asked, so EXIF (GPS included), XMP and IPTC go.
  // failOn 'error' refuses a truncated or broken file but not the harmless warnings some cameras cause.
  const { data, info } = await sharp(file, {
    failOn: 'error',
    autoOrient: true,
    limitInputPixels: MAX_IMAGE_PIXELS,
  })
    .resize({ width: Math.max(...widths) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const upright = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const copies = widths.flatMap((variantWidth) =>
    RESPONSIVE_FORMATS.map(async (format) => ({
      name: `${variantWidth}.${format}`,
      data: await encodeVariant(upright(), variantWidth, format),
    })),
  );
  const share = encodeShareImage(upright()).then((shareData) => ({
    name: SHARE_IMAGE_FILE,
    data: shareData,
  }));
  return Promise.all([...copies, share]);
}
