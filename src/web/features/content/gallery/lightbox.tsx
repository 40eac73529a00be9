import { useId, useRef } from 'react';
import type { GalleryImage } from '#shared/content/gallery.ts';
import { pictureKey } from '#shared/content/gallery-pictures.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { GalleryPicture } from './gallery-image.tsx';

export interface LightboxItem {
  image: GalleryImage;
  category: string;
}

interface LightboxProps {
  items: LightboxItem[];
  /** The picture shown, or null when the lightbox is shut. */
  index: number | null;
  onChange: (index: number) => void;
  onClose: () => void;
}

const navButton =
  'inline-flex items-center gap-2 rounded-full border-2 border-cream-100/70 px-4 py-2 font-semibold text-cream-50 transition-colors duration-150 hover:border-brass-300 hover:bg-cream-50 hover:text-green-900';

/**
 * The large view of one picture over a dark green backdrop. Previous and Next (and the arrow keys)
 * step through every picture in the gallery and wrap round at either end.
 */
export function Lightbox({ items, index, onChange, onClose }: LightboxProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const count = items.length;
  const current = index === null ? undefined : items[index];
  const open = index !== null && current !== undefined;

  function step(by: number) {
    if (index === null || count === 0) return;
    onChange((index + by + count) % count);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      initialFocus={closeRef}
      overlayClassName="items-center justify-center bg-green-950/95 p-3 sm:p-6"
      className="flex max-h-full w-full max-w-5xl flex-col text-cream-50 focus:outline-none"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') {
          event.preventDefault();
          step(1);
        } else if (event.key === 'ArrowLeft') {
          event.preventDefault();
          step(-1);
        }
      }}
    >
      {current && index !== null ? (
        <>
          <div className="flex items-center justify-between gap-4 pb-3">
            <p className="font-semibold tracking-wide text-cream-100 tabular-nums">
              {index + 1} of {count}
            </p>
            <button ref={closeRef} type="button" onClick={onClose} className={navButton} aria-label="Close">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-4"
                fill="none"
                stroke="currentColor"
              >
                <path d="M5 5l10 10M15 5 5 15" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span aria-hidden="true">Close</span>
            </button>
          </div>
          <figure className="flex min-h-0 flex-col">
            <div className="mx-auto flex min-h-0 w-fit max-w-full justify-center rounded-xl bg-green-900 p-1.5 ring-1 ring-brass-400/50">
              <GalleryPicture
                key={pictureKey(current.image)}
                image={current.image}
                eager
                sizes="(min-width: 1024px) 63rem, 100vw"
                className="max-h-[62vh] w-auto max-w-full rounded-lg object-contain sm:max-h-[68vh]"
                placeholderClassName="aspect-[4/3] w-[min(calc(100vw-3rem),calc(62vh*4/3),63rem)] rounded-lg sm:w-[min(calc(100vw-4.5rem),calc(68vh*4/3),63rem)]"
              />
            </div>
            <figcaption className="mt-3 max-w-3xl" aria-live="polite">
              <h2 id={titleId} className="font-serif text-xl text-brass-300 sm:text-2xl">
                {current.category}
              </h2>
              <p className="mt-1 text-[0.95rem] leading-snug text-cream-100">{current.image.alt}</p>
            </figcaption>
          </figure>
          <div className="mt-4 flex items-center justify-between gap-4">
            <button type="button" onClick={() => step(-1)} className={navButton} aria-label="Previous image">
              <span aria-hidden="true">←</span>
              <span aria-hidden="true">Previous</span>
            </button>
            <button type="button" onClick={() => step(1)} className={navButton} aria-label="Next image">
              <span aria-hidden="true">Next</span>
              <span aria-hidden="true">→</span>
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
