import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/** Set by the entry while it hydrates a server-rendered page, until the first render after hydration. */
let hydratingPage = false;

/**
 * The entry is about to hydrate the server's page: the render that follows hydration is then a transition,
 * which yields to the browser, rather than the synchronous render React gives an external store whose
 * snapshot differs from the server's (on a long form, a task of some 200 ms on a phone: issue 34).
 */
export function beginHydration(): void {
  hydratingPage = true;
}

/**
 * False while React adopts the server's markup (and on the server), true from the render after: what only the
 * browser knows (the address bar's hash, a form that now works) is shown then, without a hydration mismatch.
 * A page the browser renders itself is hydrated from its first render.
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
    if (hydrated) return;
    hydratingPage = false;
    startTransition(() => setAfterHydration(true));
  }, [hydrated]);
  return hydrated;
}
