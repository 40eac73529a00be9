import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React adopts the server's markup (and on the server), true from the render after: what only the
 * browser knows (the address bar's hash, a form that now works) is shown then, without a hydration mismatch.
 * A page the browser renders itself is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
