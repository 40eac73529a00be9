import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_EVENT_CTA_LABEL, type PublicEvent, SLUG_PATTERN } from '../../../../shared/event.ts';
import { EVENT_FIELD_LIMITS, EVENT_MESSAGES, isValidCover, slugify } from '../../../../shared/event-form.ts';
import { isRealIsoDate, TIME_PATTERN } from '../../../../shared/london-time.ts';
import { createEvent, type EventDraft, listEvents, updateEvent } from '../admin-api.ts';
import { useAdminTitle } from '../admin-layout.tsx';
import { Notice } from '../notice.tsx';
import type { EventsPageState } from './events-page.tsx';

type Field = 'title' | 'slug' | 'date' | 'time' | 'cover';

const EMPTY_DRAFT: EventDraft = {
  title: '',
  slug: '',
  date: '',
  time: '',
  tags: '',
  badges: '',
  cover: '',
  summary: '',
  isMajor: false,
  cta: { label: '' },
};

function draftOf(event: PublicEvent): EventDraft {
  return {
    title: event.title,
    slug: event.slug,
    date: event.date,
    time: event.time,
    tags: event.tags.join(', '),
    badges: event.badges.join(', '),
    cover: event.cover,
    summary: event.summary,
    isMajor: event.isMajor,
    cta: { label: event.cta.label === DEFAULT_EVENT_CTA_LABEL ? '' : event.cta.label },
  };
}

/** Spec §5: title, slug, date and time required; the server checks the same and more. */
function firstProblem(draft: EventDraft): { field: Field; message: string } | null {
  if (!draft.title.trim()) return { field: 'title', message: EVENT_MESSAGES.title };
  if (!SLUG_PATTERN.test(draft.slug.trim())) return { field: 'slug', message: EVENT_MESSAGES.slug };
  if (!isRealIsoDate(draft.date)) return { field: 'date', message: EVENT_MESSAGES.date };
  if (!TIME_PATTERN.test(draft.time)) return { field: 'time', message: EVENT_MESSAGES.time };
  if (!isValidCover(draft.cover.trim())) return { field: 'cover', message: EVENT_MESSAGES.cover };
  return null;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; error: string }
  | { status: 'ready' };

