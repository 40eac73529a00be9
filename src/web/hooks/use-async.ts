import { useEffect, useRef, useState } from 'react';
import { usePageData } from '../lib/page-data.tsx';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'done'; value: T }
  /** Not loaded: the page says so (`LoadFailed`) rather than loading for ever. */
  | { status: 'failed'; error: unknown };

/**
 * Runs `load` when `key` changes and keeps only the latest answer. When the server rendered the page
 * with the answer for `key`, it starts from that answer and does not load it again.
 */
export function useAsync<T>(load: () => Promise<T>, key: string): AsyncState<T> {
  const pageData = usePageData();
  const [state, setState] = useState<AsyncState<T>>(() =>
    pageData.has(key) ? { status: 'done', value: pageData.get(key) as T } : { status: 'loading' },
  );
  const servedKey = useRef(pageData.has(key) ? key : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches
  useEffect(() => {
    if (servedKey.current === key) {
      pageData.delete(key);
      return;
    }
    servedKey.current = null;
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (value) => {
        if (current) setState({ status: 'done', value });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
