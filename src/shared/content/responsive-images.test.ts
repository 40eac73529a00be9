import { describe, expect, it } from 'vitest';
import { hasVariants, srcSet, variantPath, variantWidths } from './responsive-images.ts';

describe('responsive image names', () => {
  it('knows which sources are our photos', () => {
    expect(hasVariants('/images/gallery/bar.jpg')).toBe(true);
    expect(hasVariants('/images/gallery/bar.PNG')).toBe(true);
    expect(hasVariants('/images/gallery/bar.svg')).toBe(false);
    expect(hasVariants('https://example.com/bar.jpg')).toBe(false);
    expect(hasVariants('/images/_r/gallery/bar-480.webp')).toBe(false);
  });

  it('never makes a variant wider than the photo', () => {
    expect(variantWidths(2400)).toEqual([480, 960, 1600, 2400]);
    expect(variantWidths(960)).toEqual([480, 960]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('builds srcset strings', () => {
    expect(variantPath('/images/gallery/bar.jpg', 960, 'avif')).toBe('/images/_r/gallery/bar-960.avif');
    expect(srcSet('/images/a.jpg', 1000, 'webp')).toBe(
      '/images/_r/a-480.webp 480w, /images/_r/a-960.webp 960w, /images/_r/a-1000.webp 1000w',
    );
  });
});
