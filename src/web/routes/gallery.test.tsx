import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gallery, GalleryImage } from '#shared/content/gallery.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { GalleryView } from '../features/content/gallery/gallery-view.tsx';
import { renderPage } from './render-page.tsx';

const UPLOAD_ID = '3f2a9c1e-7b4d-4e8f-a6c2-9d1b0e5f4a73';
const uploaded = {
  imageId: UPLOAD_ID,
  alt: 'The landlord pulling the first pint of the beer festival',
  width: 1200,
  height: 1600,
};

/** The published gallery: the seed, with a photo staff uploaded at the end of the second category. */
const categories: Gallery = seedContent.gallery.map((category, index) =>
  index === 1 ? { ...category, images: [...category.images, uploaded] } : category,
);

/** What the page's <img> loads: a built-in picture's own file, an upload's mid-sized WebP. */
function shownSrc(image: GalleryImage): string {
  return 'imageId' in image ? `/images/uploads/${image.imageId}/960.webp` : image.src;
}

/**
 * The gallery page as the server sends it: with the seeded documents and the gallery above as its page data.
 * Without a gallery there, the page fetches it, as after a client-side navigation.
 */
function renderGallery(gallery: Gallery | null = categories) {
  return renderPage('/gallery', { [pageDataKey.content('gallery')]: gallery ?? undefined });
}

/** list[index], failing the test loudly when the content is shorter than the test expects. */
function pick<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`No item ${index} in a list of ${list.length}`);
  return item;
}
const allImages = categories.flatMap((category) =>
  category.images.map((image) => ({ ...image, category: category.name })),
);
const total = allImages.length;
const first = pick(allImages, 0);
const last = pick(allImages, total - 1);

function thumbName(alt: string): string {
  return `View larger: ${alt}`;
}

async function openGallery() {
  const user = userEvent.setup();
  renderGallery();
  await screen.findByRole('heading', { level: 1, name: 'Gallery' });
  return user;
}

async function openLightboxOn(user: ReturnType<typeof userEvent.setup>, alt: string) {
  const thumb = screen.getByRole('button', { name: thumbName(alt) });
  await user.click(thumb);
  const dialog = screen.getByRole('dialog');
  return { thumb, dialog };
}

function expectShowing(dialog: HTMLElement, image: (typeof allImages)[number]) {
  const position = allImages.indexOf(image) + 1;
  expect(within(dialog).getByText(`${position} of ${total}`)).toBeInTheDocument();
  expect(within(dialog).getByRole('heading', { name: image.category })).toBeInTheDocument();
  expect(within(dialog).getByRole('img', { name: image.alt })).toHaveAttribute('src', shownSrc(image));
}

