import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { GalleryCategory } from '#shared/content/gallery.ts';
import { ALL, CategoryFilter } from './category-filter.tsx';
import { GalleryGrid, type GridItem } from './gallery-grid.tsx';
import { Lightbox, type LightboxItem } from './lightbox.tsx';

/** How many pictures, counted from the top of what is shown, load without waiting (one desktop row). */
const EAGER_COUNT = 4;

interface Section {
  /** Position among the categories, for element ids (names hold spaces). */
  order: number;
  name: string;
  items: GridItem[];
}

/** The gallery itself: category filter, thumbnail grids and the lightbox. Data comes in as props. */
export function GalleryView({ categories }: { categories: GalleryCategory[] }) {
  const [selected, setSelected] = useState(ALL);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const thumbs = useRef(new Map<number, HTMLButtonElement>());
  const returnTo = useRef<number | null>(null);
  const idPrefix = useId();

  /** Every picture in All order: the lightbox steps through these, whatever the filter. */
  const everything = useMemo<LightboxItem[]>(
    () =>
      categories.flatMap((category) => category.images.map((image) => ({ image, category: category.name }))),
    [categories],
  );

  const sections = useMemo<Section[]>(() => {
    let index = 0;
    const all = categories.map((category, order) => ({
      order,
      name: category.name,
      items: category.images.map((image) => ({ image, index: index++, eager: false })),
    }));
    const shown = selected === ALL ? all : all.filter((section) => section.name === selected);
    let position = 0;
    return shown.map((section) => ({
      ...section,
      items: section.items.map((item) => ({ ...item, eager: position++ < EAGER_COUNT })),
    }));
  }, [categories, selected]);

  // After the lightbox shuts, focus the thumbnail of the picture last shown when it is on the page
  // (the dialog has already given focus back to the one that opened it, which covers the rest).
  useEffect(() => {
    if (openIndex !== null || returnTo.current === null) return;
    const button = thumbs.current.get(returnTo.current);
    returnTo.current = null;
    if (button?.isConnected) button.focus();
  }, [openIndex]);

  if (everything.length === 0) {
    return (
      <div className="card mx-auto max-w-xl px-6 py-12 text-center">
        <p className="font-serif text-2xl text-green-900">No images yet.</p>
        <p className="mt-2 text-ink-soft">Photos of the pub will appear here soon.</p>
      </div>
    );
  }

  const shownCount = sections.reduce((sum, section) => sum + section.items.length, 0);

  return (
    <>
      <CategoryFilter
        names={categories.map((category) => category.name)}
        selected={selected}
        onSelect={setSelected}
      />
      <p className="sr-only" role="status">
        {selected === ALL
          ? `Showing all ${shownCount} photos`
          : `Showing ${shownCount} photos of ${selected}`}
      </p>

      <div className="mt-8 space-y-12 sm:mt-10 sm:space-y-14">
        {sections.map((section, index) => (
          <section
            key={section.order}
            aria-labelledby={`${idPrefix}-${section.order}`}
            className={index > 0 ? 'below-first-screen' : undefined}
          >
            <h2
              id={`${idPrefix}-${section.order}`}
              className={selected === ALL ? 'mb-5 flex items-center gap-4 text-2xl sm:text-3xl' : 'sr-only'}
            >
              {section.name}
              <span aria-hidden="true" className="h-px flex-1 bg-brass-500/50" />
            </h2>
            {section.items.length > 0 ? (
              <GalleryGrid
                items={section.items}
                onOpen={setOpenIndex}
                registerThumb={(index, button) => {
                  if (button) thumbs.current.set(index, button);
                  else thumbs.current.delete(index);
                }}
              />
            ) : (
              <p className="text-ink-soft">No images yet.</p>
            )}
          </section>
        ))}
      </div>

      <Lightbox
        items={everything}
        index={openIndex}
        onChange={setOpenIndex}
        onClose={() => {
          returnTo.current = openIndex;
          setOpenIndex(null);
        }}
      />
    </>
  );
}
