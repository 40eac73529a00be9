import { useEffect } from 'react';

let activeLocks = 0;

/** Locks page scroll while `active`; nested locks (a dialog over the drawer) release in order. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    activeLocks += 1;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      activeLocks -= 1;
      if (activeLocks === 0) document.documentElement.style.overflow = '';
    };
  }, [active]);
}
