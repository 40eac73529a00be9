import { describe, expect, it } from 'vitest';
import seed from '#content/gallery.json' with { type: 'json' };
import { fieldIssues } from '../schema/issues.ts';
import { type Gallery, gallerySchema } from './gallery.ts';
import {
  withoutPicture,
  withPictureAdded,
  withPictureInCategory,
  withPictureMoved,
} from './gallery-pictures.ts';

const PHOTO_ID = '6f1c2b7e-8a4d-4c3b-9e2f-1a2b3c4d5e6f';
const photo = { imageId: PHOTO_ID, alt: 'The snug', width: 1600, height: 1200 };
const bar = { src: '/images/gallery/bar.svg', alt: 'The bar', width: 1200, height: 900 };
const garden = { src: '/images/gallery/garden.svg', alt: 'The garden', width: 1200, height: 900 };

const gallery: Gallery = [
  { name: 'The Pub', images: [bar, photo] },
  { name: 'The Garden', images: [garden] },
];

function issuesOf(document: unknown) {
  const result = gallerySchema.safeParse(document);
  return result.success ? [] : fieldIssues(result.error);
}

describe('the gallery document', () => {
  it('accepts the seed and a mix of built-in pictures and uploads', () => {
    expect(issuesOf(seed)).toEqual([]);
    expect(issuesOf(gallery)).toEqual([]);
  });

  it('names what is wrong with a picture or a category', () => {
    expect(issuesOf([{ name: ' ', images: [{ ...photo, alt: '  ' }] }])).toEqual([
      { path: '0.name', message: 'Give the category a name.' },
      { path: '0.images.0.alt', message: 'Describe the photo for guests who cannot see it.' },
    ]);
    expect(issuesOf([{ name: 'Pub', images: [{ ...bar, src: 'https://tracker.example/x.png' }] }])).toEqual([
      { path: '0.images.0.src', message: 'must be one of the site’s own pictures (/images/…)' },
    ]);
    expect(issuesOf([gallery[0], gallery[0]])).toEqual([
      { path: '', message: 'Two categories have the same name.' },
    ]);
  });

  it('adds a picture at the end of its category, or in a new one at the end', () => {
    const added = withPictureAdded(gallery, 'The Garden', bar);
    expect(added[1]?.images).toEqual([garden, bar]);
    expect(withPictureAdded(gallery, 'Quiz night', bar).at(-1)).toEqual({
      name: 'Quiz night',
      images: [bar],
    });
  });

  it('moves a picture up and down within its category, staying put at either end', () => {
    expect(withPictureMoved(gallery, PHOTO_ID, -1)[0]?.images).toEqual([photo, bar]);
    expect(withPictureMoved(gallery, PHOTO_ID, 1)).toEqual(gallery);
    expect(withPictureMoved(gallery, bar.src, -1)).toEqual(gallery);
  });

  it('moves a picture to another category, dropping a category it leaves empty', () => {
    expect(withPictureInCategory(gallery, garden.src, 'The Pub')).toEqual([
      { name: 'The Pub', images: [bar, photo, garden] },
    ]);
    expect(withPictureInCategory(gallery, PHOTO_ID, 'The Pub')).toEqual(gallery);
  });

  it('removes a picture wherever it is', () => {
    expect(withoutPicture(gallery, PHOTO_ID)).toEqual([
      { name: 'The Pub', images: [bar] },
      { name: 'The Garden', images: [garden] },
    ]);
  });
});
