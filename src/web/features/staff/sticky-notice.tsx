import { type ReactNode, useEffect, useRef } from 'react';
import { Notice } from './notice.tsx';

/**
 * The outcome of a staff action, kept in sight while staff scroll a long night: the change they made may be far
 * below it. An action whose button went with it (a diner taken off, a till question answered, the list reloaded)
 * leaves focus on the page: the notice takes it, so a keyboard user hears what happened and goes on from there.
 */
export function StickyNotice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const held = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (children === null) return;
    const timer = setTimeout(() => {
      if (document.activeElement === document.body) held.current?.focus();
    });
    return () => clearTimeout(timer);
  }, [children]);
  return (
    <div ref={held} tabIndex={-1} className="sticky top-2 z-20 rounded-lg bg-white shadow-md">
      <Notice tone={tone}>{children}</Notice>
    </div>
  );
}
