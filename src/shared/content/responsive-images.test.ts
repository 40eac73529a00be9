import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  srcSet,
  uploadFallbackPath,
  uploadSrcSet,
  uploadWidths,
  variantPath,
  variantWidths,
} from './responsive-images.ts';

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

describe('uploaded photo names', () => {
  const id = '0b9f4a8e-3c2d-4e5f-9a1b-2c3d4e5f6a7b';

  it('makes the standard widths, each capped at the photo’s own', () => {
    expect(uploadWidths(4032)).toEqual([480, 960, 1600]);
    expect(uploadWidths(1600)).toEqual([480, 960, 1600]);
    expect(uploadWidths(1200)).toEqual([480, 960, 1200]);
    expect(uploadWidths(960)).toEqual([480, 960]);
    expect(uploadWidths(480)).toEqual([480]);
    expect(uploadWidths(300)).toEqual([300]);
  });

  it('builds srcset strings and a mid-sized fallback from the id', () => {
    expect(uploadSrcSet(id, 1200, 'avif')).toBe(
      `/images/uploads/${id}/480.avif 480w, /images/uploads/${id}/960.avif 960w, /images/uploads/${id}/1200.avif 1200w`,
    );
    expect(uploadFallbackPath(id, 4032)).toBe(`/images/uploads/${id}/960.webp`);
    expect(uploadFallbackPath(id, 300)).toBe(`/images/uploads/${id}/300.webp`);
  });
});
