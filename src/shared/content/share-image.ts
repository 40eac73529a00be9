import { UPLOADS_PREFIX, VARIANTS_PREFIX } from './responsive-images.ts';

/**
 * The picture a shared link's preview shows (Open Graph and Twitter cards). Social networks and messaging
 * apps show no SVG, so it is a JPEG of the home page picture in the size they ask for (1200 × 630, 1.91:1):
 * made by the build from the site's own picture (scripts/build-images.ts) and by the server from each photo
 * staff upload (server/content/images.ts).
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Its file name: beside the built photos' variants, and beside each uploaded photo's copies. */
export const SHARE_IMAGE_FILE = 'share.jpg';

/** The site's own picture's, made by the build. */
export const SITE_SHARE_IMAGE_PATH = `${VARIANTS_PREFIX}${SHARE_IMAGE_FILE}`;

export function uploadShareImagePath(id: string): string {
  return `${UPLOADS_PREFIX}${id}/${SHARE_IMAGE_FILE}`;
}
