import { type ReactNode, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * Holds a server-rendered form's controls disabled until React has taken the page over. Before then,
 * what a guest types would be lost on hydration, and Enter would submit the form natively, putting
 * their name and phone number in the address bar. Rendered by the browser (any later visit to the
 * page), the fieldset is enabled from the start.
 */
export function ReadyFieldset({ className, children }: { className?: string; children: ReactNode }) {
  const ready = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!ready} className={className}>
      {children}
    </fieldset>
  );
}
