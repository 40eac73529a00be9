import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PageData } from '#shared/content/page-data.ts';
import { PageDataProvider } from './lib/page-data.tsx';
import { PAGE_MODULES } from './page-modules.ts';
import { AppRoutes, lazyPageFor, loadPageFor } from './router.tsx';

/** The staff screen's module under /admin, whose chunk the server preloads with the admin's. */
export { staffScreenModuleFor } from './staff-screen-modules.ts';

/**
 * The server's half of the app (built by `vite build --ssr` into `dist/server/`): renders a public page
 * to HTML, with its lazy page loaded and the data it would fetch supplied, so the guest sees the page
 * before any JavaScript runs. The browser then hydrates it (`main.tsx`).
 */
export async function renderPage(url: string, pageData: PageData): Promise<string> {
  await loadPageFor(new URL(url, 'http://localhost').pathname);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageDataProvider value={new Map(Object.entries(pageData))}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </PageDataProvider>
    </StrictMode>,
    // Without this, React outlines a large page into a separate segment revealed by an inline script,
    // which the content security policy rightly blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** The source module of the page chunk `pathname` needs, to preload it from Vite's manifest. */
export function pageModuleFor(pathname: string): string | undefined {
  const page = lazyPageFor(pathname);
  return page ? PAGE_MODULES[page.path] : undefined;
}
