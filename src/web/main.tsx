import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { beginHydration, usePageHydrated } from './hooks/use-hydrated.ts';
import { PageDataProvider, pageDataFromDocument } from './lib/page-data.tsx';
import { AppRoutes, loadPageFor } from './router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * Marks the document once React has taken over the whole page, the page's own part included (the end-to-end
 * tests wait for it). It wraps the app rather than sitting beside it: a sibling the server does not render
 * would shift every `useId`, and the ids a form looks fields up by would differ from those the server wrote.
 */
function HydrationMark({ children }: { children: ReactNode }) {
  const hydrated = usePageHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return children;
}

function app(): ReactNode {
  return (
    <StrictMode>
      <HydrationMark>
        <PageDataProvider value={pageDataFromDocument()}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </PageDataProvider>
      </HydrationMark>
    </StrictMode>
  );
}

/** A task of its own for what follows: the browser may handle a tap or draw a frame in between. */
const nextTask = () => new Promise((next) => setTimeout(next));

if (container.firstElementChild) {
  // The server rendered this page. Evaluating the entry (React with it) is one task; finding the page and
  // evaluating its chunk (already preloaded) is the next, so hydration adopts the server's markup as it is.
  // No top-level await: the chunk imports this module's code, and awaiting it here would split the entry
  // into many small chunks.
  nextTask()
    .then(() => loadPageFor(window.location.pathname))
    .catch(() => undefined)
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page.
    .then(() =>
      startTransition(() => {
        beginHydration();
        hydrateRoot(container, app());
      }),
    );
} else {
  createRoot(container).render(app());
}
