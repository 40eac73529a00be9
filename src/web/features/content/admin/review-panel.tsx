import type { MouseEvent, ReactNode, Ref } from 'react';
import { useFormState } from 'react-hook-form';
import type { FieldIssue } from '#shared/schema/issues.ts';
import { Notice } from '#web/features/staff/notice.tsx';
import { fieldId } from './fields.tsx';

export const REVIEW_ID = 'content-review';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The problems still to correct, each linked to its field. */
function ProblemList({
  problems,
  placeOf,
  ref,
}: {
  problems: readonly FieldIssue[];
  placeOf: (path: string) => string;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="rounded-lg border border-burgundy-700/30 bg-burgundy-700/5 p-4 focus:outline-none focus-visible:outline-3 focus-visible:outline-brass-500"
    >
      <h3 className="font-sans text-base font-semibold text-burgundy-800">To correct before saving</h3>
      <ul aria-label="Problems" className="mt-2 list-disc space-y-1 pl-5 break-words text-burgundy-800">
        {problems.map((problem) => (
          // One field can have two problems at once (two rules about the same time), so the words are in the key.
          <li key={`${problem.path} ${problem.message}`}>
            <a href={`#${fieldId(problem.path)}`} className="font-semibold underline underline-offset-2">
              {placeOf(problem.path)}
            </a>
            : {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form's Save button: it saves the changes there are, once at a time, and never over a conflict. */
function SaveButton({ canSave, onClick }: { canSave: boolean; onClick: (event: MouseEvent) => void }) {
  const { isSubmitting } = useFormState();
  return (
    <button
      type="submit"
      className="btn-dark min-h-12 w-full px-6 sm:w-auto"
      disabled={!canSave || isSubmitting}
      onClick={onClick}
    >
      {isSubmitting ? 'Saving…' : 'Save changes'}
    </button>
  );
}

/**
 * "What will change": the changes in plain words, the problems to correct first, a save refused because
 * someone else saved meanwhile (with its Reload), how the last save went, and the Save button.
 */
export function ReviewPanel({
  changes,
  problems,
  placeOf,
  problemsRef,
  conflict,
  outcome,
  canSave,
  onSave,
  onReload,
}: {
  changes: readonly string[];
  problems: readonly FieldIssue[];
  placeOf: (path: string) => string;
  problemsRef: Ref<HTMLDivElement>;
  conflict: ReactNode;
  outcome: Outcome;
  canSave: boolean;
  onSave: (event: MouseEvent) => void;
  onReload: () => void;
}) {
  return (
    <section id={REVIEW_ID} aria-labelledby={`${REVIEW_ID}-heading`} className="card space-y-4 p-4 sm:p-6">
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
      {problems.length > 0 ? <ProblemList problems={problems} placeOf={placeOf} ref={problemsRef} /> : null}
      {conflict ? (
        <div
          role="alert"
          className="space-y-3 rounded-lg border border-burgundy-700/30 bg-burgundy-700/10 px-4 py-3 text-burgundy-800"
        >
          <p>{conflict}</p>
          <button type="button" className="btn-outline min-h-11 px-5 py-2" onClick={onReload}>
            Reload
          </button>
        </div>
      ) : null}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <SaveButton canSave={canSave} onClick={onSave} />
    </section>
  );
}
