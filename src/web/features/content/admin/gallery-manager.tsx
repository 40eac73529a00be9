import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { GALLERY_MESSAGES, type Gallery, type GalleryImage } from '../../../../shared/content/gallery.ts';
import {
  isUploaded,
  pictureKey,
  withoutPicture,
  withPictureAdded,
  withPictureInCategory,
  withPictureMoved,
} from '../../../../shared/content/gallery-pictures.ts';
import { CONTENT_MESSAGES } from '../../../../shared/content/messages.ts';
import {
  IMAGE_MESSAGES,
  type ImageSummary,
  imageUploadFieldsSchema,
  MAX_IMAGE_BYTES,
} from '../../../../shared/content/uploaded-images.ts';
import { ContentImage } from '../../../components/content-image.tsx';
import { TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { ApiError, failureText } from '../../../lib/api.ts';
import { useAdminTitle } from '../../staff/admin-layout.tsx';
import { Notice } from '../../staff/notice.tsx';
import { forgetContent } from '../use-content.ts';
import * as api from './images-api.ts';

export const GALLERY_ADMIN_MESSAGES = {
  loadFailed: 'Could not load the gallery. Please try again.',
  saveFailed: 'Could not save the gallery. Please try again.',
  uploadFailed: 'Could not upload the photo. Please try again.',
  deleteFailed: 'Could not delete the photo. Please try again.',
  confirmDeleteUpload: 'Delete this photo? It comes off the website at once and cannot be brought back.',
  confirmRemoveBuiltIn: 'Take this picture off the gallery? It comes off the website at once.',
  uploaded: (category: string) => `Photo uploaded. It is now last in “${category}”.`,
  moved: (alt: string, direction: 'up' | 'down') => `Moved “${alt}” ${direction}.`,
  recategorised: (alt: string, category: string) => `Moved “${alt}” to “${category}”.`,
  deleted: (alt: string) => `Deleted “${alt}”.`,
} as const;

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; version: number; gallery: Gallery; uploads: ImageSummary[] };

type Ready = Extract<LoadState, { status: 'ready' }>;

/** What the last action came to; `stale` when someone else saved first and a reload is the way on. */
type Outcome = { tone: 'success' | 'error'; text: string; stale?: boolean } | null;

const NEW_CATEGORY = '\u0000new';

const smallButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-cream-300 bg-white px-3 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-45 aria-disabled:hover:border-cream-300 aria-disabled:hover:bg-white';
const deleteButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold text-burgundy-700 hover:bg-burgundy-700/10';

async function loadAll(): Promise<Ready> {
  const [{ version, document }, uploads] = await Promise.all([api.loadGallery(), api.listImages()]);
  return { status: 'ready', version, gallery: document, uploads };
}

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

interface UploadFormProps {
  categories: string[];
  onUploaded: (category: string) => Promise<void>;
}

type UploadField = 'file' | 'alt' | 'category';

