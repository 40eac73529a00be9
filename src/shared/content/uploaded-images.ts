import { z } from 'zod';
import { textField } from '../schema/fields.ts';
import { CATEGORY_NAME_MAX_LENGTH, imageAltSchema } from './gallery.ts';

/** The largest photo staff may upload: a phone's full-size picture, with room to spare. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * The most pixels a photo may have. A phone's full-resolution photo is 48–50 megapixels (an iPhone's 48 MP
 * 8064 × 6048, a Pixel's or Galaxy's 50 MP 8160 × 6144), and the server makes its copies in about 250 MB; a
 * small file can hold far more (a one-colour PNG of 16000 × 16000 is 0.8 MB, and 768 MB decoded), so the count
 * is read from the photo's header and a larger one refused before it is decoded.
 */
export const MAX_IMAGE_MEGAPIXELS = 60;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/** A photo of more than MAX_IMAGE_PIXELS, refused with its own size (rounded up, so it reads as over the limit). */
export function tooManyPixelsMessage(width: number, height: number): string {
  const megapixels = Math.ceil((width * height) / 1_000_000);
  return `This photo is too large: ${megapixels} megapixels; the most we take is ${MAX_IMAGE_MEGAPIXELS} megapixels.`;
}

export const IMAGE_MESSAGES = {
  invalid: 'Please correct the highlighted fields.',
  noFile: 'Choose a photo to upload.',
  notAnImage: 'That file is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC picture.',
  tooLarge:
    'That photo is larger than 20 MB. Choose a smaller one, or send it from the phone at a smaller size.',
  unreadable:
    'That photo is damaged or incomplete (perhaps it had not finished saving). Take or choose it again.',
  heicUnreadable:
    'This server cannot read that HEIC photo. Set the camera to “Most Compatible” (JPEG), or share the photo as a JPEG, and upload it again.',
  notFound: 'There is no such photo.',
  // Deleting a photo a page shows outside the gallery would leave that page without its picture.
  homePagePicture: 'This photo is the home page picture. Choose another picture for the home page first.',
  aboutPagePicture:
    'This photo is the picture beside our story on the About page. Choose another picture for the About page first.',
} as const;

/** The text sent with a photo: its description and, optionally, the gallery category it goes in. */
export const imageUploadFieldsSchema = z.object({
  alt: imageAltSchema,
  /** Blank: the photo is stored but not yet shown in the gallery. */
  category: textField('The category name', CATEGORY_NAME_MAX_LENGTH).transform((name) => name || undefined),
});
export type ImageUploadFields = z.infer<typeof imageUploadFieldsSchema>;

/** `POST /api/admin/images` → 201: the stored photo, upright. */
export const uploadedImageSchema = z.object({
  id: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** `GET /api/admin/images`: every uploaded photo, newest first. */
export const imageSummarySchema = uploadedImageSchema.extend({
  alt: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type ImageSummary = z.infer<typeof imageSummarySchema>;
