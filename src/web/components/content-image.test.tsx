import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentImage } from './content-image.tsx';

describe('ContentImage', () => {
  it('serves a dropped-in photo as AVIF and WebP in every width, with the original as fallback', () => {
    const { container } = render(
      <ContentImage
        src="/images/gallery/bar.jpg"
        width={1200}
        height={900}
        alt="The bar"
        sizes="50vw"
        loading="lazy"
      />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      '/images/_r/gallery/bar-480.avif 480w, /images/_r/gallery/bar-960.avif 960w, /images/_r/gallery/bar-1200.avif 1200w',
    );
    expect(sources[1]?.getAttribute('sizes')).toBe('50vw');
    const img = container.querySelector('picture > img');
    expect(img).toHaveAttribute('src', '/images/gallery/bar.jpg');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('alt', 'The bar');
  });

  it('serves SVG artwork and remote images as a plain img', () => {
    const { container } = render(
      <>
        <ContentImage src="/images/hero.svg" width={1600} height={900} />
        <ContentImage src="https://example.com/cover.jpg" width={1200} height={675} />
      </>,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });
});
