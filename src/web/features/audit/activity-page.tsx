import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_TYPE_LABELS, AUDIT_TYPES, type AuditType } from '#shared/audit/labels.ts';
import type { AuditPage, AuditQueryInput } from '#shared/audit/query.ts';
import { failureText } from '#web/lib/api.ts';
import { useAdminTitle } from '../staff/admin-layout.tsx';
import * as staffApi from '../staff/api.ts';
import { Notice } from '../staff/notice.tsx';
import * as api from './api.ts';
import { AuditEntryItem } from './audit-entry.tsx';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; page: AuditPage };

interface Person {
  value: string;
  label: string;
}

const ANYONE_ELSE: Person[] = [
  { value: 'guest', label: 'Guests' },
  { value: 'system', label: 'The website (system)' },
];

const FILTER_NAMES = ['actor', 'type', 'from', 'to'] as const;
type Filters = Record<(typeof FILTER_NAMES)[number], string>;

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

const selectClass = 'field-input';

/** The owner's activity page (issue 19): every change staff, guests and the website made, newest first. */
export function ActivityPage() {
  useAdminTitle('Activity');
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const people = usePeople(load);
  const appliedKey = JSON.stringify([applied, page]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for the filters and the page.
  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    api.auditEntries(queryOf(applied, page)).then(
      (result) => current && setLoad({ status: 'ready', page: result }),
      (error) =>
        current &&
        setLoad({ status: 'failed', error: failureText(error, 'The activity could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [appliedKey]);

  function show(filters: Filters, pageNumber = 1) {
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) if (filters[name]) next.set(name, filters[name]);
    if (pageNumber > 1) next.set('page', String(pageNumber));
    setParams(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    show(draft);
  }

  const update = (name: keyof Filters) => (value: string) =>
    setDraft((filters) => ({ ...filters, [name]: value }));

  return (
    <div className="space-y-5">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Activity</h1>
        <p className="mt-1 text-ink-soft">
          Who changed what: bookings, events, closures, content and accounts. Nothing here can be edited.
        </p>
      </div>

      <form
        onSubmit={submit}
        className="card grid gap-4 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-5"
        aria-label="Filter"
      >
        <div>
          <label htmlFor="activity-person" className="field-label">
            Person
          </label>
          <select
            id="activity-person"
            className={selectClass}
            value={draft.actor}
            onChange={(event) => update('actor')(event.target.value)}
          >
            <option value="">Everyone</option>
            {[...people, ...ANYONE_ELSE].map((person) => (
              <option key={person.value} value={person.value}>
                {person.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-type" className="field-label">
            What
          </label>
          <select
            id="activity-type"
            className={selectClass}
            value={draft.type}
            onChange={(event) => update('type')(event.target.value)}
          >
            <option value="">Every change</option>
            {AUDIT_TYPES.map((type) => (
              <option key={type} value={type}>
                {AUDIT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-from" className="field-label">
            From
          </label>
          <input
            id="activity-from"
            type="date"
            className="field-input"
            value={draft.from}
            onChange={(event) => update('from')(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="activity-to" className="field-label">
            To
          </label>
          <input
            id="activity-to"
            type="date"
            className="field-input"
            value={draft.to}
            onChange={(event) => update('to')(event.target.value)}
          />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-dark min-h-11 px-5 py-2">
            Show
          </button>
          <button
            type="button"
            className="btn-outline min-h-11 px-5 py-2"
            onClick={() => {
              const cleared = { actor: '', type: '', from: '', to: '' };
              setDraft(cleared);
              show(cleared);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      {load.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : load.status === 'failed' ? (
        <Notice tone="error">{load.error}</Notice>
      ) : load.page.entries.length === 0 ? (
        <p className="card p-5 text-ink-soft">Nothing recorded for these filters.</p>
      ) : (
        <>
          <ol className="card divide-y divide-cream-200 px-4 sm:px-5" aria-label="Changes, newest first">
            {load.page.entries.map((entry) => (
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
            {load.page.hasMore ? (
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
      )}
    </div>
  );
}
