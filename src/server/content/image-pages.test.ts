import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageDataKey } from '#shared/content/page-data.ts';
import { IMAGE_MESSAGES } from '#shared/content/uploaded-images.ts';
import { cameraJpeg, multipartBody, usePhotoUploadApp } from '#tests/helpers/photo-uploads.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

describe.each(databaseTargets)(
  'photos beyond their upload: the JSON body limit, deletion, previews and the home page on $name',
  (target) => {
    const { t, imagesDir, upload, photo, gallery, saveDocument, page, rowCount } = usePhotoUploadApp(target);

    it('parses multipart only for uploads: other routes keep the small JSON body limit', async () => {
      const form = await multipartBody([{ name: 'title', value: 'Quiz night' }]);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: form.payload,
        headers: { ...form.headers, cookie: t.cookie },
      });
      expect(elsewhere.statusCode).toBe(415);

      const { version, document } = await gallery();
      const bloated = [...document, { name: 'x'.repeat(70_000), images: [] }];
      const oversizedJson = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/content/gallery',
        payload: { baseVersion: version, document: bloated },
        headers: { cookie: t.cookie },
      });
      expect(oversizedJson.statusCode).toBe(413);

      const json = await t.app.inject({
        method: 'POST',
        url: '/api/admin/images',
        payload: {},
        headers: { cookie: t.cookie },
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
        headers: { cookie: t.cookie },
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
        headers: { cookie: t.cookie },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: IMAGE_MESSAGES.notFound });
      const notAnId = await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/images/not-a-photo',
        headers: { cookie: t.cookie },
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
        t.app.inject({
          method: 'DELETE',
          url: `/api/admin/images/${image.id}`,
          headers: { cookie: t.cookie },
        });
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
        about.picture = {
          src: '/images/about/history.svg',
          alt: 'The old alehouse',
          width: 1200,
          height: 800,
        };
      });
      expect((await deleteIt()).statusCode).toBe(204);
      expect(readdirSync(imagesDir)).toEqual([]);
      expect(await rowCount()).toBe(0);
    });
  },
);
