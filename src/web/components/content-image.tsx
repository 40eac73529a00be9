import type { ImgHTMLAttributes } from 'react';
import {
  hasVariants,
  RESPONSIVE_FORMATS,
  type ResponsiveFormat,
  srcSet,
  uploadFallbackPath,
  uploadSrcSet,
} from '#shared/content/responsive-images.ts';

type ContentImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'srcSet'> &
  (
    | /** A file under /images/. */ { src: string; imageId?: undefined }
    | /** A photo staff uploaded, by its id. */ { imageId: string; src?: undefined }
  ) & {
    width: number;
    height: number;
    /** How wide the image is drawn, for the browser to pick a file (e.g. "(min-width: 1024px) 25vw, 50vw"). */
    sizes?: string;
  };

/**
 * An image from content/ or from staff's uploads: a photo is served as AVIF or WebP in the width the screen
 * needs, with one file as the fallback (the original, or an upload's mid-sized WebP); SVG artwork and remote
 * URLs are served as they are.
 */
export function ContentImage({
  src,
  imageId,
  width,
  height,
  sizes = '100vw',
  alt = '',
  ...img
}: ContentImageProps) {
  const fallback = imageId === undefined ? src : uploadFallbackPath(imageId, width);
  const image = <img src={fallback} width={width} height={height} alt={alt} {...img} />;
  const sourceSet: ((format: ResponsiveFormat) => string) | undefined =
    imageId !== undefined
      ? (format) => uploadSrcSet(imageId, width, format)
      : hasVariants(src)
        ? (format) => srcSet(src, width, format)
        : undefined;
  if (!sourceSet) return image;
  return (
    <picture>
      {RESPONSIVE_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={sourceSet(format)} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
