import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  CONTENT_SCHEMAS,
  CONTENT_TITLES,
  type ContentDocument,
  type ContentKey,
} from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import type { FieldIssue } from '#shared/schema/issues.ts';
import { plural } from '#shared/text/plural.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { ApiError, failureText } from '#web/lib/api.ts';
import { forgetContent } from '../use-content.ts';
import * as api from './api.ts';
import { type ChangeWords, describeChanges, plainPath } from './changes.ts';
import { fieldId, IssueBoardContext } from './fields.tsx';
import { draftIssues } from './validation.ts';
import { type HistoryState, RestoreDialog, VersionHistory } from './version-history.tsx';

/** Every document but the gallery, which has its own manager for photos. */
export type EditableKey = Exclude<ContentKey, 'gallery'>;

export interface DraftEditor<D> {
  draft: D;
  /** Changes the draft: `recipe` edits a copy of it in place. */
  edit: (recipe: (draft: D) => void) => void;
}

const EDITOR_MESSAGES = {
  saved: (version: number) => `Saved. The site shows version ${version} now.`,
  restored: (restored: number, version: number) =>
    `Version ${restored} is back. The site shows it now, as version ${version}.`,
  reloaded: 'This is the newest version now. Make your change again, then save.',
  unsaved: (count: number) => `${plural(count, 'change', 'changes')} not saved yet`,
  cannotSave: (count: number) =>
    `Cannot save yet: ${plural(count, 'problem needs', 'problems need')} correcting.`,
  saveFailed: 'Could not save. Please try again.',
  restoreFailed: 'Could not restore that version. Please try again.',
  loadFailed: 'Could not load this page’s content. Please try again.',
  historyFailed: 'Could not load the previous versions.',
} as const;

type Loaded<D> = { version: number; document: D };
type LoadState = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready' };
type Outcome = { tone: 'success' | 'error'; text: string } | null;

const REVIEW_ID = 'content-review';

/** The first message for each path. */
function byPath(issues: readonly FieldIssue[]): Map<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues) if (!messages.has(issue.path)) messages.set(issue.path, issue.message);
  return messages;
}

/**
 * What every content editor shares: it loads the newest version, keeps the draft staff change, checks it with
 * the server's own schema on every change, says what a save will change, saves the whole document against
 * the version it started from, and lists the previous versions with a restore button.
 */
