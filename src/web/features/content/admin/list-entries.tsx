import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { plural } from '#shared/text/plural.ts';
import { fieldId, useProblemCount } from './fields.tsx';

/** The entries of a list staff edit: moving, removing and adding them, folding each to one line. */

const toolButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-3 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-40';

/** Move up, move down and remove, for one entry of a list staff can reorder. */
export function EntryActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  /** What the entry is called, for the buttons' accessible names: "Move Soup of the Day up". */
  name: string;
  index: number;
  count: number;
  onMove?: (to: number) => void;
  onRemove?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {onMove ? (
        <>
          <button
            type="button"
            className={toolButton}
            disabled={index === 0}
            aria-label={`Move ${name} up`}
            onClick={() => onMove(index - 1)}
          >
            ↑ Up
          </button>
          <button
            type="button"
            className={toolButton}
            disabled={index === count - 1}
            aria-label={`Move ${name} down`}
            onClick={() => onMove(index + 1)}
          >
            ↓ Down
          </button>
        </>
      ) : null}
      {onRemove ? (
        <button
          type="button"
          className={`${toolButton} text-burgundy-800 hover:border-burgundy-700`}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      ) : null}
    </div>
  );
}

export function AddButton({
  id,
  children,
  onClick,
}: {
  id?: string;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button
      id={id}
      type="button"
      className={`${toolButton} w-full border-dashed sm:w-auto`}
      onClick={onClick}
    >
      <span aria-hidden="true">+</span> {children}
    </button>
  );
}

/** Focus moves to an element once the render that makes it is done: a new dish's name, a moved dish. */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
}

/** Which entries of a list are unfolded; staff may have several open at once. */
export function useOpenEntries<K>() {
  const [open, setOpenKeys] = useState<ReadonlySet<K>>(() => new Set());
  const setOpen = useCallback((key: K, isOpen: boolean) => {
    setOpenKeys((current) => {
      if (current.has(key) === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  /** After entries moved or went: `place` says where each open one is now, or undefined when it is gone. */
  const follow = useCallback((place: (key: K) => K | undefined) => {
    setOpenKeys(
      (current) => new Set([...current].map(place).filter((key): key is Awaited<K> & K => key !== undefined)),
    );
  }, []);
  return { isOpen: (key: K) => open.has(key), setOpen, follow };
}

/**
 * An entry of a list folded to one line (a dish: its name and price) until staff open it. An entry with a
 * problem opens by itself, and stays open while staff correct it.
 */
export function FoldingEntry({
  path,
  title,
  summary,
  open,
  onOpen,
  children,
}: {
  path: string;
  title: string;
  summary?: ReactNode;
  open: boolean;
  onOpen: (open: boolean) => void;
  children: ReactNode;
}) {
  const problems = useProblemCount(path);
  useEffect(() => {
    if (problems > 0 && !open) onOpen(true);
  }, [problems, open, onOpen]);
  const id = fieldId(path);
  return (
    <li className="rounded-xl border border-cream-300 bg-cream-50">
      <button
        id={`${id}-toggle`}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => onOpen(!open)}
        className="flex min-h-12 w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-2 text-left"
      >
        <span className="min-w-0 flex-1 font-serif text-lg font-semibold break-words text-green-900">
          {title}
        </span>
        {summary}
        {problems > 0 ? (
          <span className="text-sm font-semibold text-burgundy-800">
            {plural(problems, 'problem', 'problems')}
          </span>
        ) : null}
        <span aria-hidden="true" className="text-brass-600">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open ? (
        <div id={`${id}-panel`} className="space-y-5 border-t border-cream-300 px-4 pt-4 pb-5">
          {children}
        </div>
      ) : null}
    </li>
  );
}

/** An array with one entry moved to another place. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}
