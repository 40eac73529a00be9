import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DEFAULT_EVENT_COVERS,
  DEFAULT_EVENT_CTA_LABEL,
  DEFAULT_HOW_TO_COME,
  SLUG_PATTERN,
} from '#shared/events/event.ts';
import { EVENT_FIELD_LIMITS, EVENT_MESSAGES, isValidCover, slugify } from '#shared/events/form.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { isRealIsoDate, TIME_PATTERN } from '#shared/time/london-time.ts';
import { TextAreaField, TextField } from '#web/components/form-fields.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import * as api from './api.ts';
import type { EventsPageState } from './events-page.tsx';

/** The event form as typed; tags and badges go as written, the server splits them. */
interface EventDraft {
  title: string;
  slug: string;
  date: string;
  time: string;
  tags: string;
  badges: string;
  cover: string;
  summary: string;
  isMajor: boolean;
  cta: { label: string };
  takesBookings: boolean;
  /** As typed; sent as a number. */
  bookingCovers: string;
  howToCome: string;
}

type Field = 'title' | 'slug' | 'date' | 'time' | 'cover' | 'bookingCovers';

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
  takesBookings: false,
  bookingCovers: String(DEFAULT_EVENT_COVERS),
  howToCome: '',
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
    takesBookings: event.takesBookings,
    bookingCovers: String(event.bookingCovers),
    howToCome: event.howToCome,
  };
}

/** Spec §5: title, slug, date and time required; the server checks the same and more. */
function firstProblem(draft: EventDraft): { field: Field; message: string } | null {
  if (!draft.title.trim()) return { field: 'title', message: EVENT_MESSAGES.title };
  if (!SLUG_PATTERN.test(draft.slug.trim())) return { field: 'slug', message: EVENT_MESSAGES.slug };
  if (!isRealIsoDate(draft.date)) return { field: 'date', message: EVENT_MESSAGES.date };
  if (!TIME_PATTERN.test(draft.time)) return { field: 'time', message: EVENT_MESSAGES.time };
  if (!isValidCover(draft.cover.trim())) return { field: 'cover', message: EVENT_MESSAGES.cover };
  if (draft.takesBookings && !isCoversCount(draft.bookingCovers)) {
    return { field: 'bookingCovers', message: EVENT_MESSAGES.bookingCovers };
  }
  return null;
}

function isCoversCount(typed: string): boolean {
  const covers = Number(typed);
  return /^\d+$/.test(typed.trim()) && covers >= 1 && covers <= EVENT_FIELD_LIMITS.bookingCovers;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; error: string }
  | { status: 'ready' };

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
    api.listEvents().then(
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
      const payload = {
        ...draft,
        bookingCovers: draft.takesBookings ? Number(draft.bookingCovers) : DEFAULT_EVENT_COVERS,
      };
      const saved = id === undefined ? await api.createEvent(payload) : await api.updateEvent(id, payload);
      navigate('/admin/events', { state: { saved: saved.title } satisfies EventsPageState });
    } catch (failure) {
      setProblem({ message: (failure as Error).message });
      setSaving(false);
    }
  }

  const invalid = (field: Field) => problem?.field === field;
  const errorId = 'event-form-error';

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
            <div id={errorId}>
              <Notice tone="error">{problem.message}</Notice>
            </div>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id="event-title"
              label="Title"
              required
              className="sm:col-span-2"
              maxLength={EVENT_FIELD_LIMITS.title}
              value={draft.title}
              invalid={invalid('title')}
              errorId={errorId}
              onValue={(value) => update('title', value)}
            />
            <TextField
              id="event-slug"
              label="Slug"
              required
              hint={`The web address: /events/${draft.slug || 'quiz-night'}`}
              className="sm:col-span-2"
              inputClassName="font-mono"
              maxLength={EVENT_FIELD_LIMITS.slug}
              value={draft.slug}
              invalid={invalid('slug')}
              errorId={errorId}
              autoCapitalize="none"
              spellCheck={false}
              onValue={(value) => {
                setSlugTouched(true);
                update('slug', value);
              }}
            />
            <TextField
              id="event-date"
              label="Date"
              required
              type="date"
              value={draft.date}
              invalid={invalid('date')}
              errorId={errorId}
              onValue={(value) => update('date', value)}
            />
            <TextField
              id="event-time"
              label="Time"
              required
              type="time"
              value={draft.time}
              invalid={invalid('time')}
              errorId={errorId}
              onValue={(value) => update('time', value)}
            />
            <TextField
              id="event-tags"
              label="Tags"
              hint="Separate with commas, e.g. quiz, music"
              value={draft.tags}
              onValue={(value) => update('tags', value)}
            />
            <TextField
              id="event-badges"
              label="Badges"
              hint="Shown on the card; separate with commas"
              value={draft.badges}
              onValue={(value) => update('badges', value)}
            />
            <TextField
              id="event-cover"
              label="Cover image"
              hint="A web address (https://…) or an /images/… path"
              className="sm:col-span-2"
              maxLength={EVENT_FIELD_LIMITS.cover}
              value={draft.cover}
              invalid={invalid('cover')}
              errorId={errorId}
              autoCapitalize="none"
              spellCheck={false}
              onValue={(value) => update('cover', value)}
            />
            <TextAreaField
              id="event-summary"
              label="Summary"
              className="sm:col-span-2"
              rows={4}
              maxLength={EVENT_FIELD_LIMITS.summary}
              value={draft.summary}
              onValue={(value) => update('summary', value)}
            />
            <TextField
              id="event-cta"
              label="Button label"
              hint={`Blank for “${DEFAULT_EVENT_CTA_LABEL}”`}
              maxLength={EVENT_FIELD_LIMITS.ctaLabel}
              value={draft.cta.label}
              placeholder={DEFAULT_EVENT_CTA_LABEL}
              onValue={(value) => update('cta', { label: value })}
            />
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
          <fieldset className="space-y-4 rounded-xl border border-cream-300 p-4">
            <legend className="px-1 font-semibold text-green-900">Coming to it</legend>
            <div className="flex min-h-11 items-center gap-3">
              <input
                id="event-takes-bookings"
                type="checkbox"
                checked={draft.takesBookings}
                onChange={(event) => update('takesBookings', event.target.checked)}
                aria-describedby="event-takes-bookings-hint"
                className="h-5 w-5 accent-green-800"
              />
              <label htmlFor="event-takes-bookings" className="font-semibold text-green-900">
                Guests book a table for it
              </label>
            </div>
            <p id="event-takes-bookings-hint" className="-mt-2 text-sm text-ink-soft">
              The booking form then offers the event’s own time, even outside the usual lunch and dinner
              hours.
            </p>
            {draft.takesBookings ? (
              <TextField
                id="event-bookingCovers"
                label="Covers"
                required
                hint="Guests it seats in all; its bookings don’t use the kitchen’s usual covers"
                type="number"
                inputMode="numeric"
                min={1}
                max={EVENT_FIELD_LIMITS.bookingCovers}
                value={draft.bookingCovers}
                invalid={invalid('bookingCovers')}
                errorId={errorId}
                onValue={(value) => update('bookingCovers', value)}
              />
            ) : (
              <TextField
                id="event-howToCome"
                label="How to come"
                hint={`Shown instead of a booking button. Blank for “${DEFAULT_HOW_TO_COME}”`}
                placeholder="Walk in: tickets £12 on the door"
                maxLength={EVENT_FIELD_LIMITS.howToCome}
                value={draft.howToCome}
                onValue={(value) => update('howToCome', value)}
              />
            )}
          </fieldset>
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
