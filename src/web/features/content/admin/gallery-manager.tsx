import { useCallback, useEffect, useRef, useState } from 'react';
import type { Gallery, GalleryImage } from '#shared/content/gallery.ts';
import {
  isUploaded,
  pictureKey,
  withoutPicture,
  withPictureAdded,
  withPictureInCategory,
  withPictureMoved,
} from '#shared/content/gallery-pictures.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import type { ImageSummary } from '#shared/content/uploaded-images.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '#web/lib/api.ts';
import { forgetContent } from '../use-content.ts';
import { savedElsewhereFirst } from './api.ts';
import { GALLERY_ADMIN_MESSAGES } from './gallery-messages.ts';
import { LoosePhotoRow, PhotoRow } from './gallery-photo-rows.tsx';
import { UploadForm } from './gallery-upload-form.tsx';
import * as api from './images-api.ts';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; version: number; gallery: Gallery; uploads: ImageSummary[] };

type Ready = Extract<LoadState, { status: 'ready' }>;

/** What the last action came to; `stale` when someone else saved first and a reload is the way on. */
type Outcome = { tone: 'success' | 'error'; text: string; stale?: boolean } | null;

async function loadAll(): Promise<Ready> {
  const [{ version, document }, uploads] = await Promise.all([api.loadGallery(), api.listImages()]);
  return { status: 'ready', version, gallery: document, uploads };
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
      const stale = savedElsewhereFirst(error);
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
