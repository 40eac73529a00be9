import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Gallery } from '#shared/content/gallery.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import type { ImageSummary } from '#shared/content/uploaded-images.ts';
import { seedPageData } from '#tests/helpers/seed-content.ts';
import { PageDataProvider } from '#web/lib/page-data.tsx';
import { SiteContentProvider } from '../site-content.tsx';
import { restoreStubsAroundEachTest } from './editor-test-kit.ts';
import { GalleryManagerPage } from './gallery-manager.tsx';

const SNUG_ID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const CELLAR_ID = '7c2e3d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const NEW_ID = '9e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7';

const bar = { src: '/images/gallery/pub-bar.svg', alt: 'The main bar', width: 1200, height: 900 };
const fire = {
  src: '/images/gallery/pub-inglenook.svg',
  alt: 'The inglenook fire',
  width: 1200,
  height: 900,
};
const snug = { imageId: SNUG_ID, alt: 'Two pints in the snug', width: 1600, height: 1200 };
const roast = { src: '/images/gallery/food-roast.svg', alt: 'A Sunday roast', width: 1200, height: 900 };

const GALLERY: Gallery = [
  { name: 'The Pub', images: [bar, fire, snug] },
  { name: 'Food & Drink', images: [roast] },
];

const upload = (id: string, alt: string): ImageSummary => ({
  id,
  alt,
  width: 800,
  height: 600,
  uploadedBy: 'landlord@pub.test',
  uploadedAt: '2026-11-23T10:00:00.000Z',
});

const STALE = CONTENT_MESSAGES.stale;

interface Sent {
  method: string;
  url: string;
  body?: unknown;
  form?: FormData;
}

/** A fake server: the gallery document with its version, the uploaded photos, and every call made. */
function stubServer(options: { uploadRefusal?: string } = {}) {
  const state = {
    version: 4,
    gallery: structuredClone(GALLERY),
    uploads: [upload(SNUG_ID, snug.alt), upload(CELLAR_ID, 'The cellar steps')],
  };
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (init?.body instanceof FormData) sent.push({ method, url, form: init.body });
      else sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });

      if (url === '/api/admin/content/gallery' && method === 'GET') {
        return Response.json({ version: state.version, document: state.gallery });
      }
      if (url === '/api/admin/content/gallery' && method === 'PUT') {
        const { baseVersion, document } = JSON.parse(String(init?.body));
        if (baseVersion !== state.version) return Response.json({ error: STALE }, { status: 409 });
        state.version += 1;
        state.gallery = document;
        return Response.json({ version: state.version });
      }
      if (url === '/api/admin/images' && method === 'GET') return Response.json(state.uploads);
      if (url === '/api/admin/images' && method === 'POST') {
        if (options.uploadRefusal) return Response.json({ error: options.uploadRefusal }, { status: 400 });
        const form = init?.body as FormData;
        const alt = String(form.get('alt'));
        const category = String(form.get('category'));
        state.uploads = [upload(NEW_ID, alt), ...state.uploads];
        const picture = { imageId: NEW_ID, alt, width: 800, height: 600 };
        const home = state.gallery.find((entry) => entry.name === category);
        if (home) home.images.push(picture);
        else state.gallery.push({ name: category, images: [picture] });
        state.version += 1;
        return Response.json({ id: NEW_ID, width: 800, height: 600 }, { status: 201 });
      }
      const deleted = /^\/api\/admin\/images\/([\w-]+)$/.exec(url)?.[1];
      if (deleted && method === 'DELETE') {
        state.uploads = state.uploads.filter((entry) => entry.id !== deleted);
        state.gallery = state.gallery.map((category) => ({
          ...category,
          images: category.images.filter((image) => !('imageId' in image) || image.imageId !== deleted),
        }));
        state.version += 1;
        return new Response(null, { status: 204 });
      }
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return {
    state,
    sent,
    /** Another member of staff saves the gallery: the version on screen is no longer the newest. */
    someoneElseSaves() {
      state.version += 1;
      state.gallery = [{ name: 'The Pub', images: [fire, bar] }];
    },
    writes: () => sent.filter((call) => call.method !== 'GET'),
  };
}

