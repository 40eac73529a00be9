import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BuiltInPicture, GalleryImage } from '#shared/content/gallery.ts';
import type { ImageSummary } from '#shared/content/uploaded-images.ts';
import { restoreStubsAroundEachTest } from './editor-test-kit.ts';
import { PICTURE_PICKER_MESSAGES, PicturePicker } from './picture-picker.tsx';

const GARDEN_ID = '2b7c9d1e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const SNUG_ID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const SITE_PICTURE: BuiltInPicture = {
  src: '/images/hero.svg',
  alt: 'The Rose & Crown at dusk',
  width: 1600,
  height: 900,
};

const upload = (id: string, alt: string, width: number, height: number): ImageSummary => ({
  id,
  alt,
  width,
  height,
  uploadedBy: 'landlord@pub.test',
  uploadedAt: '2026-11-23T10:00:00.000Z',
});

const UPLOADS = [
  upload(GARDEN_ID, 'The beer garden in the sun', 2400, 1800),
  upload(SNUG_ID, 'Two pints in the snug', 1200, 1600),
];

/** The uploaded photos the server lists; `failures` answers that many calls with a 500 first. */
function stubImages(uploads: ImageSummary[] = UPLOADS, failures = 0) {
  let left = failures;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url !== '/api/admin/images') return Response.json({ error: 'Not found' }, { status: 404 });
      if (left > 0) {
        left -= 1;
        return Response.json({ error: 'Something went wrong.' }, { status: 500 });
      }
      return Response.json(uploads);
    }),
  );
  return calls;
}

/** The picker as an editor holds it: the picture in the draft, changed by each choice. */
function renderPicker(initial: GalleryImage = SITE_PICTURE) {
  const chosen: GalleryImage[] = [];
  function Editor() {
    const [picture, setPicture] = useState(initial);
    return (
      <PicturePicker
        path="heroPicture"
        purpose="the home page picture"
        picture={picture}
        sitePicture={SITE_PICTURE}
        onPicture={(next) => {
          chosen.push(next);
          setPicture(next);
        }}
      />
    );
  }
  render(
    <MemoryRouter>
      <Editor />
    </MemoryRouter>,
  );
  return { chosen, user: userEvent.setup() };
}

const description = () => screen.getByLabelText('Description');
const chooser = () => screen.getByRole('group', { name: 'Choose the home page picture' });

/** The picture shown as the current one: the first image, above the description. */
function currentThumbnail(): HTMLImageElement {
  const [first] = document.querySelectorAll('img');
  if (!first) throw new Error('No picture shown');
  return first;
}

describe('the picture picker', () => {
  restoreStubsAroundEachTest();

  it('shows the current picture, then lets staff choose an uploaded photo, bringing its description', async () => {
    const calls = stubImages();
    const { chosen, user } = renderPicker();
    expect(screen.getByText(PICTURE_PICKER_MESSAGES.sitePicture)).toBeVisible();
    expect(currentThumbnail()).toHaveAttribute('src', '/images/hero.svg');
    expect(description()).toHaveValue('The Rose & Crown at dusk');
    // The photos are asked for only when staff want another picture.
    expect(calls).toEqual([]);

    const toggle = screen.getByRole('button', { name: 'Choose another picture' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('group', { name: 'Choose the home page picture' });
    expect(within(list).getByRole('radio', { name: PICTURE_PICKER_MESSAGES.sitePicture })).toBeChecked();
    expect(
      within(list).getByRole('radio', { name: PICTURE_PICKER_MESSAGES.sitePicture }),
    ).toHaveAccessibleDescription('The Rose & Crown at dusk');
    expect(within(list).getAllByRole('radio')).toHaveLength(3);

    await user.click(within(list).getByRole('radio', { name: 'The beer garden in the sun' }));
    expect(chosen.at(-1)).toEqual({
      imageId: GARDEN_ID,
      alt: 'The beer garden in the sun',
      width: 2400,
      height: 1800,
    });
    expect(within(list).getByRole('radio', { name: 'The beer garden in the sun' })).toBeChecked();
    expect(screen.getByText(PICTURE_PICKER_MESSAGES.uploadedPhoto)).toBeVisible();
    expect(currentThumbnail()).toHaveAttribute('src', `/images/uploads/${GARDEN_ID}/960.webp`);
    expect(currentThumbnail().closest('picture')?.querySelector('source')).toHaveAttribute(
      'srcset',
      expect.stringContaining(`/images/uploads/${GARDEN_ID}/480.avif 480w`),
    );
    expect(description()).toHaveValue('The beer garden in the sun');

    await user.clear(description());
    await user.type(description(), 'Tables in the garden on a summer evening');
    expect(chosen.at(-1)).toEqual({
      imageId: GARDEN_ID,
      alt: 'Tables in the garden on a summer evening',
      width: 2400,
      height: 1800,
    });

    await user.click(within(list).getByRole('radio', { name: PICTURE_PICKER_MESSAGES.sitePicture }));
    expect(chosen.at(-1)).toEqual(SITE_PICTURE);
    expect(description()).toHaveValue('The Rose & Crown at dusk');
    expect(calls).toEqual(['/api/admin/images']);
  });

  it('is used from the keyboard: the list opens with Enter and arrows move the choice', async () => {
    stubImages();
    const { chosen, user } = renderPicker();
    await user.tab();
    expect(description()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Choose another picture' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('group', { name: 'Choose the home page picture' });
    await user.tab();
    const site = within(chooser()).getByRole('radio', { name: PICTURE_PICKER_MESSAGES.sitePicture });
    expect(site).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(chooser()).getByRole('radio', { name: 'The beer garden in the sun' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(within(chooser()).getByRole('radio', { name: 'Two pints in the snug' })).toHaveFocus();
    expect(chosen.at(-1)).toMatchObject({ imageId: SNUG_ID, alt: 'Two pints in the snug' });

    await user.click(screen.getByRole('button', { name: 'Hide the photos' }));
    expect(screen.queryByRole('group', { name: 'Choose the home page picture' })).not.toBeInTheDocument();
  });

  it('shows an uploaded photo already chosen as checked', async () => {
    stubImages();
    const { user } = renderPicker({
      imageId: SNUG_ID,
      alt: 'The snug at Christmas',
      width: 1200,
      height: 1600,
    });
    expect(screen.getByText(PICTURE_PICKER_MESSAGES.uploadedPhoto)).toBeVisible();
    expect(description()).toHaveValue('The snug at Christmas');
    await user.click(screen.getByRole('button', { name: 'Choose another picture' }));
    expect(
      await within(await screen.findByRole('group')).findByRole('radio', { name: 'Two pints in the snug' }),
    ).toBeChecked();
    expect(
      within(chooser()).getByRole('radio', { name: PICTURE_PICKER_MESSAGES.sitePicture }),
    ).not.toBeChecked();
  });

  it('says when the photos cannot be loaded, and tries again', async () => {
    stubImages(UPLOADS, 1);
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose another picture' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('group')).findAllByRole('radio')).toHaveLength(3);
  });

  it('points to the gallery when no photo has been uploaded yet', async () => {
    stubImages([]);
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose another picture' }));
    await screen.findByRole('group', { name: 'Choose the home page picture' });
    expect(within(chooser()).getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Upload one in the gallery' })).toHaveAttribute(
      'href',
      '/admin/content/gallery',
    );
  });
});
