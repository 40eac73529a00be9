import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '#web/lib/api.ts';

/** What an admin screen fetched: still on its way, refused with words for staff, or here. */
export type Loaded<Ready extends object> =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | ({ status: 'ready' } & Ready);

/** Why a call failed: the server's words, else the screen's `failure`, else the call's own (spec §8). */
function failureOf(error: unknown, failure: string | undefined): string {
  if (failure !== undefined) return failureText(error, failure);
  return error instanceof Error ? error.message : String(error);
}

/**
 * Fetches what a screen shows when it opens and again whenever `fetch` changes (a `useCallback` of the screen);
 * only the latest answer counts. `reload` fetches again without saying "Loading…" meanwhile.
 */
export function useLoaded<Ready extends object>(fetch: () => Promise<Ready>, failure?: string) {
  const [load, setLoad] = useState<Loaded<Ready>>({ status: 'loading' });
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const asked = ++latest.current;
    try {
      const ready = await fetch();
      if (asked === latest.current) setLoad({ status: 'ready', ...ready });
    } catch (error) {
      if (asked === latest.current) setLoad({ status: 'failed', error: failureOf(error, failure) });
    }
  }, [fetch, failure]);

  useEffect(() => {
    setLoad({ status: 'loading' });
    void reload();
  }, [reload]);

  return { load, setLoad, reload };
}

/** A change to what a screen shows once it is here, for `setLoad`: nothing to change while it is not. */
export function whenReady<Ready extends object>(change: (ready: Ready) => Ready) {
  return (current: Loaded<Ready>): Loaded<Ready> =>
    current.status === 'ready' ? { ...current, ...change(current) } : current;
}

/** "Loading…" (a status) or the failure (an alert) until what the screen fetched is here, then the screen's view of it. */
export function LoadGate<Ready extends object>({
  load,
  loadingText = 'Loading…',
  children,
}: {
  load: Loaded<Ready>;
  loadingText?: string;
  children: (ready: Ready) => ReactNode;
}) {
  if (load.status === 'loading') {
    return (
      <p role="status" className="text-ink-soft">
        {loadingText}
      </p>
    );
  }
  if (load.status === 'failed') return <Notice tone="error">{load.error}</Notice>;
  return children(load);
}

/** How a change staff asked for went, in words: a quiet confirmation or an error banner. */
export type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  return outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null;
}

/**
 * A change's outcome: `attempt` clears the last one, runs the change and says what it answers, or why it
 * failed (the server's words, else `failure`); it answers whether the change was made. While it runs,
 * `working` is the `subject` it was given (an id, for the one card whose buttons wait), else null.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [working, setWorking] = useState<string | null>(null);
  const attempt = useCallback(async (change: () => Promise<string>, failure?: string, subject = '') => {
    setWorking(subject);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: await change() });
      return true;
    } catch (error) {
      setOutcome({ tone: 'error', text: failureOf(error, failure) });
      return false;
    } finally {
      setWorking(null);
    }
  }, []);
  return { outcome, setOutcome, attempt, working };
}
