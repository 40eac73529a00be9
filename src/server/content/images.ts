import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#db/client.ts';
import { uploadedImages } from '#db/schema.ts';
import type { Gallery, GalleryImage } from '#shared/content/gallery.ts';
import { isUploaded, withoutPicture, withPictureAdded } from '#shared/content/gallery-pictures.ts';
import {
  IMAGE_MESSAGES,
  type ImageSummary,
  imageUploadFieldsSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  tooManyPixelsMessage,
  type UploadedImage,
} from '#shared/content/uploaded-images.ts';
import { fieldIssues } from '#shared/schema/issues.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import { conflict, DomainError, invalid, invalidFields, notFound } from '../lib/errors.ts';
import { encodeUpload, loadSharp } from './photo-encoding.ts';
import type { ContentStore } from './store.ts';

/** What sharp calls the formats a phone saves photos in (HEIF covers HEIC and AVIF). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** Another editor saving the gallery in between is rare: try again a few times, then give up. */
const GALLERY_SAVE_ATTEMPTS = 3;

export interface ImageUpload {
  file: Buffer;
  /** As typed: checked and trimmed here. */
  alt?: string;
  category?: string;
  /** The staff member's e-mail. */
  uploadedBy: string;
  /** Who the audit trail names. */
  actor: Actor;
}

export interface ImageStore {
  /**
   * Stores a photo's copies and its row and, given a category, appends it to the gallery. Anything wrong
   * (not an image, too large, damaged, a field missing) is refused with nothing left behind. Photos are
   * encoded one at a time across the process: an upload arriving meanwhile waits its turn (its request
   * stays open, staff see "Uploading…" a little longer); one refused from its header does not wait.
   */
  upload(upload: ImageUpload): Promise<UploadedImage>;
  /**
   * Removes the photo from the gallery, then its row and its files. A photo the home or About page shows is
   * refused, with nothing removed: staff choose another picture for that page first.
   */
  remove(id: string, removedBy: { email: string; actor: Actor }): Promise<void>;
  list(): Promise<ImageSummary[]>;
}

/**
 * The photo's format and upright size, read from its bytes, whatever name or type the browser gave it.
 * sharp's metadata() reads the header alone: a photo of too many pixels is refused before it is decoded.
 */
async function readPhoto(file: Buffer) {
  // An empty part is what a form sends when no file was chosen (and sharp throws on an empty buffer).
  if (file.length === 0) throw invalid(IMAGE_MESSAGES.noFile);
  if (file.length > MAX_IMAGE_BYTES) throw invalid(IMAGE_MESSAGES.tooLarge);
  const sharp = await loadSharp();
  const metadata = await sharp(file)
    .metadata()
    .catch(() => {
      throw invalid(IMAGE_MESSAGES.notAnImage);
    });
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw invalid(IMAGE_MESSAGES.notAnImage);
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw invalid(tooManyPixelsMessage(metadata.width, metadata.height));
  }
  return {
    width: metadata.autoOrient.width,
    height: metadata.autoOrient.height,
    // Prebuilt sharp reads AVIF but not every HEIC (HEVC): such a photo is refused with its own advice.
    unreadableMessage:
      metadata.format === 'heif' && metadata.compression === 'hevc'
        ? IMAGE_MESSAGES.heicUnreadable
        : IMAGE_MESSAGES.unreadable,
  };
}

/** The photo being encoded, if any: the next waits for it, so one photo at a time is decoded in this process. */
let encoding: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = encoding.then(work, work);
  encoding = turn.catch(() => undefined);
  return turn;
}

export function createImageStore(
  db: Database,
  imagesDir: string,
  content: ContentStore,
  clock: () => Date = () => new Date(),
): ImageStore {
  const folderOf = (id: string) => join(imagesDir, id);

  /** Saves the gallery as `edit` makes it from the newest version, again if someone saved in between. */
  async function editGallery(
    edit: (gallery: Gallery) => Gallery,
    savedBy: { email: string; actor: Actor },
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { version, document } = await content.latest('gallery');
      const edited = edit(document);
      if (JSON.stringify(edited) === JSON.stringify(document)) return;
      try {
        await content.save('gallery', version, edited, { ...savedBy, at: clock() });
        return;
      } catch (error) {
        const stale = error instanceof DomainError && error.kind === 'conflict';
        if (!stale || attempt === GALLERY_SAVE_ATTEMPTS) throw error;
      }
    }
  }

  async function discard(id: string): Promise<void> {
    await db.delete(uploadedImages).where(eq(uploadedImages.id, id));
    await rm(folderOf(id), { recursive: true, force: true });
  }

  /** Why the photo must stay: the page that shows it outside the gallery, if any. */
  async function pageShowing(id: string): Promise<string | undefined> {
    const [venue, about] = await Promise.all([content.latest('venue'), content.latest('about')]);
    const shows = (picture: GalleryImage) => isUploaded(picture) && picture.imageId === id;
    if (shows(venue.document.heroPicture)) return IMAGE_MESSAGES.homePagePicture;
    if (shows(about.document.picture)) return IMAGE_MESSAGES.aboutPagePicture;
    return undefined;
  }

  async function findRow(id: string) {
    if (!z.uuid().safeParse(id).success) return undefined;
    const [row] = await db.select().from(uploadedImages).where(eq(uploadedImages.id, id));
    return row;
  }

  return {
    async upload({ file, uploadedBy, actor, ...text }) {
      const fields = imageUploadFieldsSchema.safeParse(text);
      if (!fields.success) throw invalidFields(IMAGE_MESSAGES.invalid, fieldIssues(fields.error));
      const { alt, category } = fields.data;
      const photo = await readPhoto(file);
      const variants = await oneAtATime(() => encodeUpload(file, photo.width)).catch(() => {
        throw invalid(photo.unreadableMessage);
      });

      const image = { id: randomUUID(), width: photo.width, height: photo.height };
      try {
        await mkdir(folderOf(image.id), { recursive: true });
        await Promise.all(variants.map(({ name, data }) => writeFile(join(folderOf(image.id), name), data)));
        await db.transaction(async (tx) => {
          await tx.insert(uploadedImages).values({ ...image, alt, uploadedBy });
          await recordAudit(
            tx,
            { actor, type: 'image.uploaded', subject: { type: 'image', id: image.id }, summary: alt },
            clock(),
          );
        });
        if (category !== undefined) {
          const picture = { imageId: image.id, alt, width: image.width, height: image.height };
          await editGallery((gallery) => withPictureAdded(gallery, category, picture), {
            email: uploadedBy,
            actor,
          });
        }
      } catch (error) {
        await discard(image.id);
        throw error;
      }
      return image;
    },

    async remove(id, removedBy) {
      const row = await findRow(id);
      if (!row) throw notFound(IMAGE_MESSAGES.notFound);
      const inUse = await pageShowing(id);
      if (inUse) throw conflict(inUse);
      await editGallery((gallery) => withoutPicture(gallery, id), removedBy);
      await db.transaction(async (tx) => {
        await tx.delete(uploadedImages).where(eq(uploadedImages.id, id));
        await recordAudit(
          tx,
          {
            actor: removedBy.actor,
            type: 'image.deleted',
            subject: { type: 'image', id },
            summary: row.alt,
          },
          clock(),
        );
      });
      await discard(id);
    },

    async list() {
      const rows = await db.select().from(uploadedImages).orderBy(desc(uploadedImages.createdAt));
      return rows.map(({ id, alt, width, height, uploadedBy, createdAt }) => ({
        id,
        alt,
        width,
        height,
        uploadedBy,
        uploadedAt: createdAt.toISOString(),
      }));
    },
  };
}
