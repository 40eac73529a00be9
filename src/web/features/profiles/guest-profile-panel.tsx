import { type KeyboardEvent, useId, useState } from 'react';
import { type Resolver, useController, useFormContext, useWatch } from 'react-hook-form';
import { type GuestProfile, profileUpdateSchema } from '#shared/profiles/api.ts';
import { PROFILE_MESSAGES } from '#shared/profiles/messages.ts';
import {
  MAX_TAGS,
  mentionsHealth,
  NOTE_MAX_LENGTH,
  SUGGESTED_TAGS,
  TAG_MAX_LENGTH,
} from '#shared/profiles/rules.ts';
import { type FieldIssue, fieldIssues } from '#shared/schema/issues.ts';
import { plural } from '#shared/text/plural.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { FieldError, fieldErrorId, TextField } from '#web/components/form-fields.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { errorsOf } from '#web/forms/field-issues.ts';
import { FormTextAreaField, useConnectedField } from '#web/forms/fields.tsx';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { failureText } from '#web/lib/api.ts';
import * as profileApi from './profile-api.ts';
import { countsLine, PROFILE_WORDS as WORDS } from './profile-words.ts';

interface ProfileFormValues {
  tags: string[];
  note: string;
  /** A tag of staff's own words, typed before it is added. */
  ownTag: string;
}

const formValues = (profile: GuestProfile): ProfileFormValues => ({
  tags: profile.tags,
  note: profile.note,
  ownTag: '',
});

const sameTag = (one: string, other: string) => one.toLowerCase() === other.toLowerCase();

/** Why `tag` cannot join `tags`, or null: the shared limits, and no tag twice. */
function tagProblem(tags: readonly string[], tag: string): string | null {
  if (tag.length > TAG_MAX_LENGTH) return PROFILE_MESSAGES.tagTooLong;
  if (tags.some((kept) => sameTag(kept, tag))) return WORDS.duplicateTag;
  if (tags.length >= MAX_TAGS) return PROFILE_MESSAGES.tooManyTags;
  return null;
}

/** The tags as saved: a tag typed but not yet added goes with them. */
function tagsToSave(values: ProfileFormValues): string[] {
  const own = values.ownTag.trim();
  return own && !tagProblem(values.tags, own) ? [...values.tags, own] : values.tags;
}

/** The route's own schema before sending, each tag's problem on the tags; a typed tag's on its field. */
const checkProfile: Resolver<ProfileFormValues> = (values) => {
  const own = values.ownTag.trim();
  const ownProblem = own ? tagProblem(values.tags, own) : null;
  const checked = profileUpdateSchema.safeParse({ tags: tagsToSave(values), note: values.note });
  const issues: FieldIssue[] = [
    ...(ownProblem ? [{ path: 'ownTag', message: ownProblem }] : []),
    ...(checked.success ? [] : fieldIssues(checked.error)).map((issue) =>
      issue.path.startsWith('tags') ? { ...issue, path: 'tags' } : issue,
    ),
  ];
  if (issues.length === 0) return { values, errors: {} };
  return { values: {}, errors: errorsOf<ProfileFormValues>(issues, 'rule') };
};

/** The tags' problem, set on the tags or (by the server) on one of them. */
function tagsError(error: unknown): string | undefined {
  const found = error as { message?: string } | ({ message?: string } | undefined)[] | undefined;
  if (Array.isArray(found)) return found.find((tag) => tag?.message)?.message;
  return found?.message;
}

const chipButton =
  'inline-flex min-h-11 items-center rounded-full border-2 px-4 text-base font-semibold transition-colors';

