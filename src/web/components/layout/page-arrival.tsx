import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { pageTitleFor } from '#shared/content/page-titles.ts';
import { useVenue } from '#web/features/content/site-content.tsx';

/** Whether `element` is shown: React hides a page it is replacing while the next one loads. */
function isShown(element: HTMLElement, within: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node && node !== within; node = node.parentElement) {
    if (node.hidden || node.style.display === 'none') return false;
  }
  return true;
}

/**
 * Names each page in the document title as the guest moves to it. After a client-side move to another page,
 * takes the keyboard and screen reader there: focus goes to
 * the new page's main heading (once it has rendered, which may be after its code or data arrived) and
 * the page's title is announced. Not on the page the visit started on, nor when only the hash or the
 * query changes within a page.
 */
export function PageArrival({ main }: { main: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const { pathname } = location;
  const [arrival, setArrival] = useState<{ heading: HTMLElement } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<string | null>(null);
  const { name } = useVenue();

  // The page's title, set before the page's own effects (an event's page names itself) and the announcement.
  useEffect(() => {
    const title = pageTitleFor(pathname, name);
    if (title) document.title = title;
  }, [pathname, name]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new path is a new page; the key tells the visit's first page from a later one
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || (from === null && location.key === 'default')) return;
    const container = main.current;
    if (!container) return;

    const arrive = (): boolean => {
      const heading = [...container.querySelectorAll('h1')].find((h1) => isShown(h1, container));
      if (heading) setArrival({ heading });
      return heading !== undefined;
    };
    if (arrive()) return;
    const observer = new MutationObserver(() => {
      if (arrive()) observer.disconnect();
    });
    observer.observe(container, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['hidden', 'style'],
    });
    return () => observer.disconnect();
  }, [pathname]);

  // A render of its own, so the effects of the page's render have run: the page has named itself, and a
  // dialog closed on the way (the phone menu) has handed focus back. A dialog opened since keeps focus.
  useEffect(() => {
    if (!arrival) return;
    const { heading } = arrival;
    if (!document.activeElement?.closest('[aria-modal="true"]')) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    setAnnouncement(document.title);
  }, [arrival]);

  return (
    <p aria-live="polite" className="sr-only">
      {announcement}
    </p>
  );
}
