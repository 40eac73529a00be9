import { vi } from 'vitest';
import type { ImageSummary } from '#shared/content/uploaded-images.ts';

/** A photo staff uploaded, as `GET /api/admin/images` lists it. */
export const GARDEN_PHOTO: ImageSummary = {
  id: '2b7c9d1e-3f4a-4b5c-8d6e-7f8091a2b3c4',
  alt: 'The beer garden in the sun',
  width: 2400,
  height: 1800,
  uploadedBy: 'landlord@pub.example',
  uploadedAt: '2026-11-23T10:00:00.000Z',
};

/**
 * For the editors' tests, after `stubContentApi`: `GET /api/admin/images` lists `uploads`; every other call
 * goes to the fetch stubbed before.
 */
export function stubUploadedImages(uploads: ImageSummary[] = [GARDEN_PHOTO]) {
  const answerOthers = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/admin/images' ? Response.json(uploads) : answerOthers(input, init),
    ),
  );
}
