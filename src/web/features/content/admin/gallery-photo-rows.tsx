import { type ReactNode, useId } from 'react';
import type { GalleryImage } from '#shared/content/gallery.ts';
import { isUploaded } from '#shared/content/gallery-pictures.ts';
import type { ImageSummary } from '#shared/content/uploaded-images.ts';
import { ContentImage } from '#web/components/content-image.tsx';

const smallButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-cream-300 bg-white px-3 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-45 aria-disabled:hover:border-cream-300 aria-disabled:hover:bg-white';
const deleteButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold text-burgundy-700 hover:bg-burgundy-700/10';

type ThumbnailSource = { imageId: string; src?: undefined } | { src: string; imageId?: undefined };

function sourceOf(image: GalleryImage): ThumbnailSource {
  return isUploaded(image) ? { imageId: image.imageId } : { src: image.src };
}

/** A small picture beside its description, which says what it shows (so the picture itself is silent). */
function Thumbnail({ source, width, height }: { source: ThumbnailSource; width: number; height: number }) {
  return (
    <ContentImage
      {...source}
      alt=""
      width={width}
      height={height}
      sizes="6rem"
      loading="lazy"
      decoding="async"
      className="h-18 w-24 shrink-0 rounded-md bg-cream-100 object-cover ring-1 ring-brass-500/40"
    />
  );
}

/** A picture's row: its thumbnail and description, then its controls and its Delete button. */
function PictureRow({
  source,
  width,
  height,
  alt,
  onDelete,
  children,
}: {
  source: ThumbnailSource;
  width: number;
  height: number;
  alt: string;
  onDelete: () => void;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3 px-3 py-4 sm:gap-4 sm:px-5">
      <Thumbnail source={source} width={width} height={height} />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="line-clamp-3 text-[0.95rem] break-words text-green-950">{alt}</p>
        <div className="flex flex-wrap items-end gap-2">
          {children}
          <button type="button" onClick={onDelete} aria-label={`Delete: ${alt}`} className={deleteButton}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

/** The categories to put a picture in, named for screen readers only: the row's description says which. */
function CategorySelect({
  label,
  value,
  prompt,
  categories,
  onCategory,
}: {
  label: string;
  value: string;
  /** The choice shown before any is made, for a picture in no category. */
  prompt?: string;
  categories: string[];
  onCategory: (category: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(change) => change.target.value && onCategory(change.target.value)}
        className="field-input min-h-11 w-auto py-2 text-sm"
      >
        {prompt ? <option value="">{prompt}</option> : null}
        {categories.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

interface PhotoRowProps {
  image: GalleryImage;
  category: string;
  categories: string[];
  first: boolean;
  last: boolean;
  onMove: (image: GalleryImage, by: -1 | 1) => void;
  onCategory: (image: GalleryImage, category: string) => void;
  onDelete: (image: GalleryImage) => void;
}

/** A picture the gallery shows: staff move it up or down, to another category, or delete it. */
export function PhotoRow({
  image,
  category,
  categories,
  first,
  last,
  onMove,
  onCategory,
  onDelete,
}: PhotoRowProps) {
  return (
    <PictureRow
      source={sourceOf(image)}
      width={image.width}
      height={image.height}
      alt={image.alt}
      onDelete={() => onDelete(image)}
    >
      <button
        type="button"
        aria-disabled={first || undefined}
        onClick={() => !first && onMove(image, -1)}
        aria-label={`Move up: ${image.alt}`}
        className={smallButton}
      >
        <span aria-hidden="true">↑</span>
        <span aria-hidden="true">Up</span>
      </button>
      <button
        type="button"
        aria-disabled={last || undefined}
        onClick={() => !last && onMove(image, 1)}
        aria-label={`Move down: ${image.alt}`}
        className={smallButton}
      >
        <span aria-hidden="true">↓</span>
        <span aria-hidden="true">Down</span>
      </button>
      <CategorySelect
        label={`Category of “${image.alt}”`}
        value={category}
        categories={categories}
        onCategory={(name) => onCategory(image, name)}
      />
    </PictureRow>
  );
}

/** An uploaded photo that no category shows: staff put it in one, or delete it. */
export function LoosePhotoRow({
  upload,
  categories,
  onPlace,
  onDelete,
}: {
  upload: ImageSummary;
  categories: string[];
  onPlace: (upload: ImageSummary, category: string) => void;
  onDelete: (upload: ImageSummary) => void;
}) {
  return (
    <PictureRow
      source={{ imageId: upload.id }}
      width={upload.width}
      height={upload.height}
      alt={upload.alt}
      onDelete={() => onDelete(upload)}
    >
      <CategorySelect
        label={`Show “${upload.alt}” in`}
        value=""
        prompt="Show in…"
        categories={categories}
        onCategory={(name) => onPlace(upload, name)}
      />
    </PictureRow>
  );
}
