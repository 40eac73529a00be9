import { z } from 'zod';
import { plainText, tooLongMessage } from '../schema/fields.ts';

export const IMAGE_ALT_MAX_LENGTH = 300;
export const CATEGORY_NAME_MAX_LENGTH = 60;

export const GALLERY_MESSAGES = {
  altRequired: 'Describe the photo for guests who cannot see it.',
  categoryRequired: 'Give the category a name.',
  categoryTwice: 'Two categories have the same name.',
  builtInSrc: 'must be one of the site’s own pictures (/images/…)',
} as const;

/** A required line of text, trimmed. No transform: the documents are also response schemas, which encode. */
function requiredText(label: string, maxLength: number, requiredMessage: string) {
  return plainText(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(maxLength, tooLongMessage(label, maxLength)),
    label,
  );
}

/** What a picture shows, read aloud to guests who cannot see it. */
export const imageAltSchema = requiredText(
  'The description',
  IMAGE_ALT_MAX_LENGTH,
  GALLERY_MESSAGES.altRequired,
);

export const categoryNameSchema = requiredText(
  'The category name',
  CATEGORY_NAME_MAX_LENGTH,
  GALLERY_MESSAGES.categoryRequired,
);

const pictureSize = {
  width: z.number().int().positive(),
  height: z.number().int().positive(),
};

/** Artwork that ships with the site, served from content/images/ (the seeded SVGs). */
export const builtInPictureSchema = z.object({
  src: z
    .string()
    .max(300)
    .regex(/^\/images\/[\w/.-]+$/, GALLERY_MESSAGES.builtInSrc),
  alt: imageAltSchema,
  ...pictureSize,
});
export type BuiltInPicture = z.infer<typeof builtInPictureSchema>;

/** A photo staff uploaded, by its id in `uploaded_images`; its size is the photo's, upright. */
export const uploadedPictureSchema = z.object({
  imageId: z.uuid(),
  alt: imageAltSchema,
  ...pictureSize,
});
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;

export const galleryImageSchema = z.union([uploadedPictureSchema, builtInPictureSchema]);
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const galleryCategorySchema = z.object({
  name: categoryNameSchema,
  /** In the order guests see them. */
  images: z.array(galleryImageSchema),
});
export type GalleryCategory = z.infer<typeof galleryCategorySchema>;

/** The gallery document: photos by category, in the order guests see them. */
export const gallerySchema = z
  .array(galleryCategorySchema)
  .refine(
    (categories) => new Set(categories.map((category) => category.name)).size === categories.length,
    GALLERY_MESSAGES.categoryTwice,
  );
export type Gallery = z.infer<typeof gallerySchema>;
