import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../../tests/helpers/render-route.tsx';
import { CONTENT_KEYS, CONTENT_TITLES } from '../../../../shared/content/documents.ts';
import { stubContentApi } from './fake-content-api.ts';

describe('the site content pages', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are in the admin nav, and list every document with a link to its editor', async () => {
    stubContentApi();
    renderRoute('/admin/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site content' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
    for (const key of CONTENT_KEYS) {
      expect(screen.getByRole('link', { name: new RegExp(`^${CONTENT_TITLES[key]}`) })).toHaveAttribute(
        'href',
        `/admin/content/${key}`,
      );
    }
  });

  it('open the gallery’s own manager for the gallery', async () => {
    stubContentApi();
    renderRoute('/admin/content/gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'What will change' })).not.toBeInTheDocument();
  });

  it('say so when there is no such document', async () => {
    stubContentApi();
    renderRoute('/admin/content/wine-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all site content' })).toHaveAttribute(
      'href',
      '/admin/content',
    );
  });
});
