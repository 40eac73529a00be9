import type { ContentVersion } from '#shared/content/documents.ts';
import type { Gallery } from '#shared/content/gallery.ts';
import type { ImageSummary, UploadedImage } from '#shared/content/uploaded-images.ts';
import { call } from '#web/lib/api.ts';

/** The gallery manager's calls; import this module as `* as api`. */

export type GalleryVersion = Omit<ContentVersion, 'document'> & { document: Gallery };

export const loadGallery = () => call<GalleryVersion>('GET', '/api/admin/content/gallery');

export const saveGallery = (baseVersion: number, document: Gallery) =>
  call<{ version: number }>('PUT', '/api/admin/content/gallery', { body: { baseVersion, document } });

export const listImages = () => call<ImageSummary[]>('GET', '/api/admin/images');

export const deleteImage = (id: string) =>
  call<void>('DELETE', `/api/admin/images/${encodeURIComponent(id)}`);

/** Sends a photo with its description and category, as a multipart form. */
export const uploadImage = (form: FormData) =>
  call<UploadedImage>('POST', '/api/admin/images', { body: form });
