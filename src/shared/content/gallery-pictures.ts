import type { Gallery, GalleryImage, UploadedPicture } from './gallery.ts';

/*
 * Reading and editing the gallery document. No zod here (types only): the public gallery page imports this
 * module and its bundle stays small.
 */

export function isUploaded(image: GalleryImage): image is UploadedPicture {
  return 'imageId' in image;
}

/** What tells one picture from another in the document: the upload's id, or the built-in file's path. */
export function pictureKey(image: GalleryImage): string {
  return isUploaded(image) ? image.imageId : image.src;
}

/** Categories stay only while they hold a picture. */
function withoutEmptyCategories(gallery: Gallery): Gallery {
  return gallery.filter((category) => category.images.length > 0);
}

/** The picture appended to the named category, which is added at the end when there is none of that name. */
export function withPictureAdded(gallery: Gallery, categoryName: string, image: GalleryImage): Gallery {
  if (!gallery.some((category) => category.name === categoryName)) {
    return [...gallery, { name: categoryName, images: [image] }];
  }
  return gallery.map((category) =>
    category.name === categoryName ? { ...category, images: [...category.images, image] } : category,
  );
}

/** The gallery without the picture of that key, wherever it is. */
export function withoutPicture(gallery: Gallery, key: string): Gallery {
  return withoutEmptyCategories(
    gallery.map((category) => ({
      ...category,
      images: category.images.filter((image) => pictureKey(image) !== key),
    })),
  );
}

/** The picture moved one place earlier (-1) or later (+1) in its category; at either end it stays put. */
export function withPictureMoved(gallery: Gallery, key: string, by: -1 | 1): Gallery {
  return gallery.map((category) => {
    const from = category.images.findIndex((image) => pictureKey(image) === key);
    const to = from + by;
    if (from === -1 || to < 0 || to >= category.images.length) return category;
    const images = [...category.images];
    [images[from], images[to]] = [images[to] as GalleryImage, images[from] as GalleryImage];
    return { ...category, images };
  });
}

/** The picture taken out of its category and put at the end of another (new, when no category has that name). */
export function withPictureInCategory(gallery: Gallery, key: string, categoryName: string): Gallery {
  const home = gallery.find((category) => category.images.some((image) => pictureKey(image) === key));
  const image = home?.images.find((entry) => pictureKey(entry) === key);
  if (!home || !image || home.name === categoryName) return gallery;
  return withPictureAdded(withoutPicture(gallery, key), categoryName, image);
}
