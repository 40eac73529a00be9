import type { ImgHTMLAttributes } from 'react';
import { hasVariants, RESPONSIVE_FORMATS, srcSet } from '../../shared/content/responsive-images.ts';

type ContentImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'srcSet'> & {
  src: string;
  width: number;
  height: number;
  /** How wide the image is drawn, for the browser to pick a file (e.g. "(min-width: 1024px) 25vw, 50vw"). */
  sizes?: string;
};

/**
 * An image from content/: a photo the pub dropped in is served as AVIF or WebP in the width the screen
 * needs, with the original as the fallback; SVG artwork and remote URLs are served as they are.
 */
export function ContentImage({ src, width, height, sizes = '100vw', alt = '', ...img }: ContentImageProps) {
  const image = <img src={src} width={width} height={height} alt={alt} {...img} />;
  if (!hasVariants(src)) return image;
  return (
    <picture>
      {RESPONSIVE_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(src, width, format)} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
