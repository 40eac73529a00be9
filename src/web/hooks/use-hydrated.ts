import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * Set by the entry while React adopts the server's markup of the page the browser opened: the layout first,
 * then the page inside it (its own suspense boundary, adopted in a later pass), until the page says it is in.
 */
let hydratingPage = false;
const hydrationEndListeners = new Set<() => void>();

function subscribeToHydrationEnd(listener: () => void): () => void {
  hydrationEndListeners.add(listener);
  return () => hydrationEndListeners.delete(listener);
}

/**
 * The entry is about to hydrate the server's page: the render that follows hydration is then a transition,
 * which yields to the browser, rather than the synchronous render React gives an external store whose
 * snapshot differs from the server's (on a long form, a task of some 200 ms on a phone: issue 34).
 */
export function beginHydration(): void {
  hydratingPage = true;
}

/** The last part of the server's page has been adopted (`PageHydrated` in the layout says so). */
function endHydration(): void {
  if (!hydratingPage) return;
  hydratingPage = false;
  for (const listener of hydrationEndListeners) listener();
}

/** The browser's next idle moment, or a moment later where browsers cannot tell (Safari). */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}

/**
 * Resolves once React has adopted the server's page and the browser then has a moment to itself; at once
 * when no page is being adopted. What the first page does without (the promo, naming the next page, the phone
 * menu's chunk) is loaded then, rather than in the render and effects that bring the page to life, each a
 * task the browser cannot interrupt (issue 34).
 */
export function afterPageHydrated(): Promise<void> {
  if (!hydratingPage) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribeToHydrationEnd(() => {
      unsubscribe();
      whenIdle(resolve);
    });
  });
}

/** React is adopting the server's markup of the page the browser opened: not a render after it. */
export function isHydratingPage(): boolean {
  return hydratingPage;
}

/** The server's page has been adopted whole; a page the browser renders itself is from its first render. */
export function usePageHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToHydrationEnd,
    () => !hydratingPage,
    () => false,
  );
}

/** Rendered last in the page's suspense boundary: its effect runs once React has adopted the page. */
export function PageHydrated(): null {
  useEffect(endHydration, []);
  return null;
}

/**
 * False while React adopts the server's markup (and on the server), true from the render after: what only the
 * browser knows (the address bar's hash, a form that now works) is shown then, without a hydration mismatch.
 * A part the browser renders itself, once the page is in, is hydrated from its first render.
 */
export function useHydrated(): boolean {
  const renderedByBrowser = useSyncExternalStore(
    neverChanges,
    () => !hydratingPage,
    () => false,
  );
  const [afterHydration, setAfterHydration] = useState(false);
  const hydrated = renderedByBrowser || afterHydration;
  useEffect(() => {
    if (!hydrated) startTransition(() => setAfterHydration(true));
  }, [hydrated]);
  return hydrated;
}
