import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
