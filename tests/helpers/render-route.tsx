import { act, render } from '@testing-library/react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { PageDataProvider } from '../../src/web/lib/page-data.tsx';
import { AppRoutes } from '../../src/web/router.tsx';
import { seedPageData } from './seed-content.ts';

/**
 * Renders the real route tree at a path, as a guest arriving there would see it: served with the seeded
 * content documents, as the server sends them with every page. `location()` is where
 * the guest is now; `navigate(to)` moves them as a link would.
 */
export function renderRoute(path: string) {
  const current = {} as { location: Location; navigate: NavigateFunction };
  function Probe() {
    current.location = useLocation();
    current.navigate = useNavigate();
    return null;
  }
  const view = render(
    <PageDataProvider value={seedPageData()}>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </PageDataProvider>,
  );
  return {
    ...view,
    location: () => current.location,
    navigate: (to: string) =>
      act(async () => {
        await current.navigate(to);
      }),
  };
}
