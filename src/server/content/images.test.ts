import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadedImages } from '#db/schema.ts';
import { IMAGE_MESSAGES } from '#shared/content/uploaded-images.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { SYSTEM } from '../audit/trail.ts';
import { DomainError } from '../lib/errors.ts';
import { createImageStore, type ImageStore } from './images.ts';
import type { ContentStore } from './store.ts';

const STAFF = 'landlord@pub.test';

/** How many photos are being encoded at this moment, and the most at once. */
const encoding = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock('./photo-encoding.ts', async (original) => {
  const actual = await original<typeof import('./photo-encoding.ts')>();
  return {
    ...actual,
    async encodeUpload(...args: Parameters<typeof actual.encodeUpload>) {
      encoding.now += 1;
      encoding.most = Math.max(encoding.most, encoding.now);
      try {
        return await actual.encodeUpload(...args);
      } finally {
        encoding.now -= 1;
      }
    },
  };
});

function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 160, b: 60, alpha: 1 } } });
}

describe.each(databaseTargets)('the photo store on $name', (target) => {
  let t: TestApp;
  let imagesDir: string;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    imagesDir = mkdtempSync(join(tmpdir(), 'rose-crown-images-'));
    return () => rmSync(imagesDir, { recursive: true, force: true });
  });

  const store = (content: ContentStore = t.app.content): ImageStore =>
    createImageStore(t.database.db, imagesDir, content);
  const filesOf = (id: string) => readdirSync(join(imagesDir, id)).sort();
  const galleryVersion = async () => (await t.app.content.latest('gallery')).version;

  it('reads PNG, WebP and AVIF (HEIF) photos by their bytes', async () => {
    for (const file of [
      await picture(500, 500).png().toBuffer(),
      await picture(500, 500).webp().toBuffer(),
      await picture(500, 500).avif().toBuffer(),
    ]) {
      const image = await store().upload({ file, alt: 'Brass on the bar', uploadedBy: STAFF, actor: SYSTEM });
      expect(image).toMatchObject({ width: 500, height: 500 });
      expect(filesOf(image.id)).toEqual(['480.avif', '480.webp', '500.avif', '500.webp', 'share.jpg']);
    }
  });

  it('encodes one photo at a time across the process: the others wait their turn', async () => {
    encoding.most = 0;
    const uploads = [store(), store(), store()].map(async (photoStore, index) =>
      photoStore.upload({
        file: await picture(1200 + index, 900)
          .jpeg()
          .toBuffer(),
        alt: 'The snug',
        uploadedBy: STAFF,
        actor: SYSTEM,
      }),
    );
    const stored = await Promise.all(uploads);
    expect(stored.map((image) => image.width)).toEqual([1200, 1201, 1202]);
    expect(encoding.most).toBe(1);
  });

  it('refuses GIF and SVG, though sharp reads them', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect/></svg>');
    for (const file of [await picture(600, 400).gif().toBuffer(), svg]) {
      await expect(
        store().upload({ file, alt: 'Not a photo', uploadedBy: STAFF, actor: SYSTEM }),
      ).rejects.toThrow(IMAGE_MESSAGES.notAnImage);
    }
    expect(readdirSync(imagesDir)).toEqual([]);
  });

  it('refuses a description with control characters, naming the field', async () => {
    const file = await picture(600, 400).jpeg().toBuffer();
    const refused = await store()
      .upload({ file, alt: 'The bar\u0007', uploadedBy: STAFF, actor: SYSTEM })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).issues).toEqual([
      { path: 'alt', message: 'The description contains characters we cannot accept.' },
    ]);
  });

  it('adds to the newest gallery when another editor saved while the photo was being stored', async () => {
    let interrupted = false;
    const busyContent: ContentStore = {
      ...t.app.content,
      async latest(key) {
        const stale = await t.app.content.latest(key);
        if (!interrupted) {
          interrupted = true;
          const { version, document } = await t.app.content.latest('gallery');
          const renamed = document.map((category, index) =>
            index === 0 ? { ...category, name: 'The Public Bar' } : category,
          );
          await t.app.content.save('gallery', version, renamed, {
            email: 'someone-else@pub.test',
            at: new Date(),
            actor: SYSTEM,
          });
        }
        return stale;
      },
    };
    const before = await galleryVersion();
    const image = await store(busyContent).upload({
      file: await picture(800, 600).jpeg().toBuffer(),
      alt: 'Hops drying over the bar',
      category: 'The Public Bar',
      uploadedBy: STAFF,
      actor: SYSTEM,
    });

    const { version, document } = await t.app.content.latest('gallery');
    expect(version).toBe(before + 2);
    expect(document[0]?.name).toBe('The Public Bar');
    expect(document[0]?.images.at(-1)).toEqual({
      imageId: image.id,
      alt: 'Hops drying over the bar',
      width: 800,
      height: 600,
    });
  });

  it('leaves nothing behind when the gallery cannot be saved', async () => {
    const broken: ContentStore = {
      ...t.app.content,
      save: async () => {
        throw new Error('database went away');
      },
    };
    const rowsBefore = await t.database.db.select().from(uploadedImages);
    await expect(
      store(broken).upload({
        file: await picture(800, 600).jpeg().toBuffer(),
        alt: 'The garden',
        category: 'Garden',
        uploadedBy: STAFF,
        actor: SYSTEM,
      }),
    ).rejects.toThrow('database went away');
    expect(readdirSync(imagesDir)).toEqual([]);
    expect(await t.database.db.select().from(uploadedImages)).toEqual(rowsBefore);
  });

  it('removes a photo that is in no category without a new gallery version', async () => {
    const image = await store().upload({
      file: await picture(700, 500).jpeg().toBuffer(),
      alt: 'The cellar steps',
      uploadedBy: STAFF,
      actor: SYSTEM,
    });
    const before = await galleryVersion();
    await store().remove(image.id, { email: STAFF, actor: SYSTEM });
    expect(readdirSync(imagesDir)).toEqual([]);
    expect((await store().list()).map((entry) => entry.id)).not.toContain(image.id);
    expect(await galleryVersion()).toBe(before);
    await expect(store().remove(image.id, { email: STAFF, actor: SYSTEM })).rejects.toThrow(
      IMAGE_MESSAGES.notFound,
    );
  });
});
