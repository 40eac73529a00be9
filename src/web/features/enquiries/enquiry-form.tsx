import { useEffect, useRef, useState } from 'react';
import { ENQUIRY_MESSAGES, ENQUIRY_NOTES_MAX_LENGTH, ENQUIRY_PARTY } from '#shared/enquiries/messages.ts';
import type { EnquiryRequestInput, StoredEnquiry } from '#shared/enquiries/schemas.ts';
import { checkEnquiry } from '#shared/enquiries/validation.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime, londonToday } from '#shared/time/london-time.ts';
import { FormContactFields, FormNotesField, FormSpamTrap } from '#web/forms/field-groups.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { PrivacyLink } from '../privacy/privacy-fields.tsx';
import * as api from './api.ts';
import type { EnquiryFormValues } from './from-booking.ts';

/** The enquiry as the server takes it, from the form's values as typed. */
function enquiryRequest(values: EnquiryFormValues & { website: string }) {
  return {
    website: values.website,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    preferredDate: values.preferredDate,
    preferredTime: values.preferredTime,
    partySize: values.partySize.trim() === '' ? Number.NaN : Number(values.partySize),
    notes: values.notes.trim(),
  } satisfies EnquiryRequestInput;
}

/**
 * A large party's enquiry (issue 18): contact details, the day, time and party they have in mind, and notes.
 * Checked here by the server's own rules; a failure keeps everything typed.
 */
export function EnquiryForm({ start, onBack }: { start: EnquiryFormValues; onBack: () => void }) {
  const [sent, setSent] = useState<StoredEnquiry | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const today = londonToday();
  const enquiry = useSiteForm({
    defaultValues: { ...start, website: '' },
    validate: ruleResolver((values) => checkEnquiry(enquiryRequest(values), today)),
    send: async (values) => setSent(await api.sendEnquiry(enquiryRequest(values))),
    failure: ENQUIRY_MESSAGES.failure,
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Focus follows the sent panel once it is in the page: a frame after the answer can come before React commits it.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

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
        <SiteForm form={enquiry} aria-label="Send an enquiry" className="space-y-8">
          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">Your details</legend>
            <FormContactFields />
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">Your party</legend>
            <div className="grid gap-5 sm:grid-cols-3">
              <FormTextField
                name="partySize"
                label="Number of guests"
                required
                type="number"
                inputMode="numeric"
                min={ENQUIRY_PARTY.min}
                max={ENQUIRY_PARTY.max}
              />
              <FormTextField name="preferredDate" label="Preferred date" required type="date" min={today} />
              <FormTextField name="preferredTime" label="Preferred time" required type="time" />
            </div>
            <FormNotesField
              maxLength={ENQUIRY_NOTES_MAX_LENGTH}
              hint="The occasion, allergies or access needs, a set menu or a budget: anything that helps us plan."
            />
            <FormSpamTrap />
          </fieldset>

          <div className="space-y-4">
            <FormError />
            <div className="flex flex-col gap-3 sm:flex-row">
              <SubmitButton className="btn-dark" busyLabel="Sending…">
                Send enquiry
              </SubmitButton>
              <button type="button" className="btn-outline" onClick={onBack}>
                Back to the booking form
              </button>
            </div>
            <PrivacyLink />
          </div>
        </SiteForm>
      )}
    </div>
  );
}
