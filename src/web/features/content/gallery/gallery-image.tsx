import { useState } from 'react';
import type { GalleryImage } from '#shared/content/gallery.ts';
import { isUploaded } from '#shared/content/gallery-pictures.ts';
import { ContentImage } from '#web/components/content-image.tsx';

interface GalleryPictureProps {
  image: GalleryImage;
  /** Classes of the <img>, and of the placeholder that replaces it when the file fails to load. */
  className: string;
  /** Classes of the 'Missing image' placeholder when they should differ from the picture's. */
  placeholderClassName?: string;
  /** Above-the-fold pictures load straight away; the rest wait until they are scrolled near. */
  eager?: boolean;
  /** How wide the picture is drawn, so a photo is fetched in the width it needs. */
  sizes?: string;
}

/**
 * One gallery picture. A file that fails to load is swapped for a cream placeholder reading
 * 'Missing image', which keeps the alt text for screen readers.
 */
export function GalleryPicture({
  image,
  className,
  placeholderClassName = className,
  eager = false,
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
}: GalleryPictureProps) {
  const [broken, setBroken] = useState(false);

  if (broken) {
    return (
      <span
        className={`flex flex-col items-center justify-center gap-1 border border-dashed border-brass-600/60 bg-cream-100 p-3 text-center text-ink-soft ${placeholderClassName}`}
        data-testid="missing-image"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-7 text-brass-600"
          fill="none"
          stroke="currentColor"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" strokeWidth="1.5" />
          <path d="m3 16 5-5 4 4 3-3 6 6" strokeWidth="1.5" strokeLinejoin="round" />
          <path d="m4 4 16 16" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <span className="text-sm font-semibold">Missing image</span>
        <span className="sr-only">{image.alt}</span>
      </span>
    );
  }

  return (
    <ContentImage
      {...(isUploaded(image) ? { imageId: image.imageId } : { src: image.src })}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
      className={className}
      onError={() => setBroken(true)}
    />
  );
}
