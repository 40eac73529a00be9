import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import galleryJson from '../../../content/gallery.json' with { type: 'json' };
import { renderRoute } from '../../../tests/helpers/render-route.tsx';
import type { GalleryCategory } from '../../shared/content/schemas.ts';
import { GalleryView } from '../features/content/gallery/gallery-view.tsx';

const categories = galleryJson as GalleryCategory[];

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
  renderRoute('/gallery');
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
  expect(within(dialog).getByRole('img', { name: image.alt })).toHaveAttribute('src', image.src);
}

beforeEach(() => {
  // The Christmas promo opens on every public page until it is answered; these tests are not about it.
  sessionStorage.setItem('christmas-promo-dismissed', '1');
});

describe('gallery page', () => {
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
      expect(img).toHaveAttribute('src', image.src);
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
