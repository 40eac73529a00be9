import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageDataKey } from '#shared/content/page-data.ts';
import type { About, Venue } from '#shared/content/schemas.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { fakeApi } from './fake-api.ts';
import { renderPage } from './render-page.tsx';

const GARDEN_ID = '2b7c9d1e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const SNUG_ID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The home page as the server sends it: the venue document given, and no upcoming events. */
function renderHome(venue: Venue = seedContent.venue) {
  return renderPage('/', { [pageDataKey.content('venue')]: venue, [pageDataKey.upcomingEvents]: [] });
}

/** The about page as the server sends it, with the about document given. */
function renderAbout(about: About = seedContent.about) {
  return renderPage('/about', { [pageDataKey.content('about')]: about });
}

// The pictures come with the pages' documents; anything else a page asks for finds nothing.
beforeEach(() => {
  fakeApi();
});

describe('the home page picture', () => {
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

describe('the about page picture', () => {
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