/** One photo from the phone (its camera, when the phone offers it), its description and its category. */
function UploadForm({ categories, onUploaded }: UploadFormProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [choice, setChoice] = useState(categories[0] ?? NEW_CATEGORY);
  const [newName, setNewName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<UploadField, string>>>({});
  const [failure, setFailure] = useState('');
  const [uploading, setUploading] = useState(false);
  const fieldId = (field: UploadField) => `${id}-${field}`;
  const errorId = (field: UploadField) => `${id}-${field}-error`;
  // A category may have gone (its last photo moved away) since it was chosen.
  const selected =
    choice === NEW_CATEGORY || categories.includes(choice) ? choice : (categories[0] ?? NEW_CATEGORY);
  const creating = selected === NEW_CATEGORY;

  function problems(): Partial<Record<UploadField, string>> {
    const found: Partial<Record<UploadField, string>> = {};
    if (!file) found.file = IMAGE_MESSAGES.noFile;
    else if (file.size > MAX_IMAGE_BYTES) found.file = IMAGE_MESSAGES.tooLarge;
    const fields = imageUploadFieldsSchema.safeParse({ alt, category: creating ? newName : selected });
    for (const issue of fields.success ? [] : fields.error.issues) {
      const field = issue.path[0] === 'category' ? 'category' : 'alt';
      found[field] ??= issue.message;
    }
    if (creating && !newName.trim()) found.category ??= GALLERY_MESSAGES.categoryRequired;
    return found;
  }

  function show(found: Partial<Record<UploadField, string>>) {
    setErrors(found);
    const first = (['file', 'alt', 'category'] as const).find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    const found = problems();
    show(found);
    if (Object.keys(found).length > 0 || !file) return;
    const category = (creating ? newName : selected).trim();
    const form = new FormData();
    form.append('alt', alt);
    form.append('category', category);
    form.append('file', file);
    setUploading(true);
    try {
      await api.uploadImage(form);
      forgetContent('gallery');
    } catch (error) {
      setUploading(false);
      if (error instanceof ApiError && error.issues.length > 0) {
        show(
          Object.fromEntries(
            error.issues.map((issue) => [issue.path === 'category' ? 'category' : 'alt', issue.message]),
          ),
        );
      } else if (error instanceof ApiError && error.status === 400) {
        show({ file: error.message });
      } else {
        setFailure(failureText(error, GALLERY_ADMIN_MESSAGES.uploadFailed));
      }
      return;
    }
    setUploading(false);
    setFile(null);
    setAlt('');
    setNewName('');
    setChoice(category);
    if (fileInput.current) fileInput.current.value = '';
    await onUploaded(category);
  }

  const fieldError = (field: UploadField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm font-semibold text-burgundy-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="card space-y-5 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl">
        Add a photo
      </h2>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div>
        <label htmlFor={fieldId('file')} className="field-label">
          Photo<span aria-hidden="true"> *</span>
        </label>
        <input
          ref={fileInput}
          id={fieldId('file')}
          type="file"
          accept="image/*"
          required
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${errors.file ? `${errorId('file')} ` : ''}${id}-file-hint`}
          onChange={(change) => setFile(change.target.files?.[0] ?? null)}
          className="field-input min-h-11 file:mr-3 file:rounded-md file:border-0 file:bg-green-800 file:px-3 file:py-1.5 file:font-semibold file:text-cream-50"
        />
        {fieldError('file')}
        <p id={`${id}-file-hint`} className="mt-1.5 text-sm text-ink-soft">
          Take one now or choose one: JPEG, PNG, WebP or HEIC, up to 20 MB. Where it was taken is never
          published.
        </p>
      </div>
      <div>
        <TextAreaField
          id={fieldId('alt')}
          label="Description"
          required
          rows={2}
          maxLength={300}
          value={alt}
          hint="What the photo shows, read aloud to guests who cannot see it, e.g. “The inglenook fire lit on a winter evening”."
          invalid={Boolean(errors.alt)}
          errorId={errorId('alt')}
          onValue={setAlt}
        />
        {fieldError('alt')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-choice`} className="field-label">
            Category
          </label>
          <select
            id={`${id}-choice`}
            value={selected}
            onChange={(change) => setChoice(change.target.value)}
            className="field-input min-h-11"
          >
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={NEW_CATEGORY}>New category…</option>
          </select>
        </div>
        {creating ? (
          <div>
            <TextField
              id={fieldId('category')}
              label="New category name"
              required
              maxLength={60}
              value={newName}
              invalid={Boolean(errors.category)}
              errorId={errorId('category')}
              onValue={setNewName}
            />
            {fieldError('category')}
          </div>
        ) : null}
      </div>
      <button type="submit" disabled={uploading} className="btn-dark min-h-11 w-full px-6 sm:w-auto">
        {uploading ? 'Uploading…' : 'Upload photo'}
      </button>
    </form>
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

function PhotoRow({ image, category, categories, first, last, onMove, onCategory, onDelete }: PhotoRowProps) {
  const id = useId();
  return (
    <li className="flex gap-3 px-3 py-4 sm:gap-4 sm:px-5">
      <Thumbnail source={sourceOf(image)} width={image.width} height={image.height} />
      <div className="min-w-0 flex-1 space-y-2">
        <p id={`${id}-alt`} className="line-clamp-3 text-[0.95rem] break-words text-green-950">
          {image.alt}
        </p>
        <div className="flex flex-wrap items-end gap-2">
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
          <div>
            <label htmlFor={`${id}-category`} className="sr-only">
              Category of “{image.alt}”
            </label>
            <select
              id={`${id}-category`}
              value={category}
              onChange={(change) => onCategory(image, change.target.value)}
              className="field-input min-h-11 w-auto py-2 text-sm"
            >
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={() => onDelete(image)}
            aria-label={`Delete: ${image.alt}`}
            className={deleteButton}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

/** An uploaded photo that no category shows: staff put it in one, or delete it. */
function LoosePhotoRow({
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
  const id = useId();
  return (
    <li className="flex gap-3 px-3 py-4 sm:gap-4 sm:px-5">
      <Thumbnail source={{ imageId: upload.id }} width={upload.width} height={upload.height} />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="line-clamp-3 text-[0.95rem] break-words text-green-950">{upload.alt}</p>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${id}-place`} className="sr-only">
              Show “{upload.alt}” in
            </label>
            <select
              id={`${id}-place`}
              value=""
              onChange={(change) => change.target.value && onPlace(upload, change.target.value)}
              className="field-input min-h-11 w-auto py-2 text-sm"
            >
              <option value="">Show in…</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={() => onDelete(upload)}
            aria-label={`Delete: ${upload.alt}`}
            className={deleteButton}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The gallery for staff, phone first: upload a photo, then see each category's pictures in the order guests
 * do, move them up or down or to another category, or delete them. Each change saves the whole gallery
 * document from the version on screen, so a change made meanwhile by someone else is never overwritten.
 */
export function GalleryManagerPage() {
  useAdminTitle('Gallery');
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const working = useRef(false);

  const reload = useCallback(async () => {
    try {
      setLoad(await loadAll());
    } catch (error) {
      setLoad({ status: 'failed', error: failureText(error, GALLERY_ADMIN_MESSAGES.loadFailed) });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs one change at a time: a second tap while one is saving is ignored rather than raced. */
  async function runChange(change: (ready: Ready) => Promise<void>, failedText: string) {
    if (load.status !== 'ready' || working.current) return;
    working.current = true;
    try {
      await change(load);
    } catch (error) {
      // A 409 is a colleague's newer save, unless the server says why otherwise (a photo still in use).
      const stale =
        error instanceof ApiError &&
        error.status === 409 &&
        (!error.fromServer || error.message === CONTENT_MESSAGES.stale);
      setOutcome({
        tone: 'error',
        text: failureText(error, stale ? CONTENT_MESSAGES.stale : failedText),
        stale,
      });
    } finally {
      working.current = false;
    }
  }

  function saveGallery(edit: (gallery: Gallery) => Gallery, done: string) {
    return runChange(async (ready) => {
      const gallery = edit(ready.gallery);
      const { version } = await api.saveGallery(ready.version, gallery);
      forgetContent('gallery');
      setLoad({ ...ready, version, gallery });
      setOutcome({ tone: 'success', text: done });
    }, GALLERY_ADMIN_MESSAGES.saveFailed);
  }

  function deleteUpload(id: string, alt: string) {
    if (!window.confirm(GALLERY_ADMIN_MESSAGES.confirmDeleteUpload)) return;
    return runChange(async () => {
      await api.deleteImage(id);
      forgetContent('gallery');
      // The server took it out of the gallery too, as a new version: show that one.
      setLoad(await loadAll());
      setOutcome({ tone: 'success', text: GALLERY_ADMIN_MESSAGES.deleted(alt) });
    }, GALLERY_ADMIN_MESSAGES.deleteFailed);
  }

  function deletePicture(image: GalleryImage) {
    if (isUploaded(image)) return deleteUpload(image.imageId, image.alt);
    if (!window.confirm(GALLERY_ADMIN_MESSAGES.confirmRemoveBuiltIn)) return;
    return saveGallery(
      (gallery) => withoutPicture(gallery, pictureKey(image)),
      GALLERY_ADMIN_MESSAGES.deleted(image.alt),
    );
  }

  async function reloadAfterConflict() {
    setOutcome(null);
    await reload();
  }

  const categories = load.status === 'ready' ? load.gallery.map((category) => category.name) : [];
  const shown = new Set(
    load.status === 'ready' ? load.gallery.flatMap((category) => category.images.map(pictureKey)) : [],
  );
  const loose = load.status === 'ready' ? load.uploads.filter((upload) => !shown.has(upload.id)) : [];

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Gallery</h1>
        <p className="mt-1 text-ink-soft">
          The photos on the website’s Gallery page, in the order guests see them. Changes show at once.
        </p>
      </div>

      {outcome ? (
        <div className="space-y-2">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
          {outcome.stale ? (
            <button
              type="button"
              onClick={() => void reloadAfterConflict()}
              className="btn-dark min-h-11 px-5"
            >
              Reload the gallery
            </button>
          ) : null}
        </div>
      ) : null}

      {load.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : load.status === 'failed' ? (
        <div className="space-y-3">
          <Notice tone="error">{load.error}</Notice>
          <button type="button" onClick={() => void reload()} className="btn-dark min-h-11 px-5">
            Try again
          </button>
        </div>
      ) : (
        <>
          <UploadForm
            categories={categories}
            onUploaded={async (category) => {
              await reload();
              setOutcome({ tone: 'success', text: GALLERY_ADMIN_MESSAGES.uploaded(category) });
            }}
          />

          {load.gallery.map((category, order) => {
            const headingId = `gallery-category-${order}`;
            return (
              <section key={category.name} aria-labelledby={headingId} className="card overflow-hidden">
                <h2
                  id={headingId}
                  className="border-b border-cream-200 px-4 py-3 font-serif text-2xl sm:px-5"
                >
                  {category.name}
                  <span className="align-middle font-sans text-base text-ink-soft">
                    {' '}
                    ({category.images.length})
                  </span>
                </h2>
                <ol className="divide-y divide-cream-200">
                  {category.images.map((image, index) => (
                    <PhotoRow
                      key={pictureKey(image)}
                      image={image}
                      category={category.name}
                      categories={categories}
                      first={index === 0}
                      last={index === category.images.length - 1}
                      onMove={(moved, by) =>
                        saveGallery(
                          (gallery) => withPictureMoved(gallery, pictureKey(moved), by),
                          GALLERY_ADMIN_MESSAGES.moved(moved.alt, by === -1 ? 'up' : 'down'),
                        )
                      }
                      onCategory={(moved, name) =>
                        saveGallery(
                          (gallery) => withPictureInCategory(gallery, pictureKey(moved), name),
                          GALLERY_ADMIN_MESSAGES.recategorised(moved.alt, name),
                        )
                      }
                      onDelete={(image) => void deletePicture(image)}
                    />
                  ))}
                </ol>
              </section>
            );
          })}

          {loose.length > 0 ? (
            <section aria-labelledby="gallery-loose" className="card overflow-hidden">
              <h2
                id="gallery-loose"
                className="border-b border-cream-200 px-4 py-3 font-serif text-2xl sm:px-5"
              >
                Not in the gallery
              </h2>
              <p className="px-4 pt-3 text-sm text-ink-soft sm:px-5">
                Uploaded, but in no category, so guests do not see them yet.
              </p>
              <ul className="divide-y divide-cream-200">
                {loose.map((upload) => (
                  <LoosePhotoRow
                    key={upload.id}
                    upload={upload}
                    categories={categories}
                    onPlace={(placed, name) =>
                      saveGallery(
                        (gallery) =>
                          withPictureAdded(gallery, name, {
                            imageId: placed.id,
                            alt: placed.alt,
                            width: placed.width,
                            height: placed.height,
                          }),
                        GALLERY_ADMIN_MESSAGES.recategorised(placed.alt, name),
                      )
                    }
                    onDelete={(upload) => void deleteUpload(upload.id, upload.alt)}
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
