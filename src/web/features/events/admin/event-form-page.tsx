import { useCallback, useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DEFAULT_EVENT_COVERS,
  DEFAULT_EVENT_CTA_LABEL,
  DEFAULT_HOW_TO_COME,
  SLUG_PATTERN,
} from '#shared/events/event.ts';
import { EVENT_FIELD_LIMITS, EVENT_MESSAGES, isValidCover, slugify } from '#shared/events/form.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { isRealIsoDate, TIME_PATTERN } from '#shared/time/london-time.ts';
import { BackLink } from '#web/components/back-link.tsx';
import { LoadGate, useLoaded } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { type RuleProblem, ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ApiError } from '#web/lib/api.ts';
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
function firstProblem(draft: EventDraft): RuleProblem<Field> | null {
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

/** The event to edit, searched for in the list: there is no single-event admin call (spec §7). */
function EditedEvent({ id }: { id: string }) {
  const find = useCallback(async () => {
    const event = (await api.listEvents()).find((entry) => entry._id === id);
    return { draft: event ? draftOf(event) : null };
  }, [id]);
  const { load } = useLoaded(find);
  return (
    <LoadGate load={load}>
      {({ draft }) =>
        draft ? (
          <EventForm id={id} initial={draft} />
        ) : (
          <Notice tone="error">{EVENT_MESSAGES.notFound}</Notice>
        )
      }
    </LoadGate>
  );
}

/** Until staff write a slug of their own, a new event's follows its title. */
function useSlugFromTitle(form: UseFormReturn<EventDraft>, follows: boolean) {
  useEffect(() => {
    if (!follows) return;
    const watching = form.watch((values, { name }) => {
      if (name === 'title' && !form.getFieldState('slug').isDirty) {
        form.setValue('slug', slugify(values.title ?? ''));
      }
    });
    return () => watching.unsubscribe();
  }, [form, follows]);
}

function EventForm({ id, initial }: { id?: string; initial: EventDraft }) {
  const navigate = useNavigate();
  const editor = useSiteForm({
    defaultValues: initial,
    validate: ruleResolver(firstProblem),
    send: async (draft) => {
      const payload = {
        ...draft,
        bookingCovers: draft.takesBookings ? Number(draft.bookingCovers) : DEFAULT_EVENT_COVERS,
      };
      try {
        const saved = id === undefined ? await api.createEvent(payload) : await api.updateEvent(id, payload);
        navigate('/admin/events', { state: { saved: saved.title } satisfies EventsPageState });
      } catch (failure) {
        // Spec §8: the events admin says a failure in its own words, the server's or the request's
        // ("Request failed (500)", no connection); only issues naming fields go to the form to place.
        if (failure instanceof ApiError && failure.issues.length === 0) {
          editor.form.setError('root', { type: 'server', message: failure.message });
          return;
        }
        throw failure;
      }
    },
    failure: ADMIN_MESSAGES.requestFailed(0),
  });
  useSlugFromTitle(editor.form, id === undefined);
  const [slug, takesBookings] = useWatch({ control: editor.form.control, name: ['slug', 'takesBookings'] });
  const { register } = editor.form;

  return (
    <SiteForm
      form={editor}
      aria-label={id === undefined ? 'Add event' : 'Edit event'}
      className="card space-y-5 p-5 sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          name="title"
          label="Title"
          required
          className="sm:col-span-2"
          maxLength={EVENT_FIELD_LIMITS.title}
        />
        <FormTextField
          name="slug"
          label="Slug"
          required
          hint={`The web address: /events/${slug || 'quiz-night'}`}
          className="sm:col-span-2"
          inputClassName="font-mono"
          maxLength={EVENT_FIELD_LIMITS.slug}
          autoCapitalize="none"
          spellCheck={false}
        />
        <FormTextField name="date" label="Date" required type="date" />
        <FormTextField name="time" label="Time" required type="time" />
        <FormTextField name="tags" label="Tags" hint="Separate with commas, e.g. quiz, music" />
        <FormTextField name="badges" label="Badges" hint="Shown on the card; separate with commas" />
        <FormTextField
          name="cover"
          label="Cover image"
          hint="A web address (https://…) or an /images/… path"
          className="sm:col-span-2"
          maxLength={EVENT_FIELD_LIMITS.cover}
          autoCapitalize="none"
          spellCheck={false}
        />
        <FormTextAreaField
          name="summary"
          label="Summary"
          className="sm:col-span-2"
          rows={4}
          maxLength={EVENT_FIELD_LIMITS.summary}
        />
        <FormTextField
          name="cta.label"
          label="Button label"
          hint={`Blank for “${DEFAULT_EVENT_CTA_LABEL}”`}
          maxLength={EVENT_FIELD_LIMITS.ctaLabel}
          placeholder={DEFAULT_EVENT_CTA_LABEL}
        />
        <div className="flex items-center gap-3 self-center pt-2 sm:pt-6">
          <input
            id="event-major"
            type="checkbox"
            {...register('isMajor')}
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
            {...register('takesBookings')}
            aria-describedby="event-takes-bookings-hint"
            className="h-5 w-5 accent-green-800"
          />
          <label htmlFor="event-takes-bookings" className="font-semibold text-green-900">
            Guests book a table for it
          </label>
        </div>
        <p id="event-takes-bookings-hint" className="-mt-2 text-sm text-ink-soft">
          The booking form then offers the event’s own time, even outside the usual lunch and dinner hours.
        </p>
        {takesBookings ? (
          <FormTextField
            name="bookingCovers"
            label="Covers"
            required
            hint="Guests it seats in all; its bookings don’t use the kitchen’s usual covers"
            type="number"
            inputMode="numeric"
            min={1}
            max={EVENT_FIELD_LIMITS.bookingCovers}
          />
        ) : (
          <FormTextField
            name="howToCome"
            label="How to come"
            hint={`Shown instead of a booking button. Blank for “${DEFAULT_HOW_TO_COME}”`}
            placeholder="Walk in: tickets £12 on the door"
            maxLength={EVENT_FIELD_LIMITS.howToCome}
          />
        )}
      </fieldset>
      <FormError />
      <div className="flex flex-wrap gap-3 border-t border-cream-200 pt-5">
        <SubmitButton className="btn-dark px-6 py-2.5" busyLabel="Saving…">
          Save Event
        </SubmitButton>
        <Link to="/admin/events" className="btn-outline px-6 py-2.5">
          Cancel
        </Link>
      </div>
    </SiteForm>
  );
}

/** Add an event (/admin/events/new) or edit one (/admin/events/:id). */
export function EventFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  useAdminTitle(editing ? 'Edit event' : 'Add event');

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink to="/admin/events">All events</BackLink>
      <h1 className="font-serif text-3xl sm:text-4xl">{editing ? 'Edit event' : 'Add event'}</h1>
      {editing ? <EditedEvent id={id} /> : <EventForm initial={EMPTY_DRAFT} />}
    </div>
  );
}
