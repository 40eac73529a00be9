import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDataKey } from '#shared/content/page-data.ts';
import type { About } from '#shared/content/schemas.ts';
import { seedContent, seedPageData } from '#tests/helpers/seed-content.ts';
import { PageDataProvider } from '../lib/page-data.tsx';
import { AppRoutes } from '../router.tsx';

const SNUG_ID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The about page as the server sends it, with the about document given. */
function renderAbout(about: About = seedContent.about) {
  const pageData = seedPageData();
  pageData.set(pageDataKey.content('about'), about);
  return render(
    <PageDataProvider value={pageData}>
      <MemoryRouter initialEntries={['/about']}>
        <AppRoutes />
      </MemoryRouter>
    </PageDataProvider>,
  );
}

describe('the about page picture', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
  });

  it('shows the site’s own artwork the about document names, loaded when scrolled near', async () => {
    renderAbout();
    const { picture } = seedContent.about;
    const shown = await screen.findByAltText(picture.alt);
    expect(shown).toHaveAttribute('src', '/images/about/history.svg');
    expect(shown).toHaveAttribute('width', '1200');
    expect(shown).toHaveAttribute('height', '800');
    expect(shown).toHaveAttribute('loading', 'lazy');
  });

  it('shows a photo staff chose, with its own description, in the width the column needs', async () => {
    const picture = { imageId: SNUG_ID, alt: 'Two pints by the fire in the snug', width: 1200, height: 1600 };
    renderAbout({ ...seedContent.about, picture });
    const shown = await screen.findByAltText('Two pints by the fire in the snug');
    expect(shown).toHaveAttribute('src', `/images/uploads/${SNUG_ID}/960.webp`);
    expect(shown).toHaveAttribute('loading', 'lazy');
    const avif = shown.closest('picture')?.querySelector('source[type="image/avif"]');
    expect(avif).toHaveAttribute(
      'srcset',
      `/images/uploads/${SNUG_ID}/480.avif 480w, /images/uploads/${SNUG_ID}/960.avif 960w, /images/uploads/${SNUG_ID}/1200.avif 1200w`,
    );
    expect(avif).toHaveAttribute('sizes', '(min-width: 1024px) 30rem, 100vw');
  });
});