export function ContentEditor<K extends EditableKey>({
  contentKey,
  description,
  words,
  children,
}: {
  contentKey: K;
  description: ReactNode;
  /** How the document reads in plain words ("What will change", the list of problems). */
  words: ChangeWords;
  children: (editor: DraftEditor<ContentDocument<K>>) => ReactNode;
}) {
  type Document = ContentDocument<K>;
  const title = CONTENT_TITLES[contentKey];
  const schema = CONTENT_SCHEMAS[contentKey];
  useAdminTitle(title);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [base, setBase] = useState<Loaded<Document> | null>(null);
  const [draft, setDraft] = useState<Document | null>(null);
  const [serverIssues, setServerIssues] = useState<readonly FieldIssue[]>([]);
  const [typingIssues, setTypingIssues] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState<HistoryState>({ status: 'loading' });
  const [restoreCandidate, setRestoreCandidate] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);

  const loadHistory = useCallback(async () => {
    try {
      setHistory({ status: 'ready', versions: await api.versions(contentKey) });
    } catch (error) {
      setHistory({ status: 'failed', error: failureText(error, EDITOR_MESSAGES.historyFailed) });
    }
  }, [contentKey]);

  const reload = useCallback(async () => {
    try {
      const latest = await api.latest(contentKey);
      setBase(latest);
      setDraft(latest.document);
      setServerIssues([]);
      setConflict(null);
      setLoad({ status: 'ready' });
    } catch (error) {
      setLoad({ status: 'failed', error: failureText(error, EDITOR_MESSAGES.loadFailed) });
    }
    await loadHistory();
  }, [contentKey, loadHistory]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const schemaIssues = useMemo(() => (draft === null ? [] : draftIssues(schema, draft)), [schema, draft]);
  const changes = useMemo(
    () => (base && draft ? describeChanges(base.document, draft, words) : []),
    [base, draft, words],
  );

  /** One problem per field: what staff typed first, then the schema's, then the server's. */
  const problems = useMemo(() => {
    const typed = Object.entries(typingIssues).map(([path, message]) => ({ path, message }));
    return [...byPath([...typed, ...schemaIssues, ...serverIssues])].map(([path, message]) => ({
      path,
      message,
    }));
  }, [typingIssues, schemaIssues, serverIssues]);

  const setTypingIssue = useCallback((path: string, message: string | undefined) => {
    setTypingIssues((current) => {
      if (current[path] === message) return current;
      const next = { ...current };
      if (message === undefined) delete next[path];
      else next[path] = message;
      return next;
    });
  }, []);

  const board = useMemo(() => {
    const messages = new Map(problems.map((problem) => [problem.path, problem.message]));
    return {
      issueAt: (path: string) => messages.get(path),
      problemPaths: problems.map((issue) => issue.path),
      setTypingIssue,
    };
  }, [problems, setTypingIssue]);

  const unsaved = changes.length > 0 || Object.keys(typingIssues).length > 0;

  useEffect(() => {
    if (!unsaved) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const edit = useCallback((recipe: (draft: Document) => void) => {
    setDraft((current) => {
      if (current === null) return current;
      const next = structuredClone(current);
      recipe(next);
      return next;
    });
    setServerIssues([]);
    setOutcome(null);
  }, []);

  async function save() {
    if (!base || !draft) return;
    if (problems.length > 0) {
      setOutcome({ tone: 'error', text: EDITOR_MESSAGES.cannotSave(problems.length) });
      problemsRef.current?.focus();
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      const { version } = await api.save(contentKey, base.version, draft);
      forgetContent(contentKey);
      // What the server stored: the schema's own output (trimmed names), so the next save starts from it.
      const stored = schema.parse(draft) as Document;
      setBase({ version, document: stored });
      setDraft(stored);
      setOutcome({ tone: 'success', text: EDITOR_MESSAGES.saved(version) });
      void loadHistory();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(failureText(error, CONTENT_MESSAGES.stale));
      } else {
        if (error instanceof ApiError) setServerIssues(error.issues);
        setOutcome({ tone: 'error', text: failureText(error, EDITOR_MESSAGES.saveFailed) });
      }
    }
    setSaving(false);
  }

  async function reloadAfterConflict() {
    await reload();
    setOutcome({ tone: 'success', text: EDITOR_MESSAGES.reloaded });
  }

  async function restore(version: number) {
    setRestoring(true);
    try {
      const restored = await api.restore(contentKey, version);
      forgetContent(contentKey);
      await reload();
      setOutcome({ tone: 'success', text: EDITOR_MESSAGES.restored(version, restored.version) });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, EDITOR_MESSAGES.restoreFailed) });
    }
    setRestoring(false);
    setRestoreCandidate(null);
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 pb-24">
      <p>
        <Link to="/admin/content" className="link text-sm">
          ← Site content
        </Link>
      </p>
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">{title}</h1>
        <p className="mt-1 text-ink-soft">{description}</p>
      </div>

      {load.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : load.status === 'failed' || !draft || !base ? (
        <Notice tone="error">{load.status === 'failed' ? load.error : EDITOR_MESSAGES.loadFailed}</Notice>
      ) : (
        <>
          <IssueBoardContext.Provider value={board}>
            <div className="space-y-6">{children({ draft, edit })}</div>
          </IssueBoardContext.Provider>

          <section
            id={REVIEW_ID}
            aria-labelledby={`${REVIEW_ID}-heading`}
            className="card space-y-4 p-4 sm:p-6"
          >
            <h2 id={`${REVIEW_ID}-heading`} className="font-serif text-2xl">
              What will change
            </h2>
            {changes.length === 0 ? (
              <p className="text-ink-soft">Nothing has changed yet.</p>
            ) : (
              <ul aria-label="Changes" className="list-disc space-y-1 pl-5 break-words">
                {changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            )}
            {problems.length > 0 ? (
              <div
                ref={problemsRef}
                tabIndex={-1}
                className="rounded-lg border border-burgundy-700/30 bg-burgundy-700/5 p-4 focus:outline-none focus-visible:outline-3 focus-visible:outline-brass-500"
              >
                <h3 className="font-sans text-base font-semibold text-burgundy-800">
                  To correct before saving
                </h3>
                <ul
                  aria-label="Problems"
                  className="mt-2 list-disc space-y-1 pl-5 break-words text-burgundy-800"
                >
                  {problems.map((problem) => (
                    <li key={problem.path}>
                      <a
                        href={`#${fieldId(problem.path)}`}
                        className="font-semibold underline underline-offset-2"
                      >
                        {plainPath(draft, problem.path.split('.'), words)}
                      </a>
                      : {problem.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {conflict ? (
              <div
                role="alert"
                className="space-y-3 rounded-lg border border-burgundy-700/30 bg-burgundy-700/10 px-4 py-3 text-burgundy-800"
              >
                <p>{conflict}</p>
                <button
                  type="button"
                  className="btn-outline min-h-11 px-5 py-2"
                  onClick={reloadAfterConflict}
                >
                  Reload
                </button>
              </div>
            ) : null}
            {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
            <button
              type="button"
              className="btn-dark min-h-12 w-full px-6 sm:w-auto"
              disabled={!unsaved || saving || conflict !== null}
              onClick={save}
            >
              {saving ? 'Saving…' : 'Save changes'}
            </button>
          </section>

          <VersionHistory history={history} onRestore={(version) => setRestoreCandidate(version)} />

          {unsaved ? (
            <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t-2 border-brass-500 bg-green-900 px-4 py-3 text-cream-50 sm:mx-0 sm:rounded-t-xl">
              <span className="font-semibold">{EDITOR_MESSAGES.unsaved(Math.max(changes.length, 1))}</span>
              <a href={`#${REVIEW_ID}`} className="btn-primary min-h-11 px-4 py-2 text-sm">
                Review and save
              </a>
            </div>
          ) : null}

          <RestoreDialog
            version={restoreCandidate}
            unsaved={unsaved}
            restoring={restoring}
            onRestore={restore}
            onCancel={() => setRestoreCandidate(null)}
          />
        </>
      )}
    </div>
  );
}
