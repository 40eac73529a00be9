import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { beginHydration, isHydratingPage, PageHydrated } from '#web/hooks/use-hydrated.ts';
import { RouteErrorBoundary } from './route-error.tsx';

function Broken(): never {
  throw new Error('kaboom');
}

describe('RouteErrorBoundary', () => {
  it('shows the spec’s title when a page throws, and the page again once the path changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <RouteErrorBoundary resetKey="/broken">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

    view.rerender(
      <RouteErrorBoundary resetKey="/menu">
        <p>The menu</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('The menu')).toBeInTheDocument();
  });

  it('ends the page’s hydration when the page throws as the browser adopts it, so the page is marked live', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <RouteErrorBoundary>
        <p>The menu</p>
        <PageHydrated />
      </RouteErrorBoundary>,
    );
    document.body.append(container);
    beginHydration();
    await act(async () => {
      hydrateRoot(
        container,
        <RouteErrorBoundary>
          <Broken />
          <PageHydrated />
        </RouteErrorBoundary>,
        { onRecoverableError: () => undefined },
      );
    });
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(isHydratingPage()).toBe(false);
    container.remove();
  });
});