/** The guest's tags as chips (each removed with a tap), the suggested ones added with a tap, and staff's own. */
function TagsField() {
  const id = useId();
  const { setError, clearErrors } = useFormContext<ProfileFormValues>();
  const { field, fieldState } = useController<ProfileFormValues, 'tags'>({ name: 'tags' });
  const ownTag = useConnectedField('ownTag');
  const tags = field.value;
  const error = tagsError(fieldState.error);
  const suggested = SUGGESTED_TAGS.filter((tag) => !tags.some((kept) => sameTag(kept, tag)));

  function setTags(next: string[]) {
    field.onChange(next);
    clearErrors(['tags', 'ownTag']);
  }

  function addOwnTag() {
    const tag = String(ownTag.value).trim();
    if (!tag) return;
    const problem = tagProblem(tags, tag);
    if (problem) {
      setError('ownTag', { type: 'rule', message: problem }, { shouldFocus: true });
      return;
    }
    setTags([...tags, tag]);
    ownTag.onValue('');
  }

  return (
    <fieldset aria-describedby={error ? fieldErrorId(id) : undefined} className="space-y-3">
      <legend className="field-label">{WORDS.tags}</legend>
      <div ref={field.ref} tabIndex={-1}>
        {tags.length === 0 ? (
          <p className="text-ink-soft">{WORDS.noTags}</p>
        ) : (
          <ul aria-label={WORDS.tags} className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-brass-300/35 py-0.5 pl-4 font-semibold text-brass-700"
              >
                {tag}
                <button
                  type="button"
                  aria-label={WORDS.removeTag(tag)}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-xl leading-none hover:bg-brass-300/50"
                  onClick={() => setTags(tags.filter((kept) => kept !== tag))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error ? <FieldError fieldId={id} message={error} /> : null}
      {suggested.length > 0 ? (
        <div>
          <p className="mb-1.5 text-sm text-ink-soft">{WORDS.suggested}</p>
          <div className="flex flex-wrap gap-2">
            {suggested.map((tag) => (
              <button
                key={tag}
                type="button"
                aria-label={`${WORDS.addTag} ${tag}`}
                className={`${chipButton} border-cream-300 bg-white text-green-900 hover:border-green-700`}
                onClick={() => {
                  const problem = tagProblem(tags, tag);
                  if (problem) setError('tags', { type: 'rule', message: problem });
                  else setTags([...tags, tag]);
                }}
              >
                <span aria-hidden="true">+&nbsp;</span>
                {tag}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <TextField
          {...ownTag}
          label={WORDS.ownTag}
          maxLength={TAG_MAX_LENGTH + 20}
          className="min-w-0 flex-1"
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            // Enter adds the tag rather than saving the whole profile.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            addOwnTag();
          }}
        />
        <button
          type="button"
          className={`${chipButton} mb-0.5 border-green-800 text-green-900 hover:bg-green-800 hover:text-cream-50 ${ownTag.error ? 'self-center' : ''}`}
          onClick={addOwnTag}
        >
          {WORDS.addTag}
        </button>
      </div>
    </fieldset>
  );
}

/** The note's health warning, said as soon as the note speaks of health (an allergy, a condition). */
function HealthWarning() {
  const note = useWatch<ProfileFormValues, 'note'>({ name: 'note' });
  return (
    <div aria-live="polite">
      {mentionsHealth(note) ? (
        <p className="rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 text-burgundy-800">
          {PROFILE_MESSAGES.healthWarning}
        </p>
      ) : null}
    </div>
  );
}

/** "Tue 8 Dec 2026, 7pm": a visit's date, and its time when it has one. */
const when = (date: string, time: string | null) =>
  time ? `${formatShortDate(date)}, ${formatTime(time)}` : formatShortDate(date);

/** The guest's bookings, newest first: what, when, how many and how it went. */
function History({ profile }: { profile: GuestProfile }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h4 id={headingId} className="font-serif text-xl">
        {WORDS.history}
      </h4>
      {profile.history.length === 0 ? (
        <p className="text-ink-soft">{WORDS.noHistory}</p>
      ) : (
        <ol aria-labelledby={headingId} className="divide-y divide-cream-200 border-y border-cream-200">
          {profile.history.map((visit) => (
            <li key={`${visit.kind}-${visit.reference}`} className="py-2">
              <span className="block font-semibold">{when(visit.date, visit.time)}</span>
              <span className="block text-sm text-ink-soft">
                {WORDS.kinds[visit.kind]} · {plural(visit.partySize, 'guest', 'guests')} · {visit.status}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Phone bookings made without an e-mail, on one of the guest's numbers: staff say which were theirs. */
function PhoneOnlyMatches({
  profile,
  onChanged,
}: {
  profile: GuestProfile;
  onChanged: (profile: GuestProfile) => void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (profile.phoneOnlyMatches.length === 0 && !outcome) return null;

  async function confirm(phone: string) {
    setConfirming(phone);
    setOutcome(null);
    try {
      onChanged(await profileApi.confirmPhone(profile.email, phone));
      setOutcome({ tone: 'success', text: WORDS.confirmed(phone) });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, WORDS.confirmFailure) });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h4 id={headingId} className="font-serif text-xl">
        {WORDS.phoneMatches}
      </h4>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {profile.phoneOnlyMatches.length > 0 ? (
        <>
          <p className="text-sm text-ink-soft">{WORDS.phoneMatchesHint}</p>
          <ul aria-labelledby={headingId} className="divide-y divide-cream-200 border-y border-cream-200">
            {profile.phoneOnlyMatches.map((match) => (
              <li key={match.reference} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="block font-semibold">
                    {match.name}, {formatShortDate(match.date)}
                  </span>
                  <span className="block text-sm text-ink-soft">
                    {match.phone} · {match.reference}
                  </span>
                </span>
                <button
                  type="button"
                  aria-label={`${WORDS.thisIsThem}: ${match.name}, ${formatShortDate(match.date)}`}
                  disabled={confirming !== null}
                  className="btn-outline min-h-11 px-4 py-2 text-sm"
                  onClick={() => void confirm(match.phone)}
                >
                  {WORDS.thisIsThem}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * A guest's profile as managers and the owner see it (issue 32): who they are and how their visits went, the tags
 * and the note staff keep (saved together), their bookings, and phone bookings that may be theirs.
 */
export function GuestProfilePanel({
  id,
  profile,
  onChanged,
}: {
  id?: string;
  profile: GuestProfile;
  /** The profile as the server answered a change. */
  onChanged: (profile: GuestProfile) => void;
}) {
  const [saved, setSaved] = useState(false);
  const edit = useSiteForm<ProfileFormValues>({
    defaultValues: formValues(profile),
    validate: checkProfile,
    send: async (values) => {
      setSaved(false);
      const answer = await profileApi.saveProfile(profile.email, {
        tags: tagsToSave(values),
        note: values.note.trim(),
      });
      edit.form.reset(formValues(answer));
      setSaved(true);
      onChanged(answer);
    },
    failure: WORDS.saveFailure,
  });

  return (
    <div id={id} className="space-y-5">
      <div>
        <p className="font-semibold break-words">{profile.name}</p>
        <p className="text-sm break-all text-ink-soft">
          {[profile.email, ...profile.phones].filter(Boolean).join(' · ')}
        </p>
        <p className="mt-1">{countsLine(profile.counts)}</p>
      </div>
      <SiteForm form={edit} aria-label={WORDS.openProfile} className="space-y-5">
        <TagsField />
        <div className="space-y-2">
          <FormTextAreaField
            name="note"
            label={WORDS.note}
            hint={WORDS.noteHint}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
          />
          <HealthWarning />
        </div>
        <FormError />
        {saved ? <Notice tone="success">{WORDS.saved}</Notice> : null}
        <SubmitButton className="btn-dark min-h-12 w-full text-lg sm:w-auto sm:px-8" busyLabel={WORDS.saving}>
          {WORDS.save}
        </SubmitButton>
      </SiteForm>
      <PhoneOnlyMatches profile={profile} onChanged={onChanged} />
      <History profile={profile} />
    </div>
  );
}
