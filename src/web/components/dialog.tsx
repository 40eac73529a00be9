import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useScrollLock } from '../hooks/use-scroll-lock.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog */
  labelledBy: string;
  children: ReactNode;
  /** Classes of the panel; the overlay is shared. */
  className?: string;
  overlayClassName?: string;
  /** Element to focus first; default the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra keys handled while open (the lightbox's arrows). */
  onKeyDown?: (event: KeyboardEvent) => void;
}

/**
 * A modal dialog: closes on Escape and on an overlay click, traps Tab inside, locks page scroll,
 * and gives focus back to the element that had it before it opened.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  children,
  className = '',
  overlayClassName = 'items-center justify-center p-4',
  initialFocus,
  onKeyDown,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const onKeyDownRef = useRef(onKeyDown);
  onCloseRef.current = onClose;
  onKeyDownRef.current = onKeyDown;
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = initialFocus?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus();

    function handleKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key === 'Tab' && panel) {
        const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const firstItem = focusable[0];
        const lastItem = focusable[focusable.length - 1];
        if (!firstItem || !lastItem) {
          event.preventDefault();
          return;
        }
        const current = document.activeElement;
        if (event.shiftKey && (current === firstItem || !panel.contains(current))) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && (current === lastItem || !panel.contains(current))) {
          event.preventDefault();
          firstItem.focus();
        }
        return;
      }
      onKeyDownRef.current?.(event);
    }
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return (
    <div className={`fixed inset-0 z-50 flex ${overlayClassName}`}>
      <div
        className="absolute inset-0 bg-green-950/70 backdrop-blur-[2px]"
        data-testid="dialog-overlay"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`relative ${className}`}
      >
        {children}
      </div>
    </div>
  );
}

/** The × that closes a dialog or a drawer: 44 px, named for the screen reader ("Close", "Close menu"). */
export function CloseButton({
  onClose,
  label = 'Close',
  className = 'text-green-900 hover:bg-cream-100',
}: {
  onClose: () => void;
  label?: string;
  /** Its colours, for the surface it sits on. */
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={label}
      className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${className}`}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** One line of the details a dialog or a drawer lists (in a `dl`): the term, and what it says beside it. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2">
      <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}