function FormField({
  id,
  label,
  hint,
  required,
  className = '',
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="text-burgundy-700" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Add an event (/admin/events/new) or edit one (/admin/events/:id). */
export function EventFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  useAdminTitle(editing ? 'Edit event' : 'Add event');
  const navigate = useNavigate();
  const [load, setLoad] = useState<LoadState>(editing ? { status: 'loading' } : { status: 'ready' });
  const [draft, setDraft] = useState<EventDraft>(EMPTY_DRAFT);
  const [slugTouched, setSlugTouched] = useState(editing);
  const [problem, setProblem] = useState<{ field?: Field; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    // There is no single-event admin call (spec §7): the list is searched.
    listEvents().then(
      (events) => {
        if (!current) return;
        const event = events.find((entry) => entry._id === id);
        if (event) setDraft(draftOf(event));
        setLoad(event ? { status: 'ready' } : { status: 'missing' });
      },
      (failure: Error) => current && setLoad({ status: 'failed', error: failure.message }),
    );
    return () => {
      current = false;
    };
  }, [id]);

  function update<K extends keyof EventDraft>(key: K, value: EventDraft[K]) {
    setDraft((previous) => {
      const next = { ...previous, [key]: value };
      if (key === 'title' && !slugTouched) next.slug = slugify(String(value));
      return next;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = firstProblem(draft);
    setProblem(found);
    if (found) {
      document.getElementById(`event-${found.field}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = id === undefined ? await createEvent(draft) : await updateEvent(id, draft);
      navigate('/admin/events', { state: { saved: saved.title } satisfies EventsPageState });
    } catch (failure) {
      setProblem({ message: (failure as Error).message });
      setSaving(false);
    }
  }

  const invalid = (field: Field) => (problem?.field === field ? true : undefined);
  const describedBy = (field: Field, hint: boolean) =>
    [hint ? `event-${field}-hint` : '', problem?.field === field ? 'event-form-error' : '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p>
        <Link to="/admin/events" className="link text-sm">
          ← All events
        </Link>
      </p>
      <h1 className="font-serif text-3xl sm:text-4xl">{editing ? 'Edit event' : 'Add event'}</h1>
      {load.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : load.status === 'missing' ? (
        <Notice tone="error">{EVENT_MESSAGES.notFound}</Notice>
      ) : load.status === 'failed' ? (
        <Notice tone="error">{load.error}</Notice>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          aria-label={editing ? 'Edit event' : 'Add event'}
          className="card space-y-5 p-5 sm:p-8"
        >
          {problem ? (
            <div id="event-form-error">
              <Notice tone="error">{problem.message}</Notice>
            </div>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="event-title" label="Title" required className="sm:col-span-2">
              <input
                id="event-title"
                required
                maxLength={EVENT_FIELD_LIMITS.title}
                value={draft.title}
                onChange={(event) => update('title', event.target.value)}
                aria-invalid={invalid('title')}
                aria-describedby={describedBy('title', false)}
                className="field-input"
              />
            </FormField>
            <FormField
              id="event-slug"
              label="Slug"
              required
              hint={`The web address: /events/${draft.slug || 'quiz-night'}`}
              className="sm:col-span-2"
            >
              <input
                id="event-slug"
                required
                maxLength={EVENT_FIELD_LIMITS.slug}
                value={draft.slug}
                onChange={(event) => {
                  setSlugTouched(true);
                  update('slug', event.target.value);
                }}
                aria-invalid={invalid('slug')}
                aria-describedby={describedBy('slug', true)}
                className="field-input font-mono"
                autoCapitalize="none"
                spellCheck={false}
              />
            </FormField>
            <FormField id="event-date" label="Date" required>
              <input
                id="event-date"
                type="date"
                required
                value={draft.date}
                onChange={(event) => update('date', event.target.value)}
                aria-invalid={invalid('date')}
                aria-describedby={describedBy('date', false)}
                className="field-input"
              />
            </FormField>
            <FormField id="event-time" label="Time" required>
              <input
                id="event-time"
                type="time"
                required
                value={draft.time}
                onChange={(event) => update('time', event.target.value)}
                aria-invalid={invalid('time')}
                aria-describedby={describedBy('time', false)}
                className="field-input"
              />
            </FormField>
            <FormField id="event-tags" label="Tags" hint="Separate with commas, e.g. quiz, music">
              <input
                id="event-tags"
                value={draft.tags}
                onChange={(event) => update('tags', event.target.value)}
                aria-describedby="event-tags-hint"
                className="field-input"
              />
            </FormField>
            <FormField id="event-badges" label="Badges" hint="Shown on the card; separate with commas">
              <input
                id="event-badges"
                value={draft.badges}
                onChange={(event) => update('badges', event.target.value)}
                aria-describedby="event-badges-hint"
                className="field-input"
              />
            </FormField>
            <FormField
              id="event-cover"
              label="Cover image"
              hint="A web address (https://…) or an /images/… path"
              className="sm:col-span-2"
            >
              <input
                id="event-cover"
                value={draft.cover}
                maxLength={EVENT_FIELD_LIMITS.cover}
                onChange={(event) => update('cover', event.target.value)}
                aria-invalid={invalid('cover')}
                aria-describedby={describedBy('cover', true)}
                className="field-input"
                autoCapitalize="none"
                spellCheck={false}
              />
            </FormField>
            <FormField id="event-summary" label="Summary" className="sm:col-span-2">
              <textarea
                id="event-summary"
                rows={4}
                maxLength={EVENT_FIELD_LIMITS.summary}
                value={draft.summary}
                onChange={(event) => update('summary', event.target.value)}
                className="field-input"
              />
            </FormField>
            <FormField id="event-cta" label="Button label" hint={`Blank for “${DEFAULT_EVENT_CTA_LABEL}”`}>
              <input
                id="event-cta"
                maxLength={EVENT_FIELD_LIMITS.ctaLabel}
                value={draft.cta.label}
                placeholder={DEFAULT_EVENT_CTA_LABEL}
                onChange={(event) => update('cta', { label: event.target.value })}
                aria-describedby="event-cta-hint"
                className="field-input"
              />
            </FormField>
            <div className="flex items-center gap-3 self-center pt-2 sm:pt-6">
              <input
                id="event-major"
                type="checkbox"
                checked={draft.isMajor}
                onChange={(event) => update('isMajor', event.target.checked)}
                className="h-5 w-5 accent-green-800"
              />
              <label htmlFor="event-major" className="font-semibold text-green-900">
                Major event
              </label>
            </div>
          </div>
          <div className="flex flex-wrap gap-3 border-t border-cream-200 pt-5">
            <button type="submit" className="btn-dark px-6 py-2.5" disabled={saving}>
              {saving ? 'Saving…' : 'Save Event'}
            </button>
            <Link to="/admin/events" className="btn-outline px-6 py-2.5">
              Cancel
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}
