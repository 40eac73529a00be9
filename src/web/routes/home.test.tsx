import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDataKey } from '#shared/content/page-data.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { seedContent, seedPageData } from '#tests/helpers/seed-content.ts';
import { PageDataProvider } from '../lib/page-data.tsx';
import { AppRoutes } from '../router.tsx';

const GARDEN_ID = '2b7c9d1e-3f4a-4b5c-8d6e-7f8091a2b3c4';

/** The home page as the server sends it: the venue document given, and no upcoming events. */
function renderHome(venue: Venue = seedContent.venue) {
  const pageData = seedPageData();
  pageData.set(pageDataKey.content('venue'), venue);
  pageData.set(pageDataKey.upcomingEvents, []);
  return render(
    <PageDataProvider value={pageData}>
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>
    </PageDataProvider>,
  );
}

describe('the home page picture', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
  });

  it('shows the site’s own artwork the venue document names, at once and first', async () => {
    renderHome();
    const { heroPicture } = seedContent.venue;
    const hero = await screen.findByAltText(heroPicture.alt);
    expect(hero).toHaveAttribute('src', '/images/hero.svg');
    expect(hero).toHaveAttribute('width', '1600');
    expect(hero).toHaveAttribute('height', '900');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).not.toHaveAttribute('loading', 'lazy');
    expect(hero.closest('picture')).toBeNull();
  });

  it('shows a photo staff chose as AVIF and WebP in every width, for the full width of the screen', async () => {
    const heroPicture = { imageId: GARDEN_ID, alt: 'The beer garden in the sun', width: 2400, height: 1800 };
    renderHome({ ...seedContent.venue, heroPicture });
    const hero = await screen.findByAltText('The beer garden in the sun');
    expect(hero).toHaveAttribute('src', `/images/uploads/${GARDEN_ID}/960.webp`);
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).not.toHaveAttribute('loading', 'lazy');
    const sources = [...(hero.closest('picture')?.querySelectorAll('source') ?? [])];
    expect(sources.map((source) => [source.type, source.srcset, source.sizes])).toEqual(
      (['avif', 'webp'] as const).map((format) => [
        `image/${format}`,
        [480, 960, 1600]
          .map((width) => `/images/uploads/${GARDEN_ID}/${width}.${format} ${width}w`)
          .join(', '),
        '100vw',
      ]),
    );
  });
});
