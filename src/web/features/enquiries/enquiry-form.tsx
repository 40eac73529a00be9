import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { BookingRequest } from '../../../shared/booking/schemas.ts';
import {
  ENQUIRY_MESSAGES,
  ENQUIRY_NOTES_MAX_LENGTH,
  ENQUIRY_PARTY,
} from '../../../shared/enquiries/messages.ts';
import type { EnquiryRequestInput, StoredEnquiry } from '../../../shared/enquiries/schemas.ts';
import { checkEnquiry, type EnquiryField } from '../../../shared/enquiries/validation.ts';
import { plural } from '../../../shared/text/plural.ts';
import { formatLongDate, formatTime, londonToday } from '../../../shared/time/london-time.ts';
import { ContactFields, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { failureText } from '../../lib/api.ts';
import { PrivacyLink } from '../privacy/privacy-fields.tsx';
import * as api from './api.ts';

export interface EnquiryFormValues {
  name: string;
  phone: string;
  email: string;
  preferredDate: string;
  preferredTime: string;
  partySize: string;
  notes: string;
}

/** What a guest had typed into the booking form, as the booking form holds it. */
export type BookingDraft = Pick<
  BookingRequest,
  | 'name'
  | 'phone'
  | 'email'
  | 'date'
  | 'timeSlot'
  | 'hasAccessibilityNeeds'
  | 'accessibilityNotes'
  | 'occasion'
  | 'occasionNotes'
  | 'allergies'
  | 'specialNotes'
>;

/** The enquiry a guest starts from the booking form: everything they typed there, their notes gathered into one. */
export function enquiryFromBooking(draft: BookingDraft, guests: number): EnquiryFormValues {
  const occasion = [draft.occasion, draft.occasionNotes.trim()].filter(Boolean).join(' — ');
  const notes = [
    draft.occasion !== 'None' ? `Occasion: ${occasion}` : '',
    draft.hasAccessibilityNeeds ? `Accessibility: ${draft.accessibilityNotes.trim() || 'yes'}` : '',
    draft.allergies.trim() ? `Allergies: ${draft.allergies.trim()}` : '',
    draft.specialNotes.trim(),
  ];
  return {
    name: draft.name,
    phone: draft.phone,
    email: draft.email,
    preferredDate: draft.date,
    preferredTime: draft.timeSlot,
    partySize: Number.isInteger(guests) ? String(guests) : '',
    notes: notes.filter(Boolean).join('\n'),
  };
}

/**
 * A large party's enquiry (issue 18): contact details, the day, time and party they have in mind, and notes.
 * Checked here by the server's own rules; a failure keeps everything typed.
 */
export function EnquiryForm({ start, onBack }: { start: EnquiryFormValues; onBack: () => void }) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState({ ...start, website: '' });
  const [problem, setProblem] = useState<{ message: string; field: EnquiryField | null } | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<StoredEnquiry | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const today = londonToday();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Focus follows the sent panel once it is in the page: a frame after the answer can come before React commits it.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  function update(name: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (problem?.field === name) setProblem(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const payload = {
      website: values.website,
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      preferredDate: values.preferredDate,
      preferredTime: values.preferredTime,
      partySize: values.partySize.trim() === '' ? Number.NaN : Number(values.partySize),
      notes: values.notes.trim(),
    } satisfies EnquiryRequestInput;
    const found = checkEnquiry(payload, today);
    if (found) {
      setProblem(found);
      if (found.field) document.getElementById(fieldId(found.field))?.focus();
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      setSent(await api.sendEnquiry(payload));
    } catch (error) {
      setProblem({ message: failureText(error, ENQUIRY_MESSAGES.failure), field: null });
      requestAnimationFrame(() => problemRef.current?.focus());
    } finally {
      setSending(false);
    }
  }

  const errorId = fieldId('error');
  const invalid = (field: EnquiryField) => problem?.field === field;

  return (
    <div className="space-y-8">
      <div>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-28 font-serif text-3xl text-green-900 focus:outline-none"
        >
          Send an enquiry
        </h2>
        {sent ? null : <p className="mt-2 text-ink-soft">{ENQUIRY_MESSAGES.intro}</p>}
      </div>

      {sent ? (
        <div
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="scroll-mt-28 rounded-xl border border-green-600 bg-green-600/10 p-5 text-green-900 focus:outline-none"
        >
          <p className="font-semibold">{ENQUIRY_MESSAGES.received}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">Reference</dt>
            <dd>
              <strong className="font-mono tracking-wider">{sent.reference}</strong>
            </dd>
            <dt className="font-semibold">Date</dt>
            <dd>{formatLongDate(sent.preferredDate)}</dd>
            <dt className="font-semibold">Time</dt>
            <dd>{formatTime(sent.preferredTime)}</dd>
            <dt className="font-semibold">Party</dt>
            <dd>{plural(sent.partySize, 'guest', 'guests')}</dd>
          </dl>
          <p className="mt-3">{ENQUIRY_MESSAGES.nextSteps(sent.email)}</p>
        </div>
      ) : (
        <form noValidate onSubmit={submit} aria-label="Send an enquiry" className="space-y-8">
          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">Your details</legend>
            <ContactFields
              idOf={fieldId}
              values={values}
              invalidField={problem?.field ?? undefined}
              errorId={errorId}
              onChange={update}
            />
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">Your party</legend>
            <div className="grid gap-5 sm:grid-cols-3">
              <TextField
                id={fieldId('partySize')}
                label="Number of guests"
                required
                type="number"
                inputMode="numeric"
                min={ENQUIRY_PARTY.min}
                max={ENQUIRY_PARTY.max}
                value={values.partySize}
                invalid={invalid('partySize')}
                errorId={errorId}
                onValue={(value) => update('partySize', value)}
              />
              <TextField
                id={fieldId('preferredDate')}
                label="Preferred date"
                required
                type="date"
                min={today}
                value={values.preferredDate}
                invalid={invalid('preferredDate')}
                errorId={errorId}
                onValue={(value) => update('preferredDate', value)}
              />
              <TextField
                id={fieldId('preferredTime')}
                label="Preferred time"
                required
                type="time"
                value={values.preferredTime}
                invalid={invalid('preferredTime')}
                errorId={errorId}
                onValue={(value) => update('preferredTime', value)}
              />
            </div>
            <TextAreaField
              id={fieldId('notes')}
              label="Notes"
              rows={4}
              maxLength={ENQUIRY_NOTES_MAX_LENGTH}
              hint="The occasion, allergies or access needs, a set menu or a budget: anything that helps us plan."
              value={values.notes}
              onValue={(value) => update('notes', value)}
            />
            <div className="hidden" aria-hidden="true">
              <label htmlFor={fieldId('website')}>Leave this field empty</label>
              <input
                id={fieldId('website')}
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(change) => update('website', change.target.value)}
              />
            </div>
          </fieldset>

          <div className="space-y-4">
            {problem ? (
              <p
                id={errorId}
                ref={problemRef}
                tabIndex={-1}
                role="alert"
                className="scroll-mt-28 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800"
              >
                {problem.message}
              </p>
            ) : null}
            <div className="flex flex-col gap-3 sm:flex-row">
              <button type="submit" className="btn-dark" disabled={sending}>
                {sending ? 'Sending…' : 'Send enquiry'}
              </button>
              <button type="button" className="btn-outline" onClick={onBack}>
                Back to the booking form
              </button>
            </div>
            <PrivacyLink />
          </div>
        </form>
      )}
    </div>
  );
}
