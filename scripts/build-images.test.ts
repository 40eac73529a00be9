import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildResponsiveImages } from './build-images.ts';

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
});
