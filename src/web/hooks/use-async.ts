import { useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'done'; value: T };

/** Runs `load` when `key` changes and keeps only the latest answer. */
export function useAsync<T>(load: () => Promise<T>, key: string): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then((value) => {
      if (current) setState({ status: 'done', value });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
