import { createContext, type ReactNode, useContext, useId } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import type { SiteFormHandle } from '#web/forms/use-site-form.ts';
import { Dialog } from './dialog.tsx';

interface AskedQuestion {
  /** The id of the dialog's title, which names it. */
  titleId: string;
  /** Closes the dialog with nothing done. */
  onKeep: () => void;
}

const Asked = createContext<AskedQuestion | null>(null);

/** The `ConfirmDialog` around: its title's id and how to close it with nothing done. */
export function useConfirmDialog(): AskedQuestion {
  const asked = useContext(Asked);
  if (!asked) throw new Error('useConfirmDialog is for the content of a ConfirmDialog.');
  return asked;
}

/**
 * Asks staff before something that cannot be taken back (cancel, close, delete): open while there is a `subject`
 * to ask about, closed by Escape, the overlay or the keep button, focus back where it was. Its content, given
 * the subject, is a `ConfirmForm`.
 */
export function ConfirmDialog<Subject>({
  subject,
  onKeep,
  className = 'card w-full max-w-md p-6',
  children,
}: {
  subject: Subject | null;
  onKeep: () => void;
  /** Classes of the panel, for a question with more to show. */
  className?: string;
  children: (subject: Subject) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={subject !== null} onClose={onKeep} labelledBy={titleId} className={className}>
      <Asked.Provider value={{ titleId, onKeep }}>
        {subject !== null ? children(subject) : null}
      </Asked.Provider>
    </Dialog>
  );
}

/** The check of a question whose every answer will do (a box ticked or not): none. */
export function nothingToCheck<Values extends FieldValues>(): Resolver<Values> {
  return ruleResolver(() => null);
}

const CONFIRM_TONES = {
  /** Something lost for a guest (a booking cancelled): the burgundy of the site's warnings. */
  danger: 'btn min-h-12 bg-burgundy-700 text-cream-50 hover:bg-burgundy-800',
  plain: 'btn-dark min-h-12',
} as const;

/**
 * The question of a `ConfirmDialog` as a `useSiteForm` form: its title, naming the dialog, what staff choose
 * (`children`, the form's connected fields), the failure above the buttons, the confirm button (busy while
 * sending) and the button that keeps things as they are.
 */
export function ConfirmForm<Values extends FieldValues>({
  form,
  title,
  confirmLabel,
  busyLabel,
  keepLabel,
  tone = 'plain',
  children,
}: {
  form: SiteFormHandle<Values>;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  keepLabel: string;
  tone?: keyof typeof CONFIRM_TONES;
  children: ReactNode;
}) {
  const { titleId, onKeep } = useConfirmDialog();
  return (
    <SiteForm form={form}>
      <h2 id={titleId} className="font-serif text-2xl">
        {title}
      </h2>
      {children}
      <div className="mt-5 empty:hidden">
        <FormError />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <SubmitButton className={CONFIRM_TONES[tone]} busyLabel={busyLabel}>
          {confirmLabel}
        </SubmitButton>
        <button type="button" onClick={onKeep} className="btn-outline min-h-12">
          {keepLabel}
        </button>
      </div>
    </SiteForm>
  );
}
