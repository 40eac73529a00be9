import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadedImages } from '#db/schema.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '#shared/content/uploaded-images.ts';
import { TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { cameraJpeg, GPS_MARKER, usePhotoUploadApp } from '#tests/helpers/photo-uploads.ts';
import { pixelBombPng } from '#tests/helpers/pixel-bomb.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

describe.each(databaseTargets)('photo uploads on $name', (target) => {
  const { t, imagesDir, upload, photo, gallery, expectNothingStored } = usePhotoUploadApp(target);

  it('stores an upright, located camera JPEG as six copies without its metadata and shows it in the gallery', async () => {
    const original = await cameraJpeg();
    expect(original.includes(GPS_MARKER)).toBe(true);

    const response = await upload([
      { name: 'alt', value: '  The landlord pulling a pint of Old Peculier  ' },
      { name: 'category', value: 'Behind the bar' },
      photo(original),
    ]);

    expect(response.statusCode, response.body).toBe(201);
    const image = response.json() as { id: string; width: number; height: number };
    expect(image).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), width: 1800, height: 2400 });

    const files = readdirSync(join(imagesDir, image.id)).sort();
    expect(files).toEqual([
      '1600.avif',
      '1600.webp',
      '480.avif',
      '480.webp',
      '960.avif',
      '960.webp',
      'share.jpg',
    ]);
    for (const name of files) {
      const stored = readFileSync(join(imagesDir, image.id, name));
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      expect(stored.includes(GPS_MARKER), name).toBe(false);
      expect(stored.includes('PubPhone'), name).toBe(false);
      if (name === 'share.jpg') {
        // A link preview's picture: a JPEG of the size social networks ask for.
        expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
        continue;
      }
      const [width, format] = name.split('.');
      expect(metadata.width, name).toBe(Number(width));
      expect(metadata.width, name).toBeLessThanOrEqual(image.width);
      // Upright: the width to height ratio of the turned photo, 3:4.
      expect(metadata.height, name).toBe(Math.round((Number(width) * 4) / 3));
      expect(metadata.format, name).toBe(format === 'avif' ? 'heif' : 'webp');
    }

    const rows = await t.database.db.select().from(uploadedImages);
    expect(rows).toEqual([
      expect.objectContaining({
        id: image.id,
        alt: 'The landlord pulling a pint of Old Peculier',
        width: 1800,
        height: 2400,
        uploadedBy: TEST_ADMIN.email,
      }),
    ]);

    const saved = await gallery();
    expect(saved.version).toBe(2);
    expect(saved.document.at(-1)).toEqual({
      name: 'Behind the bar',
      images: [
        { imageId: image.id, alt: 'The landlord pulling a pint of Old Peculier', width: 1800, height: 2400 },
      ],
    });
    const published = await t.app.inject({ method: 'GET', url: '/api/content/gallery' });
    expect(published.json()).toEqual(saved.document);

    const served = await t.app.inject({ method: 'GET', url: `/images/uploads/${image.id}/960.avif` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(readFileSync(join(imagesDir, image.id, '960.avif')))).toBe(true);
  });

  it('appends to an existing category, and leaves the gallery alone without one', async () => {
    const [first] = (await gallery()).document;
    const into = await upload([
      { name: 'alt', value: 'The snug by candlelight' },
      { name: 'category', value: first?.name ?? '' },
      photo(await cameraJpeg(1000, 750)),
    ]);
    expect(into.statusCode, into.body).toBe(201);
    const { id } = into.json() as { id: string };
    const after = (await gallery()).document;
    expect(after[0]?.images.at(-1)).toEqual({
      imageId: id,
      alt: 'The snug by candlelight',
      width: 750,
      height: 1000,
    });
    expect(readdirSync(join(imagesDir, id)).sort()).toEqual([
      '480.avif',
      '480.webp',
      '750.avif',
      '750.webp',
      'share.jpg',
    ]);

    const loose = await upload([{ name: 'alt', value: 'The cellar' }, photo(await cameraJpeg(300, 200))]);
    expect(loose.statusCode, loose.body).toBe(201);
    expect((await gallery()).version).toBe(2);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/images',
      headers: { cookie: t.cookie },
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: loose.json().id, alt: 'The cellar', width: 200, height: 300 }),
      expect.objectContaining({ id, alt: 'The snug by candlelight', uploadedBy: TEST_ADMIN.email }),
    ]);
    expect(readdirSync(join(imagesDir, loose.json().id)).sort()).toEqual([
      '200.avif',
      '200.webp',
      'share.jpg',
    ]);
  });

  it('refuses a text file named like a photo, and stores nothing', async () => {
    const text = Buffer.from('Dear landlord, this is not a photo at all.\n'.repeat(50));
    const response = await upload([{ name: 'alt', value: 'A photo' }, photo(text, 'pint.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: IMAGE_MESSAGES.notAnImage });
    await expectNothingStored();
  });

  it('refuses a file over 20 MB, and stores nothing', async () => {
    const oversized = Buffer.concat([await cameraJpeg(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const response = await upload([
      { name: 'alt', value: 'A photo' },
      { name: 'category', value: 'Behind the bar' },
      photo(oversized),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: IMAGE_MESSAGES.tooLarge });
    await expectNothingStored();
  });

  it('refuses a photo of too many pixels from its header, and stores nothing', async () => {
    const bomb = await pixelBombPng();
    const response = await upload([
      { name: 'alt', value: 'The beer garden from the air' },
      { name: 'category', value: 'The garden' },
      photo(bomb, 'garden.png', 'image/png'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This photo is too large: 256 megapixels; the most we take is 60 megapixels.',
    });
    await expectNothingStored();
  });

  it('refuses an empty file as no photo, and stores nothing', async () => {
    const empty = Buffer.alloc(0);
    // A form sends an empty, nameless part when no file was chosen; a file can be empty too.
    for (const part of [photo(empty, '', 'application/octet-stream'), photo(empty, 'IMG_0042.jpg')]) {
      const response = await upload([{ name: 'alt', value: 'A photo' }, part]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: IMAGE_MESSAGES.noFile });
    }
    await expectNothingStored();
  });

  it('refuses a truncated JPEG, and stores nothing', async () => {
    const whole = await cameraJpeg();
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    // Its header still reads as a JPEG: only decoding the picture finds it cut short.
    expect((await sharp(truncated).metadata()).format).toBe('jpeg');
    const response = await upload([
      { name: 'alt', value: 'A photo' },
      { name: 'category', value: 'Behind the bar' },
      photo(truncated),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: IMAGE_MESSAGES.unreadable });
    await expectNothingStored();
  });

  it('requires a description, naming the field, and a file', async () => {
    const jpeg = await cameraJpeg(600, 400);
    for (const parts of [[photo(jpeg)], [{ name: 'alt', value: '   ' }, photo(jpeg)]]) {
      const response = await upload(parts);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: IMAGE_MESSAGES.invalid,
        issues: [{ path: 'alt', message: 'Describe the photo for guests who cannot see it.' }],
      });
    }
    const tooLong = await upload([{ name: 'alt', value: 'x'.repeat(301) }, photo(jpeg)]);
    expect(tooLong.json().issues).toEqual([
      { path: 'alt', message: 'The description is too long (300 characters at most).' },
    ]);
    const noFile = await upload([{ name: 'alt', value: 'A photo' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ error: IMAGE_MESSAGES.noFile });
    await expectNothingStored();
  });

  it('answers 401 without a session, and stores nothing', async () => {
    const response = await upload([{ name: 'alt', value: 'A photo' }, photo(await cameraJpeg(600, 400))], {});
    expect(response.statusCode).toBe(401);
    await expectNothingStored();
  });
});
