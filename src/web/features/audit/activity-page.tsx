import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_TYPE_LABELS, AUDIT_TYPES, type AuditType } from '#shared/audit/labels.ts';
import {
  type AuditFilters,
  type AuditPage,
  type AuditQueryInput,
  auditFiltersSchema,
} from '#shared/audit/query.ts';
import { type Loaded, LoadGate, useLoaded } from '#web/components/load-state.tsx';
import { FormSelectField, FormTextField } from '#web/forms/fields.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { useAdminTitle } from '../staff/admin-layout.tsx';
import * as staffApi from '../staff/api.ts';
import * as api from './api.ts';
import { AuditEntryItem } from './audit-entry.tsx';

type LoadState = Loaded<{ page: AuditPage }>;

interface Person {
  value: string;
  label: string;
}

const ANYONE_ELSE: Person[] = [
  { value: 'guest', label: 'Guests' },
  { value: 'system', label: 'The website (system)' },
];

const FILTER_NAMES = ['actor', 'type', 'from', 'to'] as const;
type Filters = AuditFilters;
const NO_FILTERS: Filters = { actor: '', type: '', from: '', to: '' };

function filtersOf(params: URLSearchParams): Filters {
  return {
    actor: params.get('actor') ?? '',
    type: params.get('type') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

function queryOf(filters: Filters, page: number): AuditQueryInput {
  return {
    actor: filters.actor || undefined,
    type: (AUDIT_TYPES as string[]).includes(filters.type) ? (filters.type as AuditType) : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page,
  };
}

/** The staff accounts to filter by; if the list cannot be had, the people the trail names so far. */
function usePeople(load: LoadState): Person[] {
  const [accounts, setAccounts] = useState<Person[] | null>(null);
  useEffect(() => {
    let current = true;
    staffApi.staffAccounts().then(
      (list) => current && setAccounts(list.map((account) => ({ value: account.id, label: account.name }))),
      () => current && setAccounts(null),
    );
    return () => {
      current = false;
    };
  }, []);
  if (accounts) return accounts;
  const seen = new Map<string, string>();
  if (load.status === 'ready') {
    for (const entry of load.page.entries) if (entry.actorId) seen.set(entry.actorId, entry.actorName);
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** The owner's activity page (issue 19): every change staff, guests and the website made, newest first. */
export function ActivityPage() {
  useAdminTitle('Activity');
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const queryKey = JSON.stringify(queryOf(applied, page));
  const entries = useCallback(
    async () => ({ page: await api.auditEntries(JSON.parse(queryKey) as AuditQueryInput) }),
    [queryKey],
  );
  const { load } = useLoaded(entries, 'The activity could not be loaded.');
  const people = usePeople(load);

  function show(filters: Filters, pageNumber = 1) {
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) if (filters[name]) next.set(name, filters[name]);
    if (pageNumber > 1) next.set('page', String(pageNumber));
    setParams(next);
  }

  const filter = useSiteForm<Filters>({
    defaultValues: applied,
    validate: schemaResolver(auditFiltersSchema),
    send: async (filters) => show(filters),
    failure: 'The activity could not be loaded.',
  });

  return (
    <div className="space-y-5">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Activity</h1>
        <p className="mt-1 text-ink-soft">
          Who changed what: bookings, events, closures, content and accounts. Nothing here can be edited.
        </p>
      </div>

      <SiteForm
        form={filter}
        className="card grid gap-4 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-5"
        aria-label="Filter"
      >
        <FormSelectField name="actor" label="Person">
          <option value="">Everyone</option>
          {[...people, ...ANYONE_ELSE].map((person) => (
            <option key={person.value} value={person.value}>
              {person.label}
            </option>
          ))}
        </FormSelectField>
        <FormSelectField name="type" label="What">
          <option value="">Every change</option>
          {AUDIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUDIT_TYPE_LABELS[type]}
            </option>
          ))}
        </FormSelectField>
        <FormTextField name="from" label="From" type="date" />
        <FormTextField name="to" label="To" type="date" />
        <div className="flex items-end gap-2">
          <SubmitButton className="btn-dark min-h-11 px-5 py-2" busyLabel="Showing…">
            Show
          </SubmitButton>
          <button
            type="button"
            className="btn-outline min-h-11 px-5 py-2"
            onClick={() => {
              filter.form.reset(NO_FILTERS);
              show(NO_FILTERS);
            }}
          >
            Clear
          </button>
        </div>
        <FormError />
      </SiteForm>

      <LoadGate load={load}>
        {({ page: shown }) =>
          shown.entries.length === 0 ? (
            <p className="card p-5 text-ink-soft">Nothing recorded for these filters.</p>
          ) : (
            <>
              <ol className="card divide-y divide-cream-200 px-4 sm:px-5" aria-label="Changes, newest first">
                {shown.entries.map((entry) => (
                  <AuditEntryItem key={entry.id} entry={entry} />
                ))}
              </ol>
              <nav aria-label="Pages" className="flex flex-wrap justify-between gap-3">
                {page > 1 ? (
                  <button
                    type="button"
                    className="btn-outline min-h-11 px-5 py-2"
                    onClick={() => show(applied, page - 1)}
                  >
                    Newer
                  </button>
                ) : (
                  <span />
                )}
                {shown.hasMore ? (
                  <button
                    type="button"
                    className="btn-outline min-h-11 px-5 py-2"
                    onClick={() => show(applied, page + 1)}
                  >
                    Older
                  </button>
                ) : null}
              </nav>
            </>
          )
        }
      </LoadGate>
    </div>
  );
}
