import { useRef, useState } from 'react';

export interface Announcement {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The outcome line of a guest's own booking page (issue 18): shown at the top and focused, so a screen reader
 * reads it and a phone scrolls to it.
 */
export function useAnnouncement() {
  const [notice, setNotice] = useState<Announcement | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  function announce(next: Announcement) {
    setNotice(next);
    requestAnimationFrame(() => ref.current?.focus());
  }
  const view = (
    <div ref={ref} tabIndex={-1} className="empty:hidden focus:outline-none">
      {notice ? (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={
            notice.tone === 'error'
              ? 'rounded-xl bg-burgundy-700 p-4 font-semibold text-cream-50'
              : 'rounded-xl border border-green-600 bg-green-600/10 p-4 font-semibold text-green-900'
          }
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
  return { notice, announce, view };
}
