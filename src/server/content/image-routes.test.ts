import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadedImages } from '#db/schema.ts';
import type { ContentDocument, ContentKey } from '#shared/content/documents.ts';
import type { Gallery } from '#shared/content/gallery.ts';
import { PAGE_DATA_ELEMENT_ID, pageDataKey } from '#shared/content/page-data.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '#shared/content/uploaded-images.ts';
import { createTestAdmin, signIn, TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** A marker only the photo's GPS block holds, to prove no copy carries it. */
const GPS_MARKER = 'WGS-84-ROSE-AND-CROWN';

/** A camera JPEG: stored sideways with EXIF orientation 6 (upright it is 1800 × 2400), and where it was taken. */
function cameraJpeg(width = 2400, height = 1800): Promise<Buffer> {
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

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
async function multipartBody(parts: Part[]) {
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

describe.each(databaseTargets)('photo uploads on $name', (target) => {
  let t: TestApp;
  let imagesDir: string;
  let cookie: string;

  beforeEach(async () => {
    imagesDir = mkdtempSync(join(tmpdir(), 'rose-crown-images-'));
    t = await startTestApp(target, new Date(), { env: { IMAGES_DIR: imagesDir } });
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterEach(async () => {
    await t.close();
    rmSync(imagesDir, { recursive: true, force: true });
  });

  async function upload(parts: Part[], headers: Record<string, string> = { cookie }) {
    const body = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
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
      headers: { cookie },
    });
    return response.json();
  }

  /** Saves the newest version of a document as `change` makes it, as an editor does. */
  async function saveDocument<K extends ContentKey>(key: K, change: (document: ContentDocument<K>) => void) {
    const url = `/api/admin/content/${key}`;
    const { version, document } = (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
    change(document);
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      payload: { baseVersion: version, document },
      headers: { cookie },
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
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/images', headers: { cookie } });
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
    // One colour: 256 megapixels in a PNG of 0.8 MB, which would take 1 GB to decode.
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#2f5d3a' } })
      .png()
      .toBuffer();
    const bomb = await sharp(dot)
      .resize(16_000, 16_000, { kernel: 'nearest' })
      .png({ compressionLevel: 9 })
      .toBuffer();
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
    expect(noFile.json()).toEqual({ error: IMAGE_MESSAGES.noFile });
    await expectNothingStored();
  });

  it('answers 401 without a session, and stores nothing', async () => {
    const response = await upload([{ name: 'alt', value: 'A photo' }, photo(await cameraJpeg(600, 400))], {});
    expect(response.statusCode).toBe(401);
    await expectNothingStored();
  });

  it('parses multipart only for uploads: other routes keep the small JSON body limit', async () => {
    const form = await multipartBody([{ name: 'title', value: 'Quiz night' }]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(elsewhere.statusCode).toBe(415);

    const { version, document } = await gallery();
    const bloated = [...document, { name: 'x'.repeat(70_000), images: [] }];
    const oversizedJson = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/gallery',
      payload: { baseVersion: version, document: bloated },
      headers: { cookie },
    });
    expect(oversizedJson.statusCode).toBe(413);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      payload: {},
      headers: { cookie },
    });
    expect(json.statusCode).toBe(400);
  });

  it('deletes a photo: its files, its row and its place in the gallery', async () => {
    const created = await upload([
      { name: 'alt', value: 'Quiz night trophies' },
      { name: 'category', value: 'Quiz night' },
      photo(await cameraJpeg(1200, 900)),
    ]);
    const { id } = created.json() as { id: string };
    expect(readdirSync(imagesDir)).toEqual([id]);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/images/${id}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(readdirSync(imagesDir)).toEqual([]);
    expect(await rowCount()).toBe(0);
    const saved = await gallery();
    expect(saved.version).toBe(3);
    expect(JSON.stringify(saved.document)).not.toContain(id);
    // The category held only that photo, so it goes too.
    expect(saved.document.map((category) => category.name)).not.toContain('Quiz night');
    const served = await t.app.inject({ method: 'GET', url: `/images/uploads/${id}/480.webp` });
    expect(served.statusCode).toBe(404);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/images/${id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: IMAGE_MESSAGES.notFound });
    const notAnId = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/images/not-a-photo',
      headers: { cookie },
    });
    expect(notAnId.statusCode).toBe(404);
  });

  it('previews links with the site’s own picture while the home page photo has no share image of its own', async () => {
    const created = await upload([
      { name: 'alt', value: 'The old sign' },
      photo(await cameraJpeg(1200, 900)),
    ]);
    const image = created.json() as { id: string; width: number; height: number };
    // As a photo uploaded before share images were made.
    rmSync(join(imagesDir, image.id, 'share.jpg'));
    await saveDocument('venue', (venue) => {
      venue.heroPicture = {
        imageId: image.id,
        alt: 'The old sign',
        width: image.width,
        height: image.height,
      };
    });
    const { html } = await page('/menu');
    expect(html).toContain('<meta property="og:image" content="https://pub.test/images/_r/share.jpg"/>');
    expect(html).not.toContain('og:image:alt');
  });

  it('shows a photo as the home page picture, preloaded, and keeps it while the home or About page shows it', async () => {
    const created = await upload([
      { name: 'alt', value: 'The beer garden in the sun' },
      { name: 'category', value: 'The garden' },
      photo(await cameraJpeg(1800, 2400)),
    ]);
    const image = created.json() as { id: string; width: number; height: number };
    expect(image).toMatchObject({ width: 2400, height: 1800 });
    const picture = { imageId: image.id, alt: 'The beer garden in the sun', width: 2400, height: 1800 };
    await saveDocument('venue', (venue) => {
      venue.heroPicture = picture;
    });

    const home = await page('/');
    const avif = [480, 960, 1600].map((width) => `/images/uploads/${image.id}/${width}.avif ${width}w`);
    expect(home.html).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${avif.join(', ')}" imagesizes="100vw" fetchpriority="high">`,
    );
    expect(home.html).not.toContain('href="/images/hero.svg" as="image"');
    // A shared link's preview shows the photo's own share image, made when it was uploaded.
    expect(home.html).toContain(
      `<meta property="og:image" content="https://pub.test/images/uploads/${image.id}/share.jpg"/>`,
    );
    expect((await page('/menu')).html).toContain(
      `<meta property="og:image:alt" content="The beer garden in the sun"/>`,
    );
    const share = await t.app.inject({ method: 'GET', url: `/images/uploads/${image.id}/share.jpg` });
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    expect(home.data[pageDataKey.content('venue')]).toMatchObject({ heroPicture: picture });

    const files = readdirSync(join(imagesDir, image.id)).sort();
    const galleryBefore = await gallery();
    const deleteIt = () =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/images/${image.id}`, headers: { cookie } });
    async function expectKept() {
      expect(readdirSync(join(imagesDir, image.id)).sort()).toEqual(files);
      expect(await rowCount()).toBe(1);
      expect(await gallery()).toEqual(galleryBefore);
    }

    const refused = await deleteIt();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: IMAGE_MESSAGES.homePagePicture });
    await expectKept();
    expect((await page('/')).data[pageDataKey.content('venue')]).toMatchObject({ heroPicture: picture });

    // Beside the story on the About page too: choosing another home page picture is not enough.
    await saveDocument('about', (about) => {
      about.picture = picture;
    });
    expect((await page('/about')).data[pageDataKey.content('about')]).toMatchObject({ picture });
    await saveDocument('venue', (venue) => {
      venue.heroPicture = { src: '/images/hero.svg', alt: 'The pub at dusk', width: 1600, height: 900 };
    });
    expect((await page('/')).html).toContain(
      '<link rel="preload" href="/images/hero.svg" as="image" fetchpriority="high">',
    );
    expect((await page('/')).html).toContain(
      '<meta property="og:image" content="https://pub.test/images/_r/share.jpg"/>',
    );
    const stillRefused = await deleteIt();
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json()).toEqual({ error: IMAGE_MESSAGES.aboutPagePicture });
    await expectKept();

    await saveDocument('about', (about) => {
      about.picture = { src: '/images/about/history.svg', alt: 'The old alehouse', width: 1200, height: 800 };
    });
    expect((await deleteIt()).statusCode).toBe(204);
    expect(readdirSync(imagesDir)).toEqual([]);
    expect(await rowCount()).toBe(0);
  });
});
