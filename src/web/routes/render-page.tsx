import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { seedPageData } from '#tests/helpers/seed-content.ts';
import { PageDataProvider } from '../lib/page-data.tsx';
import { AppRoutes } from '../router.tsx';

/**
 * A page as the server sends it: the seeded documents, with `pageData`'s own in their place (a key given
 * undefined is left out, as when the page arrives by a client-side navigation and fetches it).
 */
export function renderPage(path: string, pageData: Record<string, unknown> = {}) {
  const data = seedPageData();
  for (const [key, value] of Object.entries(pageData)) {
    if (value === undefined) data.delete(key);
    else data.set(key, value);
  }
  return render(
    <PageDataProvider value={data}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </PageDataProvider>,
  );
}
