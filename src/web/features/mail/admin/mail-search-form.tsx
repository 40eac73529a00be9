import { OUTBOX_MESSAGES, OUTBOX_SEARCH_MAX_LENGTH } from '#shared/mail/outbox.ts';
import { type OutboxSearch, outboxSearchSchema } from '#shared/mail/schemas.ts';
import { FormTextField } from '#web/forms/fields.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';

/** The outbox's search: Enter or Search finds the messages, Clear goes back to the lists by status. */
export function MailSearchForm({
  searching,
  onSearch,
  onClear,
}: {
  /** Whether a search is shown: Clear is offered. */
  searching: boolean;
  onSearch: (search: string) => Promise<void>;
  onClear: () => void;
}) {
  const search = useSiteForm<OutboxSearch>({
    defaultValues: { q: '' },
    validate: schemaResolver(outboxSearchSchema),
    send: ({ q }) => onSearch(q),
    failure: OUTBOX_MESSAGES.loadFailed,
  });
  const typed = search.form.watch('q') !== '';

  return (
    <SiteForm
      form={search}
      role="search"
      aria-label="Search the e-mails"
      className="card space-y-3 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-end gap-3">
        <FormTextField
          name="q"
          label={OUTBOX_MESSAGES.searchLabel}
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={OUTBOX_SEARCH_MAX_LENGTH}
          className="min-w-0 flex-1 basis-64"
        />
        <div className="flex w-full gap-3 sm:w-auto">
          <SubmitButton className="btn-dark min-h-11 flex-1 px-6 py-2.5 sm:flex-none" busyLabel="Searching…">
            Search
          </SubmitButton>
          {searching || typed ? (
            <button
              type="button"
              onClick={() => {
                search.form.reset({ q: '' });
                onClear();
              }}
              className="btn-outline min-h-11 flex-1 px-6 py-2.5 sm:flex-none"
            >
              Clear
            </button>
          ) : null}
        </div>
      </div>
      <FormError />
    </SiteForm>
  );
}
