import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildResponsiveImages, buildShareImage, checkDrawings } from './build-images.ts';

describe('buildResponsiveImages', () => {
  const work = mkdtempSync(join(tmpdir(), 'pub-images-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('makes AVIF and WebP in every width from a dropped-in photo, once', async () => {
    const source = join(work, 'content');
    const out = join(work, 'out');
    mkdirSync(join(source, 'gallery'), { recursive: true });
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#1d3a2c' } })
      .jpeg()
      .toFile(join(source, 'gallery/bar.jpg'));
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#b58a3c' } })
      .png()
      .toFile(join(source, 'tiny.png'));

    expect(await buildResponsiveImages(source, out)).toBe(2 * 4 + 2);
    const medium = await sharp(join(out, 'gallery/bar-960.avif')).metadata();
    expect(medium).toMatchObject({ width: 960, height: 720 });
    expect((await sharp(join(out, 'gallery/bar-2000.webp')).metadata()).format).toBe('webp');
    expect(statSync(join(out, 'tiny-40.webp')).size).toBeGreaterThan(0);

    expect(await buildResponsiveImages(source, out)).toBe(0);
  });

  it('makes the link preview picture of the site’s own home page picture, a 1200 × 630 JPEG, once', async () => {
    const source = join(work, 'share-content');
    const out = join(work, 'share-out');
    mkdirSync(source);
    writeFileSync(
      join(source, 'front.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#1d3a2c"/></svg>',
    );
    const venue = join(work, 'venue.json');
    writeFileSync(venue, JSON.stringify({ heroPicture: { src: '/images/front.svg', alt: 'The pub' } }));

    expect(await buildShareImage(source, out, venue)).toBe(true);
    expect(await sharp(join(out, 'share.jpg')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    expect(await buildShareImage(source, out, venue)).toBe(false);
  });

  it('refuses a drawing that is not well-formed XML, naming its file, line and column', async () => {
    const drawings = join(work, 'drawings');
    mkdirSync(join(drawings, 'gallery'), { recursive: true });
    const svg = (body: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n${body}\n</svg>`;
    writeFileSync(join(drawings, 'good.svg'), svg('<defs><g id="a"/></defs><use href="#a"/>'));
    await expect(checkDrawings(drawings)).resolves.toBeUndefined();

    writeFileSync(join(drawings, 'gallery/front.svg'), svg('<defs><g id="a"/></defs>\n</defs>'));
    await expect(checkDrawings(drawings)).rejects.toThrow(/gallery\/front\.svg:3:7: unexpected close tag/);
  });
});
