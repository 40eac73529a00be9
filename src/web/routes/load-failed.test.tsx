import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { LOAD_FAILED } from '../components/load-failed.tsx';

/** The pub's server out of reach: every request fails as a dropped connection does. */
function offline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

/** (The events pages fall back to the bundled list instead, spec §7.) */
describe('a page whose data cannot be loaded', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['a guest’s own booking', `/bookings/manage/${'t'.repeat(43)}`],
    ['a guest’s own Christmas booking', `/christmas/manage/${'c'.repeat(43)}`],
  ])('says so for %s, rather than loading for ever or calling the link unknown', async (_, path) => {
    offline();
    renderRoute(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
