import { useEffect, useState } from 'react';
import type { WhyAnswer, WhyVerdict } from '#shared/tables/setup-schemas.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime, isRealIsoDate, londonToday } from '#shared/time/london-time.ts';
import { staffAvailability } from '#web/features/booking/admin/api.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { FormSelectField, FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as setupApi from './setup-api.ts';

export const WHY_MESSAGES = {
  date: 'Choose a date.',
  time: 'Choose a time.',
  party: 'Enter the party as a whole number of guests, at least 1.',
  failure: 'Could not check that booking. Please try again.',
  slotsFailure: 'Could not load the times for this day.',
} as const;

const WHY_TITLE = 'Why can’t this be booked?';

interface WhyValues {
  date: string;
  time: string;
  party: string;
  channel: 'online' | 'staff';
}

const CHANNEL_LABELS = { online: 'A guest online', staff: 'Staff (phone, e-mail)' } as const;

type Slots = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; times: string[] };

/** The times of the day's services (every slot, closed ones too: they are what staff ask about). */
function useDayTimes(date: string): Slots {
  const [slots, setSlots] = useState<Slots>({ status: 'loading' });
  useEffect(() => {
    if (!isRealIsoDate(date)) {
      setSlots({ status: 'ready', times: [] });
      return;
    }
    const controller = new AbortController();
    setSlots({ status: 'loading' });
    staffAvailability(date, { signal: controller.signal }).then(
      (answer) => setSlots({ status: 'ready', times: answer.map((slot) => slot.time) }),
      () => {
        if (!controller.signal.aborted) setSlots({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [date]);
  return slots;
}

function timePlaceholder(slots: Slots): string {
  if (slots.status === 'loading') return 'Loading times…';
  if (slots.status === 'ready' && slots.times.length > 0) return 'Choose a time';
  return 'No times that day';
}

function VerdictItem({ verdict }: { verdict: WhyVerdict }) {
  return (
    <li
      className={`card border-l-8 p-4 ${verdict.ok ? 'border-green-700' : 'border-burgundy-700 bg-cream-100'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span
          className={`rounded px-2 py-0.5 text-sm font-bold uppercase tracking-wide ${
            verdict.ok ? 'bg-green-700 text-cream-50' : 'bg-burgundy-700 text-cream-50'
          }`}
        >
          <span aria-hidden="true">{verdict.ok ? '✓ ' : '✗ '}</span>
          {verdict.ok ? 'Passes' : 'Refuses'}
        </span>
        <strong className="font-serif text-xl">{verdict.title}</strong>
      </p>
      <p className="mt-2 text-lg text-green-900">{verdict.text}</p>
      {verdict.places && !verdict.ok ? (
        <ul aria-label={`${verdict.title}: each table`} className="mt-3 space-y-1 text-ink-soft">
          {verdict.places.map((place) => (
            <li key={place.name}>
              <span className="font-semibold text-green-900">{place.name}</span>: {place.reason ?? 'Free'}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Verdicts({ answer }: { answer: WhyAnswer }) {
  const refusing = answer.verdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.title);
  const asked = `A party of ${answer.party} at ${formatTime(answer.time)} on ${formatLongDate(answer.date)}`;
  return (
    <section aria-labelledby="why-answer" className="space-y-4">
      <h2 id="why-answer" className="font-serif text-2xl">
        The rules, in order
      </h2>
      {answer.bookable ? (
        <Notice tone="success">{asked} can be booked: every rule lets it through.</Notice>
      ) : (
        <Notice tone="error">
          {asked} cannot be booked. Refused by {plural(refusing.length, 'rule', 'rules')}:{' '}
          {refusing.join(', ')}.
        </Notice>
      )}
      <p className="text-ink-soft">
        Capacity is counted by {answer.mode === 'tables' ? 'tables' : 'covers'}.
      </p>
      <ol aria-label="Rules" className="space-y-3">
        {answer.verdicts.map((verdict) => (
          <VerdictItem key={verdict.rule} verdict={verdict} />
        ))}
      </ol>
    </section>
  );
}

/** "Why can't this be booked?" (issue 28): staff pick a date, a time and a party, and see each rule's verdict. */
export function WhyPage() {
  useAdminTitle(WHY_TITLE);
  const [answer, setAnswer] = useState<WhyAnswer | null>(null);
  const why = useSiteForm<WhyValues>({
    defaultValues: { date: londonToday(), time: '', party: '2', channel: 'online' },
    validate: ruleResolver((values) => {
      if (!isRealIsoDate(values.date)) return { field: 'date', message: WHY_MESSAGES.date };
      if (values.time === '') return { field: 'time', message: WHY_MESSAGES.time };
      if (!/^\d+$/.test(values.party) || Number(values.party) < 1)
        return { field: 'party', message: WHY_MESSAGES.party };
      return null;
    }),
    send: async (values) =>
      setAnswer(await setupApi.whyNotBookable({ ...values, party: Number(values.party) })),
    failure: WHY_MESSAGES.failure,
  });
  const date = why.form.watch('date');
  const slots = useDayTimes(date);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="font-serif text-3xl sm:text-4xl">{WHY_TITLE}</h1>
      <p className="text-lg text-ink-soft">
        Pick a date, a time and a party: each rule a booking must pass is checked as availability checks it.
      </p>
      <SiteForm form={why} aria-label="Check a booking" className="card space-y-5 p-5">
        <FormTextField name="date" label="Date" type="date" required />
        <FormSelectField name="time" label="Time" required>
          <option value="">{timePlaceholder(slots)}</option>
          {slots.status === 'ready'
            ? slots.times.map((time) => (
                <option key={time} value={time}>
                  {formatTime(time)}
                </option>
              ))
            : null}
        </FormSelectField>
        {slots.status === 'failed' ? <Notice tone="error">{WHY_MESSAGES.slotsFailure}</Notice> : null}
        <FormTextField name="party" label="Guests" type="number" inputMode="numeric" min={1} required />
        <FormSelectField name="channel" label="Booked by" required>
          {Object.entries(CHANNEL_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FormSelectField>
        <FormError />
        <SubmitButton className="btn-dark min-h-12 w-full sm:w-auto" busyLabel="Checking…">
          Check
        </SubmitButton>
      </SiteForm>
      {answer ? <Verdicts answer={answer} /> : null}
      {isRealIsoDate(date) ? (
        <p>
          <a
            href={setupApi.tableCardsPath(date)}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center font-semibold text-green-800 underline"
          >
            Print the table cards for {formatLongDate(date)}
          </a>
        </p>
      ) : null}
    </div>
  );
}
