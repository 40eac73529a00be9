import { type ReactNode, useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import type { BuiltInPicture, GalleryImage } from '#shared/content/gallery.ts';
import { isUploaded } from '#shared/content/gallery-pictures.ts';
import type { ImageSummary } from '#shared/content/uploaded-images.ts';
import { ContentImage } from '#web/components/content-image.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '#web/lib/api.ts';
import { TextInput, useDraftValue } from './fields.tsx';
import * as api from './images-api.ts';

export const PICTURE_PICKER_MESSAGES = {
  loadFailed: 'Could not load the uploaded photos. Please try again.',
  sitePicture: 'The site’s own picture',
  uploadedPhoto: 'An uploaded photo',
} as const;

/** The radio value of the site's own picture; an uploaded photo's is its id. */
const SITE_PICTURE = 'site';

type PhotosState =
  | { status: 'closed' }
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; uploads: ImageSummary[] };

function sourceOf(picture: GalleryImage) {
  return isUploaded(picture) ? { imageId: picture.imageId } : { src: picture.src };
}

/** A picture drawn small; the words beside it say what it shows, so it is silent itself. */
function Thumbnail({ picture, large = false }: { picture: GalleryImage; large?: boolean }) {
  return (
    <ContentImage
      {...sourceOf(picture)}
      alt=""
      width={picture.width}
      height={picture.height}
      sizes={large ? '10rem' : '6rem'}
      loading="lazy"
      decoding="async"
      className={`${large ? 'h-24 w-40' : 'h-16 w-24'} shrink-0 rounded-md bg-cream-100 object-cover ring-1 ring-brass-500/40`}
    />
  );
}

const choiceRow =
  'flex min-h-16 cursor-pointer items-center gap-3 rounded-lg border border-cream-300 bg-white p-2 pr-3 transition-colors hover:border-green-700 has-checked:border-green-700 has-checked:bg-green-700/10';

function Choice({
  name,
  value,
  checked,
  picture,
  title,
  detail,
  onChoose,
}: {
  name: string;
  value: string;
  checked: boolean;
  picture: GalleryImage;
  title: string;
  /** More words about it, read after its name. */
  detail?: string;
  onChoose: () => void;
}) {
  const id = useId();
  return (
    <label className={choiceRow}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        aria-labelledby={`${id}-title`}
        aria-describedby={detail ? `${id}-detail` : undefined}
        className="h-5 w-5 shrink-0 accent-green-800"
      />
      <Thumbnail picture={picture} />
      <span className="min-w-0 flex-1">
        <span id={`${id}-title`} className="line-clamp-3 block break-words text-green-900">
          {title}
        </span>
        {detail ? (
          <span id={`${id}-detail`} className="line-clamp-2 block text-sm break-words text-ink-soft">
            {detail}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/**
 * Chooses a page's picture: the one it shows now, with its description to edit, and, on request, the photos
 * staff uploaded (and the site's own picture) as a list to pick from. A photo chosen brings its description
 * from the upload, which staff may then reword for this page.
 */
export function PicturePicker({
  path,
  purpose,
  hint,
  picture: ownPicture,
  sitePicture,
  onPicture: ownOnPicture,
}: {
  /** Where the picture sits in the document: `heroPicture`. */
  path: string;
  /** What the picture is, in the words of the list's heading: "the home page picture". */
  purpose: string;
  hint?: ReactNode;
  /** The picture shown, when the screen keeps it rather than the draft at `path`. */
  picture?: GalleryImage;
  /** The artwork that ships with the site for this place, offered beside the uploads. */
  sitePicture: BuiltInPicture;
  onPicture?: (picture: GalleryImage) => void;
}) {
  const [picture, onPicture] = useDraftValue<GalleryImage>(path, {
    value: ownPicture,
    onValue: ownOnPicture,
  });
  const id = useId();
  const [photos, setPhotos] = useState<PhotosState>({ status: 'closed' });
  const open = photos.status !== 'closed';
  const chosen = isUploaded(picture) ? picture.imageId : picture.src === sitePicture.src ? SITE_PICTURE : '';

  const loadPhotos = useCallback(async () => {
    setPhotos({ status: 'loading' });
    try {
      setPhotos({ status: 'ready', uploads: await api.listImages() });
    } catch (error) {
      setPhotos({ status: 'failed', error: failureText(error, PICTURE_PICKER_MESSAGES.loadFailed) });
    }
  }, []);

  return (
    <div className="space-y-5">
      {hint ? <p className="text-ink-soft">{hint}</p> : null}
      <div className="flex flex-wrap items-center gap-4">
        <Thumbnail picture={picture} large />
        <p className="min-w-0 flex-1">
          <span className="block text-sm text-ink-soft">Showing now</span>
          <span className="block font-semibold text-green-900">
            {isUploaded(picture)
              ? PICTURE_PICKER_MESSAGES.uploadedPhoto
              : PICTURE_PICKER_MESSAGES.sitePicture}
          </span>
        </p>
      </div>
      <TextInput
        path={`${path}.alt`}
        label="Description"
        hint="What the picture shows, read aloud to guests who cannot see it. A photo you choose brings the description it was uploaded with."
        multiline
        rows={2}
        value={picture.alt}
        onValue={(alt) => onPicture({ ...picture, alt })}
      />
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-photos`}
        onClick={() => (open ? setPhotos({ status: 'closed' }) : void loadPhotos())}
        className="btn-outline min-h-11 w-full px-5 py-2 sm:w-auto"
      >
        {open ? 'Hide the photos' : 'Choose another picture'}
      </button>
      <div id={`${id}-photos`} hidden={!open}>
        {photos.status === 'loading' ? (
          <p role="status" className="text-ink-soft">
            Loading the photos…
          </p>
        ) : photos.status === 'failed' ? (
          <div className="space-y-3">
            <Notice tone="error">{photos.error}</Notice>
            <button type="button" onClick={() => void loadPhotos()} className="btn-dark min-h-11 px-5">
              Try again
            </button>
          </div>
        ) : photos.status === 'ready' ? (
          <fieldset className="space-y-2">
            <legend className="field-label">Choose {purpose}</legend>
            <Choice
              name={`${id}-picture`}
              value={SITE_PICTURE}
              checked={chosen === SITE_PICTURE}
              picture={sitePicture}
              title={PICTURE_PICKER_MESSAGES.sitePicture}
              detail={sitePicture.alt}
              onChoose={() => onPicture(sitePicture)}
            />
            {photos.uploads.map((upload) => {
              const uploaded = {
                imageId: upload.id,
                alt: upload.alt,
                width: upload.width,
                height: upload.height,
              };
              return (
                <Choice
                  key={upload.id}
                  name={`${id}-picture`}
                  value={upload.id}
                  checked={chosen === upload.id}
                  picture={uploaded}
                  title={upload.alt}
                  onChoose={() => onPicture(uploaded)}
                />
              );
            })}
            {photos.uploads.length === 0 ? (
              <p className="pt-2 text-ink-soft">
                No photos uploaded yet.{' '}
                <Link to="/admin/content/gallery" className="link">
                  Upload one in the gallery
                </Link>
                , then come back here.
              </p>
            ) : null}
          </fieldset>
        ) : null}
      </div>
    </div>
  );
}
