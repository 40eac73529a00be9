import type { GalleryImage } from '#shared/content/gallery.ts';
import { pictureKey } from '#shared/content/gallery-pictures.ts';
import { GalleryPicture } from './gallery-image.tsx';

export interface GridItem {
  image: GalleryImage;
  /** Position in the whole gallery (All order), which the lightbox steps through. */
  index: number;
  /** Load at once: the first few pictures, which sit above the fold. */
  eager: boolean;
}

interface GalleryGridProps {
  items: GridItem[];
  onOpen: (index: number) => void;
  /** Lets the gallery give focus back to the thumbnail of the picture last shown. */
  registerThumb: (index: number, button: HTMLButtonElement | null) => void;
}

/** Thumbnails: 2 columns on phones, 3 on tablets, 4 on desktop. */
export function GalleryGrid({ items, onOpen, registerThumb }: GalleryGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {items.map(({ image, index, eager }) => (
        <li key={`${index}-${pictureKey(image)}`}>
          <button
            type="button"
            ref={(button) => registerThumb(index, button)}
            onClick={() => onOpen(index)}
            aria-label={`View larger: ${image.alt}`}
            className="group block w-full cursor-zoom-in rounded-xl bg-white p-1.5 shadow-[0_10px_24px_-16px_rgba(18,38,28,0.55)] ring-1 ring-brass-500/45 transition duration-200 hover:-translate-y-0.5 hover:shadow-[0_16px_30px_-16px_rgba(18,38,28,0.6)] hover:ring-2 hover:ring-brass-500"
          >
            <span className="block aspect-[4/3] overflow-hidden rounded-lg bg-cream-100">
              <GalleryPicture
                image={image}
                eager={eager}
                className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.04]"
              />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