beforeEach(() => {
  // The Christmas promo opens on every public page until it is answered; these tests are not about it.
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gallery page', () => {
  // First in the file: once the page has had the gallery, this visit keeps it and shows it at once.
  it('shows a steady placeholder until the gallery arrives after a client-side navigation', async () => {
    let arrive: (response: Response) => void = () => {};
    const fetch = vi.fn(
      (_input: RequestInfo | URL) => new Promise<Response>((resolve) => (arrive = resolve)),
    );
    vi.stubGlobal('fetch', fetch);
    renderGallery(null);
    await screen.findByRole('heading', { level: 1, name: 'Gallery' });
    await waitFor(() =>
      expect(fetch.mock.calls.map(([input]) => String(input))).toEqual(['/api/content/gallery']),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the photos…');
    expect(screen.queryByRole('button', { name: /^View larger: / })).not.toBeInTheDocument();

    await act(async () => arrive(Response.json(categories)));
    expect(await screen.findAllByRole('button', { name: /^View larger: / })).toHaveLength(total);
    expect(screen.queryByText('Loading the photos…')).not.toBeInTheDocument();
  });

  it('serves an uploaded photo as AVIF and WebP in the widths the server made, sized and lazy', async () => {
    await openGallery();
    const img = screen.getByRole('img', { name: uploaded.alt });
    expect(img).toHaveAttribute('src', `/images/uploads/${UPLOAD_ID}/960.webp`);
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '1600');
    expect(img).toHaveAttribute('loading', 'lazy');
    const sources = [...(img.parentElement?.querySelectorAll('source') ?? [])];
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset')])).toEqual([
      [
        'image/avif',
        `/images/uploads/${UPLOAD_ID}/480.avif 480w, /images/uploads/${UPLOAD_ID}/960.avif 960w, /images/uploads/${UPLOAD_ID}/1200.avif 1200w`,
      ],
      [
        'image/webp',
        `/images/uploads/${UPLOAD_ID}/480.webp 480w, /images/uploads/${UPLOAD_ID}/960.webp 960w, /images/uploads/${UPLOAD_ID}/1200.webp 1200w`,
      ],
    ]);
    expect(sources[0]).toHaveAttribute('sizes', '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw');
  });

  it('has the content it is tested with', () => {
    expect(categories.length).toBeGreaterThanOrEqual(2);
    expect(total).toBeGreaterThanOrEqual(5);
  });

  it('offers All plus one filter button per category, with All pressed', async () => {
    await openGallery();
    const group = screen.getByRole('group', { name: 'Show photos of' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['All', ...categories.map((c) => c.name)]);
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    for (const category of categories) {
      expect(within(group).getByRole('button', { name: category.name })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }
  });

  it('shows every category under its own heading in All mode, with every thumbnail', async () => {
    await openGallery();
    const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(categories.map((c) => c.name));
    expect(screen.getAllByRole('button', { name: /^View larger: / })).toHaveLength(total);
    for (const image of allImages) {
      const img = screen.getByRole('img', { name: image.alt });
      expect(img).toHaveAttribute('src', shownSrc(image));
      expect(img).toHaveAttribute('width', String(image.width));
      expect(img).toHaveAttribute('height', String(image.height));
    }
  });

  it('loads the first few thumbnails at once and the rest lazily', async () => {
    await openGallery();
    const imgs = allImages.map((image) => screen.getByRole('img', { name: image.alt }));
    expect(imgs.slice(0, 4).map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
    ]);
    for (const img of imgs.slice(4)) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('decoding', 'async');
    }
  });

  it('shows only the chosen category once its button is pressed', async () => {
    const user = await openGallery();
    const chosen = pick(categories, 1);
    await user.click(screen.getByRole('button', { name: chosen.name }));

    expect(screen.getByRole('button', { name: chosen.name })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    const thumbs = screen.getAllByRole('button', { name: /^View larger: / });
    expect(thumbs).toHaveLength(chosen.images.length);
    for (const image of chosen.images)
      expect(screen.getByRole('img', { name: image.alt })).toBeInTheDocument();
    for (const image of allImages.filter((i) => i.category !== chosen.name)) {
      expect(screen.queryByRole('img', { name: image.alt })).not.toBeInTheDocument();
    }
    for (const other of categories.filter((c) => c !== chosen)) {
      expect(screen.queryByRole('heading', { name: other.name })).not.toBeInTheDocument();
    }
    // The filter's first picture now sits above the fold and loads at once.
    expect(screen.getByRole('img', { name: pick(chosen.images, 0).alt })).toHaveAttribute('loading', 'eager');

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('button', { name: /^View larger: / })).toHaveLength(total);
  });

  it('opens a lightbox with the category as caption, the alt text and the position', async () => {
    const user = await openGallery();
    const image = pick(
      allImages.filter((i) => i.category === pick(categories, 2).name),
      0,
    );
    const { dialog } = await openLightboxOn(user, image.alt);
    expect(dialog).toHaveAccessibleName(image.category);
    expectShowing(dialog, image);
    expect(within(dialog).getByText(image.alt, { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('steps with ArrowRight and ArrowLeft and wraps round at both ends', async () => {
    const user = await openGallery();
    const { dialog } = await openLightboxOn(user, first.alt);
    expectShowing(dialog, first);

    await user.keyboard('{ArrowRight}');
    expectShowing(dialog, pick(allImages, 1));
    await user.keyboard('{ArrowLeft}');
    expectShowing(dialog, first);
    await user.keyboard('{ArrowLeft}');
    expectShowing(dialog, last);
    await user.keyboard('{ArrowRight}');
    expectShowing(dialog, first);
  });

  it('steps with the Previous and Next buttons, wrapping round, and closes with Close', async () => {
    const user = await openGallery();
    const { thumb, dialog } = await openLightboxOn(user, last.alt);
    expectShowing(dialog, last);

    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expectShowing(dialog, first);
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expectShowing(dialog, last);
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expectShowing(dialog, pick(allImages, total - 2));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: thumbName(pick(allImages, total - 2).alt) })).toHaveFocus();
    expect(thumb).not.toHaveFocus();
  });

  it('wraps across every picture in the gallery even when one category is shown', async () => {
    const user = await openGallery();
    const lastCategory = pick(categories, categories.length - 1);
    await user.click(screen.getByRole('button', { name: lastCategory.name }));
    const { dialog } = await openLightboxOn(user, last.alt);
    await user.keyboard('{ArrowRight}');
    expectShowing(dialog, first);
  });

  it('closes on Escape and gives focus back to the thumbnail', async () => {
    const user = await openGallery();
    const image = pick(allImages, 2);
    const { thumb } = await openLightboxOn(user, image.alt);
    expect(thumb).not.toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });

  it('locks page scroll while the lightbox is open', async () => {
    const user = await openGallery();
    expect(document.documentElement.style.overflow).toBe('');
    await openLightboxOn(user, first.alt);
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it("shows 'Missing image' in place of a picture that fails to load", async () => {
    const user = await openGallery();
    expect(screen.queryByText('Missing image')).not.toBeInTheDocument();
    fireEvent.error(screen.getByRole('img', { name: first.alt }));

    expect(screen.getByText('Missing image')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: first.alt })).not.toBeInTheDocument();
    // The thumbnail still opens the lightbox, where the broken picture says so too.
    const thumb = screen.getByRole('button', { name: thumbName(first.alt) });
    await user.click(thumb);
    const dialog = screen.getByRole('dialog');
    fireEvent.error(within(dialog).getByRole('img', { name: first.alt }));
    expect(within(dialog).getByText('Missing image')).toBeInTheDocument();
  });
});

describe('GalleryView', () => {
  it("says 'No images yet.' when there are no categories", () => {
    render(<GalleryView categories={[]} />);
    expect(screen.getByText('No images yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'No images yet.' when the categories hold no images", () => {
    render(<GalleryView categories={[{ name: 'The Pub', images: [] }]} />);
    expect(screen.getByText('No images yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'All' })).not.toBeInTheDocument();
  });

  it('shows the pictures it is given rather than the empty state', () => {
    render(
      <GalleryView
        categories={[
          { name: 'Cellar', images: [{ src: '/images/x.svg', alt: 'The cellar', width: 4, height: 3 }] },
        ]}
      />,
    );
    expect(screen.queryByText('No images yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cellar' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The cellar' })).toHaveAttribute('src', '/images/x.svg');
  });
});
