const TILES = 8;

/**
 * Shown while the gallery is on its way (after a client-side navigation): the filter row and a grid of
 * empty frames, the size the thumbnails will be, so nothing jumps when they arrive.
 */
export function GalleryPlaceholder() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading the photos…
      </p>
      <div aria-hidden="true" className="h-10 w-64 max-w-full rounded-full bg-cream-100" />
      <ul
        aria-hidden="true"
        className="mt-8 grid grid-cols-2 gap-3 sm:mt-10 sm:gap-5 md:grid-cols-3 lg:grid-cols-4"
      >
        {Array.from({ length: TILES }, (_, tile) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical empty frames
          <li key={tile} className="rounded-xl bg-white p-1.5 ring-1 ring-brass-500/25">
            <span className="block aspect-[4/3] animate-pulse rounded-lg bg-cream-100 motion-reduce:animate-none" />
          </li>
        ))}
      </ul>
    </div>
  );
}
