import {
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Path, type PathValue, useFormState, useWatch } from 'react-hook-form';
import { CONTENT_TITLES } from '#shared/content/document-keys.ts';
import type { CONTENT_SCHEMAS, ContentDocument, ContentKey } from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { BackLink } from '#web/components/back-link.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { SiteForm } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { failureText } from '#web/lib/api.ts';
import { forgetContent } from '../use-content.ts';
import * as api from './api.ts';
import { type ChangeWords, describeChanges, plainPath } from './changes.ts';
import { DraftFormContext } from './fields.tsx';
import { type Outcome, REVIEW_ID, ReviewPanel } from './review-panel.tsx';
import { draftProblems, draftResolver, serverProblemsOf } from './validation.ts';
import type { HistoryState } from './version-history.tsx';

/** The versions list sits below the form and restoring is rare: their code loads after the editor's. */
const versionHistory = () => import('./version-history.tsx');
const VersionHistory = lazy(() => versionHistory().then((module) => ({ default: module.VersionHistory })));
const RestoreDialog = lazy(() => versionHistory().then((module) => ({ default: module.RestoreDialog })));

/** Every document but the gallery, which has its own manager for photos. */
export type EditableKey = Exclude<ContentKey, 'gallery'>;

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

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What every content editor shares: it loads the newest version into a `useSiteForm`, checks the draft with
 * the server's own schema on every change, says what a save will change, saves the whole document against
 * the version it started from (the server's refusals land on their fields), and lists the previous versions
 * with a restore button. The editor's fields (`fields.tsx`) read and write the draft by path.
 */
export function ContentEditor<K extends EditableKey>({
  contentKey,
  schema,
  description,
  words,
  forgetAlso,
  children,
}: {
  contentKey: K;
  /**
   * The document's own schema (the one `CONTENT_SCHEMAS` names for it), passed by its editor so that a screen
   * carries only the rules of the documents it edits.
   */
  schema: (typeof CONTENT_SCHEMAS)[K];
  description: ReactNode;
  /** How the document reads in plain words ("What will change", the list of problems). */
  words: ChangeWords;
  /** Forgets what else the visit holds read from this document, once a save or a restore changed it. */
  forgetAlso?: () => void;
  children: ReactNode;
}) {
  type Document = ContentDocument<K>;
  const title = CONTENT_TITLES[contentKey];
  useAdminTitle(title);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [base, setBase] = useState<Loaded<Document> | null>(null);
  const [typingIssues, setTypingIssues] = useState<Readonly<Record<string, string>>>({});
  // What the form's check reads: the newest, before React draws it.
  const typingNow = useRef(typingIssues);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryState>({ status: 'loading' });
  const [restoreCandidate, setRestoreCandidate] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);

  function forgetSaved() {
    forgetContent(contentKey);
    forgetAlso?.();
  }

  const validate = useMemo(() => draftResolver<Document>(schema, () => typingNow.current), [schema]);
  const editor = useSiteForm<Document>({
    defaultValues: {} as Document,
    validate,
    send: async (document) => {
      if (!base) return;
      setOutcome(null);
      try {
        const { version } = await api.save(contentKey, base.version, document);
        forgetSaved();
        // What the server stored: the schema's own output (trimmed names), so the next save starts from it.
        start({ version, document });
        setOutcome({ tone: 'success', text: EDITOR_MESSAGES.saved(version) });
        void loadHistory();
      } catch (error) {
        if (api.savedElsewhereFirst(error)) {
          setConflict(CONTENT_MESSAGES.stale);
          return;
        }
        setOutcome({ tone: 'error', text: failureText(error, EDITOR_MESSAGES.saveFailed) });
        throw error;
      }
    },
    failure: EDITOR_MESSAGES.saveFailed,
  });
  const { form } = editor;
  const draft = useWatch({ control: form.control }) as Document;
  const { errors } = useFormState({ control: form.control });
  // The draft's problems are read from it as it renders, so each shows with the keystroke that made it.
  const problems = useMemo(
    () => [...draftProblems(schema, typingIssues, draft), ...serverProblemsOf(errors)],
    [schema, typingIssues, draft, errors],
  );

  const start = useCallback(
    (loaded: Loaded<Document>) => {
      form.reset(loaded.document);
      setBase(loaded);
    },
    [form],
  );

  const loadHistory = useCallback(async () => {
    try {
      setHistory({ status: 'ready', versions: await api.versions(contentKey) });
    } catch (error) {
      setHistory({ status: 'failed', error: failureText(error, EDITOR_MESSAGES.historyFailed) });
    }
  }, [contentKey]);

  const reload = useCallback(async () => {
    try {
      start(await api.latest(contentKey));
      setConflict(null);
      setLoad({ status: 'ready' });
    } catch (error) {
      setLoad({ status: 'failed', error: failureText(error, EDITOR_MESSAGES.loadFailed) });
    }
    await loadHistory();
  }, [contentKey, loadHistory, start]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const changes = useMemo(
    () => (base ? describeChanges(base.document, draft, words) : []),
    [base, draft, words],
  );
  const unsaved = changes.length > 0 || Object.keys(typingIssues).length > 0;

  useEffect(() => {
    if (!unsaved) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const edit = useCallback(
    (recipe: (draft: Document) => void) => {
      const current = form.getValues();
      const next = structuredClone(current);
      recipe(next);
      const [before, after]: Record<string, unknown>[] = [current, next];
      for (const key of new Set([...Object.keys(current), ...Object.keys(next)])) {
        const value = after?.[key] as PathValue<Document, Path<Document>>;
        if (!sameValue(before?.[key], value))
          form.setValue(key as Path<Document>, value, { shouldDirty: true });
      }
      // What the server said of the last save goes with the next change.
      form.clearErrors();
      setOutcome(null);
    },
    [form],
  );

  const setTypingIssue = useCallback((path: string, message: string | undefined) => {
    const current = typingNow.current;
    if (current[path] === message) return;
    const next = { ...current };
    if (message === undefined) delete next[path];
    else next[path] = message;
    typingNow.current = next;
    setTypingIssues(next);
  }, []);

  const draftForm = useMemo(() => {
    const messages = new Map(problems.map((problem) => [problem.path, problem.message]));
    return {
      draft,
      edit: edit as (recipe: (draft: never) => void) => void,
      issueAt: (path: string) => messages.get(path),
      problemPaths: [...messages.keys()],
      setTypingIssue,
    };
  }, [draft, edit, problems, setTypingIssue]);

  /**
   * A draft with problems is not sent: the list of them says what to correct. Read from the draft as it is
   * now, not from the last check's answer, which may not have reached the screen yet.
   */
  function refuseWithProblems(event: MouseEvent) {
    const current = draftProblems(schema, typingNow.current, form.getValues());
    if (current.length === 0) return;
    event.preventDefault();
    setOutcome({ tone: 'error', text: EDITOR_MESSAGES.cannotSave(current.length) });
    problemsRef.current?.focus();
  }

  async function reloadAfterConflict() {
    await reload();
    setOutcome({ tone: 'success', text: EDITOR_MESSAGES.reloaded });
  }

  async function restore(version: number) {
    setRestoring(true);
    try {
      const restored = await api.restore(contentKey, version);
      forgetSaved();
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
      <BackLink to="/admin/content">Site content</BackLink>
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">{title}</h1>
        <p className="mt-1 text-ink-soft">{description}</p>
      </div>

      {load.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : load.status === 'failed' || !base ? (
        <Notice tone="error">{load.status === 'failed' ? load.error : EDITOR_MESSAGES.loadFailed}</Notice>
      ) : (
        <>
          <SiteForm form={editor} className="space-y-6">
            <DraftFormContext.Provider value={draftForm}>
              <div className="space-y-6">{children}</div>
            </DraftFormContext.Provider>
            <ReviewPanel
              changes={changes}
              problems={problems}
              placeOf={(path) => plainPath(draft, path.split('.'), words)}
              problemsRef={problemsRef}
              conflict={conflict}
              outcome={outcome}
              canSave={unsaved && conflict === null}
              onSave={refuseWithProblems}
              onReload={reloadAfterConflict}
            />
          </SiteForm>

          <Suspense fallback={null}>
            <VersionHistory history={history} onRestore={(version) => setRestoreCandidate(version)} />
          </Suspense>

          {unsaved ? (
            <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t-2 border-brass-500 bg-green-900 px-4 py-3 text-cream-50 sm:mx-0 sm:rounded-t-xl">
              <span className="font-semibold">{EDITOR_MESSAGES.unsaved(Math.max(changes.length, 1))}</span>
              <a href={`#${REVIEW_ID}`} className="btn-primary min-h-11 px-4 py-2 text-sm">
                Review and save
              </a>
            </div>
          ) : null}

          <Suspense fallback={null}>
            <RestoreDialog
              version={restoreCandidate}
              unsaved={unsaved}
              restoring={restoring}
              onRestore={restore}
              onCancel={() => setRestoreCandidate(null)}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}