async function openManager() {
  const user = userEvent.setup();
  // As the admin mounts it: inside the site's content (the page title names the pub).
  render(
    <PageDataProvider value={seedPageData()}>
      <SiteContentProvider>
        <GalleryManagerPage />
      </SiteContentProvider>
    </PageDataProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Gallery' });
  await screen.findByRole('region', { name: /^The Pub/ });
  return user;
}

/** The descriptions in a category's list, top to bottom. */
function order(category: RegExp): string[] {
  const region = screen.getByRole('region', { name: category });
  return within(region)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent ?? '');
}

function photoFile(name = 'IMG_2041.HEIC', type = 'image/heic', bytes = 1024) {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('the gallery manager', () => {
  restoreStubsAroundEachTest();

  it('shows each category’s photos in order, as thumbnails, and uploads not in any category', async () => {
    stubServer();
    await openManager();
    await waitFor(() => expect(document.title).toBe('Gallery · Staff · The Rose & Crown'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Add a photo',
      'The Pub (3)',
      'Food & Drink (1)',
      'Not in the gallery',
    ]);
    expect(order(/^The Pub/)).toEqual(['The main bar', 'The inglenook fire', 'Two pints in the snug']);

    const snugRow = screen.getAllByRole('listitem').find((item) => item.textContent?.includes(snug.alt));
    const thumbnail = snugRow?.querySelector('picture');
    expect(thumbnail?.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `/images/uploads/${SNUG_ID}/480.avif 480w, /images/uploads/${SNUG_ID}/960.avif 960w, /images/uploads/${SNUG_ID}/1600.avif 1600w`,
    );
    expect(thumbnail?.querySelector('img')).toHaveAttribute('loading', 'lazy');

    const loose = screen.getByRole('region', { name: 'Not in the gallery' });
    expect(within(loose).getByText('The cellar steps')).toBeInTheDocument();
    expect(within(loose).queryByText(snug.alt)).not.toBeInTheDocument();
  });

  it('uploads a photo from the phone with its description into a category, then lists it', async () => {
    const server = stubServer();
    const user = await openManager();
    const input = screen.getByLabelText(/^Photo/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');

    const file = photoFile();
    await user.upload(input, file);
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'The quiz trophy on the bar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Food & Drink');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Photo uploaded. It is now last in “Food & Drink”.',
    );
    const [sent] = server.writes();
    expect(sent?.url).toBe('/api/admin/images');
    expect(sent?.form?.get('alt')).toBe('The quiz trophy on the bar');
    expect(sent?.form?.get('category')).toBe('Food & Drink');
    expect(sent?.form?.get('file')).toEqual(file);
    await waitFor(() =>
      expect(order(/^Food & Drink/)).toEqual(['A Sunday roast', 'The quiz trophy on the bar']),
    );
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveValue('');
  });

  it('uploads into a new category named on the spot', async () => {
    const server = stubServer();
    const user = await openManager();
    await user.upload(screen.getByLabelText(/^Photo/), photoFile('beer.jpg', 'image/jpeg'));
    await user.type(
      screen.getByRole('textbox', { name: /^Description/ }),
      'Casks racked for the beer festival',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'New category…');
    await user.type(screen.getByRole('textbox', { name: /^New category name/ }), '  Beer Festival ');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    expect(await screen.findByRole('region', { name: /^Beer Festival/ })).toBeInTheDocument();
    expect(server.writes()[0]?.form?.get('category')).toBe('Beer Festival');
  });

  it('says what is missing beside each field, and sends nothing', async () => {
    const server = stubServer();
    const user = await openManager();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'New category…');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    const photo = screen.getByLabelText(/^Photo/);
    expect(photo).toHaveAccessibleDescription(expect.stringContaining('Choose a photo to upload.'));
    expect(photo).toHaveAttribute('aria-invalid', 'true');
    expect(photo).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveAccessibleDescription(
      expect.stringContaining('Describe the photo for guests who cannot see it.'),
    );
    expect(screen.getByRole('textbox', { name: /^New category name/ })).toHaveAccessibleDescription(
      'Give the category a name.',
    );

    const huge = photoFile('huge.jpg', 'image/jpeg', 8);
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(photo, huge);
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(photo).toHaveAccessibleDescription(expect.stringContaining('That photo is larger than 20 MB.'));
    expect(server.writes()).toEqual([]);
  });

  it('shows the server’s refusal of a file beside the photo field', async () => {
    const refusal = 'That file is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC picture.';
    stubServer({ uploadRefusal: refusal });
    const user = await openManager();
    await user.upload(screen.getByLabelText(/^Photo/), photoFile('notes.jpg', 'image/jpeg'));
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'A photo');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Photo/)).toHaveAccessibleDescription(expect.stringContaining(refusal)),
    );
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeEnabled();
  });

  it('moves a photo up and down with buttons, saving the whole gallery from the version shown', async () => {
    const server = stubServer();
    const user = await openManager();
    const up = screen.getByRole('button', { name: 'Move up: The main bar' });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await user.click(up);
    expect(server.writes()).toEqual([]);

    const down = screen.getByRole('button', { name: 'Move down: The main bar' });
    await user.click(down);
    expect(await screen.findByRole('status')).toHaveTextContent('Moved “The main bar” down.');
    expect(order(/^The Pub/)).toEqual(['The inglenook fire', 'The main bar', 'Two pints in the snug']);
    expect(down).toHaveFocus();
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/content/gallery',
        body: {
          baseVersion: 4,
          document: [{ name: 'The Pub', images: [fire, bar, snug] }, GALLERY[1]],
        },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Move up: Two pints in the snug' }));
    await waitFor(() =>
      expect(order(/^The Pub/)).toEqual(['The inglenook fire', 'Two pints in the snug', 'The main bar']),
    );
    expect(server.writes()[1]?.body).toMatchObject({ baseVersion: 5 });
  });

  it('moves a photo to another category', async () => {
    const server = stubServer();
    const user = await openManager();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Category of “Two pints in the snug”' }),
      'Food & Drink',
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Moved “Two pints in the snug” to “Food & Drink”.',
    );
    expect(order(/^Food & Drink/)).toEqual(['A Sunday roast', 'Two pints in the snug']);
    expect(server.state.gallery).toEqual([
      { name: 'The Pub', images: [bar, fire] },
      { name: 'Food & Drink', images: [roast, snug] },
    ]);
  });

  it('puts an upload that is in no category into one', async () => {
    const server = stubServer();
    const user = await openManager();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show “The cellar steps” in' }), 'The Pub');
    await waitFor(() =>
      expect(order(/^The Pub/)).toEqual([
        'The main bar',
        'The inglenook fire',
        'Two pints in the snug',
        'The cellar steps',
      ]),
    );
    expect(server.state.gallery[0]?.images.at(-1)).toEqual({
      imageId: CELLAR_ID,
      alt: 'The cellar steps',
      width: 800,
      height: 600,
    });
    expect(screen.queryByRole('region', { name: 'Not in the gallery' })).not.toBeInTheDocument();
  });

  it('deletes an uploaded photo only once confirmed, and shows the gallery the server saved', async () => {
    const server = stubServer();
    const user = await openManager();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);

    await user.click(screen.getByRole('button', { name: 'Delete: Two pints in the snug' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete this photo? It comes off the website at once and cannot be brought back.',
    );
    expect(server.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete: Two pints in the snug' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deleted “Two pints in the snug”.');
    expect(server.writes()).toEqual([
      { method: 'DELETE', url: `/api/admin/images/${SNUG_ID}`, body: undefined },
    ]);
    expect(order(/^The Pub/)).toEqual(['The main bar', 'The inglenook fire']);

    // The next change starts from the version the delete made.
    await user.click(screen.getByRole('button', { name: 'Move down: The main bar' }));
    await waitFor(() => expect(server.writes()[1]?.body).toMatchObject({ baseVersion: 5 }));
  });

  it('takes a built-in picture off the gallery once confirmed', async () => {
    const server = stubServer();
    const user = await openManager();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete: A Sunday roast' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /^Food & Drink/ })).not.toBeInTheDocument(),
    );
    expect(server.writes()[0]?.body).toEqual({ baseVersion: 4, document: [GALLERY[0]] });
  });

  it('says someone else saved in the meantime, overwrites nothing, and reloads their version', async () => {
    const server = stubServer();
    const user = await openManager();
    server.someoneElseSaves();
    await user.click(screen.getByRole('button', { name: 'Move down: The main bar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    expect(server.state.gallery).toEqual([{ name: 'The Pub', images: [fire, bar] }]);
    await user.click(screen.getByRole('button', { name: 'Reload the gallery' }));
    await waitFor(() => expect(order(/^The Pub/)).toEqual(['The inglenook fire', 'The main bar']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
