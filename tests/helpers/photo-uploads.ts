import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, expect } from 'vitest';
import { uploadedImages } from '../../src/db/schema.ts';
import type { ContentDocument, ContentKey } from '../../src/shared/content/documents.ts';
import type { Gallery } from '../../src/shared/content/gallery.ts';
import { PAGE_DATA_ELEMENT_ID } from '../../src/shared/content/page-data.ts';
import { useTestApp } from './app-fixture.ts';
import type { TestDatabaseTarget } from './test-app.ts';

/** A marker only the photo's GPS block holds, to prove no copy carries it. */
export const GPS_MARKER = 'WGS-84-ROSE-AND-CROWN';

/** A camera JPEG: stored sideways with EXIF orientation 6 (upright it is 1800 × 2400), and where it was taken. */
export function cameraJpeg(width = 2400, height = 1800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f5d3a' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PubPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 24/1 36/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 50/1 24/1',
        GPSMapDatum: GPS_MARKER,
      },
    })
    .toBuffer();
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export async function multipartBody(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([new Uint8Array(part.value)], { type: part.type ?? 'image/jpeg' }),
        part.filename,
      );
  }
  const request = new Request('http://pub.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/**
 * The photo suites' app, fresh for each test with an empty images folder (`imagesDir`) and the test admin
 * signed in, and what the suites do with it.
 */
export function usePhotoUploadApp(target: TestDatabaseTarget) {
  const imagesDir = join(tmpdir(), `rose-crown-images-${randomUUID()}`);
  beforeEach(() => {
    mkdirSync(imagesDir);
  });
  afterEach(() => rmSync(imagesDir, { recursive: true, force: true }));
  const t = useTestApp(target, new Date(), { per: 'test', signedIn: true, env: { IMAGES_DIR: imagesDir } });

  async function upload(parts: Part[], headers?: Record<string, string>) {
    const body = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      payload: body.payload,
      headers: { ...body.headers, ...(headers ?? { cookie: t.cookie }) },
    });
  }

  const photo = (file: Buffer, filename = 'IMG_0042.jpg', type = 'image/jpeg'): Part => ({
    name: 'file',
    value: file,
    filename,
    type,
  });

  async function gallery(): Promise<{ version: number; document: Gallery }> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/content/gallery',
      headers: { cookie: t.cookie },
    });
    return response.json();
  }

  /** Saves the newest version of a document as `change` makes it, as an editor does. */
  async function saveDocument<K extends ContentKey>(key: K, change: (document: ContentDocument<K>) => void) {
    const url = `/api/admin/content/${key}`;
    const { version, document } = (
      await t.app.inject({ method: 'GET', url, headers: { cookie: t.cookie } })
    ).json();
    change(document);
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      payload: { baseVersion: version, document },
      headers: { cookie: t.cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /** A page as the server sends it: its head and the data it is rendered with. */
  async function page(url: string) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const data = new RegExp(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
    ).exec(response.body)?.[1];
    return { html: response.body, data: JSON.parse(data ?? '{}') as Record<string, unknown> };
  }

  async function rowCount(): Promise<number> {
    const [row] = await t.database.db.select({ value: count() }).from(uploadedImages);
    return row?.value ?? 0;
  }

  async function expectNothingStored() {
    expect(await rowCount()).toBe(0);
    expect(readdirSync(imagesDir)).toEqual([]);
    expect((await gallery()).version).toBe(1);
  }

  return { t, imagesDir, upload, photo, gallery, saveDocument, page, rowCount, expectNothingStored };
}
