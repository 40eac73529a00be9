import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type RuleProblem, ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { type SiteFormHandle, type SiteFormOptions, useSiteForm } from '#web/forms/use-site-form.ts';

/** What a guest's own page says when the pub did not take what they asked. */
export const MANAGE_FAILURE = 'Sorry, that did not go through. Please try again, or call us.';

/** What a change form is given by the frame around it. */
export interface ChangeHandlers<Managed> {
  /**
   * Sends the change and shows the booking it gives; changed first by another tab, shows the booking as it
   * stands with the server's message. Any other failure is thrown, for the form to say.
   */
  save: (change: () => Promise<Managed>) => Promise<void>;
  onKeep: () => void;
}

/**
 * A guest's change form, checked by the shared rule the server runs, with the pub's words when it did not go
 * through, as every message of these pages.
 */
export function useGuestChangeForm<Values extends FieldValues>({
  check,
  ...options
}: Omit<SiteFormOptions<Values>, 'failure' | 'validate'> & {
  check: (values: Values) => RuleProblem<Extract<keyof Values, string>> | null;
}) {
  return useSiteForm({ ...options, validate: ruleResolver(check), failure: MANAGE_FAILURE });
}

/** A guest's change form on their page: its fields, its message, "Save changes", and "Keep as it was" to leave it. */
export function GuestChangeForm<Values extends FieldValues>({
  form,
  label,
  onKeep,
  className,
  children,
}: {
  form: SiteFormHandle<Values>;
  label: string;
  onKeep: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <SiteForm form={form} aria-label={label} className={className}>
      {children}
      <FormError />
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-dark" busyLabel="Saving…">
          Save changes
        </SubmitButton>
        <button type="button" className="btn-outline" onClick={onKeep}>
          Keep as it was
        </button>
      </div>
    </SiteForm>
  );
}
