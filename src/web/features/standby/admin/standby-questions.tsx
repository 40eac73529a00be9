import { useEffect, useMemo, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { RuleSubject } from '#shared/deposits/rules.ts';
import type { StaffStandbyEntry } from '#shared/standby/api.ts';
import { slotsInWindow } from '#shared/standby/rules.ts';
import { ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import {
  type SlotsState,
  StaffTimeField,
  useStaffSlots,
} from '#web/features/booking/admin/staff-time-select.tsx';
import { useContent } from '#web/features/content/use-content.ts';
import {
  asksForDeposit,
  type DepositChoiceValues,
  depositProblem,
  depositRequest,
  EMPTY_DEPOSIT_CHOICE,
  FormDepositChoice,
  useStaffDepositTerms,
} from '#web/features/deposits/admin/staff-deposit-choice.tsx';
import { STAFF_DEPOSIT_WORDS } from '#web/features/deposits/admin/staff-words.ts';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ApiError } from '#web/lib/api.ts';
import * as standbyApi from './standby-api.ts';
import { entrySummary, STANDBY_SCREEN_WORDS } from './standby-words.ts';

interface TimeValues {
  timeSlot: string;
  bookAnyway: boolean;
}

type BookValues = TimeValues & DepositChoiceValues;

/** The booking "Book" would make, as a deposit rule reads it; null until a time of the day is chosen. */
function ruleSubjectOf(entry: StaffStandbyEntry, slots: SlotsState, timeSlot: string): RuleSubject | null {
  const slot =
    slots.status === 'ready' ? slots.slots.find((candidate) => candidate.time === timeSlot) : undefined;
  if (!slot) return null;
  return { date: entry.date, timeSlot, service: slot.service, guests: entry.partySize, eventSlug: null };
}

/** What a question about `entry` answers: the entry as the server now has it, and what was done in words. */
type Done = (entry: StaffStandbyEntry, text: string) => void;

/** The first time of the entry's window with room for the party, else the window's first time. */
function suggestedTime(entry: StaffStandbyEntry, slots: SlotsState): string {
  if (slots.status !== 'ready') return '';
  const inWindow = slotsInWindow(slots.slots, entry.windowStart, entry.windowEnd);
  const free = inWindow.find((slot) => !slot.closed && slot.remaining >= entry.partySize);
  return (free ?? inWindow[0])?.time ?? '';
}

/**
 * The day's times for the entry's party, every service's (staff may offer one near the window), with the
 * window's first free time chosen once they arrive, unless staff have chosen one (`form`'s `timeSlot`).
 */
function useEntryTimes(entry: StaffStandbyEntry, form: TimeChoice) {
  const slotsLoad = useStaffSlots(entry.date, { party: entry.partySize });
  const suggested = suggestedTime(entry, slotsLoad.state);
  useEffect(() => {
    if (suggested && form.chosen() === '') form.choose(suggested);
  }, [suggested, form]);
  return slotsLoad;
}

/** The form's time, as `useEntryTimes` reads and sets it. */
interface TimeChoice {
  chosen: () => string;
  choose: (time: string) => void;
}

/** The time field of a question's form, for `useEntryTimes`: kept the same while the form is. */
function useTimeChoice(form: UseFormReturn<TimeValues> | UseFormReturn<BookValues>): TimeChoice {
  const { getValues, setValue } = form as UseFormReturn<TimeValues>;
  return useMemo(
    () => ({ chosen: () => getValues('timeSlot'), choose: (time) => setValue('timeSlot', time) }),
    [getValues, setValue],
  );
}

const chooseTime = ruleResolver<TimeValues>((values) =>
  values.timeSlot === '' ? { field: 'timeSlot', message: BOOKING_MESSAGES.time } : null,
);

function EntryLine({ entry }: { entry: StaffStandbyEntry }) {
  return (
    <p className="mt-2 text-lg text-green-900">
      <strong className="break-words">{entry.name}</strong>, {entrySummary(entry)}
    </p>
  );
}

/** "Offer a time": a time of the day, in or near the window; the guest is e-mailed a link to claim it. */
export function OfferQuestion({ entry, onDone }: { entry: StaffStandbyEntry; onDone: Done }) {
  const settings = useContent('booking-settings');
  const question = useSiteForm<TimeValues>({
    defaultValues: { timeSlot: '', bookAnyway: false },
    validate: chooseTime,
    send: async ({ timeSlot }) => {
      const offered = await standbyApi.offerTime(entry.id, { timeSlot });
      onDone(offered, STANDBY_SCREEN_WORDS.offered(offered, timeSlot));
    },
    failure: STANDBY_SCREEN_WORDS.offerFailure,
  });
  const slotsLoad = useEntryTimes(entry, useTimeChoice(question.form));
  return (
    <ConfirmForm
      form={question}
      title={STANDBY_SCREEN_WORDS.offerQuestion(entry)}
      confirmLabel="Offer this time"
      busyLabel="Offering…"
      keepLabel="Not now"
    >
      <EntryLine entry={entry} />
      <div className="mt-4">
        <StaffTimeField
          date={entry.date}
          state={slotsLoad.state}
          guests={entry.partySize}
          bookAnywayWhy=""
          onRetry={slotsLoad.reload}
        />
      </div>
      <p className="mt-3 text-ink-soft">{STANDBY_SCREEN_WORDS.offerNote(settings?.standbyClaimMinutes)}</p>
    </ConfirmForm>
  );
}

/**
 * "Book": a time of the day, booked for the guest at once. A time short of covers is refused in the server's
 * words (409), and only then does "Book anyway" show, to book it all the same.
 */
export function BookQuestion({ entry, onDone }: { entry: StaffStandbyEntry; onDone: Done }) {
  const [refusal, setRefusal] = useState('');
  const [serverAskedDeposit, setServerAskedDeposit] = useState(false);
  const question = useSiteForm<BookValues>({
    defaultValues: { timeSlot: '', bookAnyway: false, ...EMPTY_DEPOSIT_CHOICE },
    validate: ruleResolver<BookValues>((values) => {
      if (values.timeSlot === '') return { field: 'timeSlot', message: BOOKING_MESSAGES.time };
      if (refusal && !values.bookAnyway) return { field: 'bookAnyway', message: refusal };
      return depositAsked ? depositProblem(values, entry.email) : null;
    }),
    send: async (values) => {
      const deposit = depositRequest(values, depositAsked);
      try {
        const booked = await standbyApi.bookEntry(entry.id, {
          timeSlot: values.timeSlot,
          overCapacity: refusal !== '' && values.bookAnyway,
          ...(deposit ? { deposit } : {}),
        });
        const done = STANDBY_SCREEN_WORDS.booked(booked, values.timeSlot);
        onDone(
          booked,
          deposit?.choice === 'request' ? `${done} ${STAFF_DEPOSIT_WORDS.linkSent(entry.email)}` : done,
        );
      } catch (error) {
        if (asksForDeposit(error)) setServerAskedDeposit(true);
        const coversShort = error instanceof ApiError && error.status === 409 && error.fromServer;
        if (!coversShort || error.issues.length > 0) throw error;
        setRefusal(error.message);
        question.form.setValue('bookAnyway', false);
        question.form.setError('bookAnyway', { type: 'server', message: error.message });
        slotsLoad.reload();
      }
    },
    failure: STANDBY_SCREEN_WORDS.bookFailure,
  });
  const slotsLoad = useEntryTimes(entry, useTimeChoice(question.form));
  const timeSlot = useWatch({ control: question.form.control, name: 'timeSlot' });
  const depositTerms = useStaffDepositTerms(ruleSubjectOf(entry, slotsLoad.state, timeSlot));
  const depositAsked = depositTerms !== null || serverAskedDeposit;

  // Another time is another question: the refusal no longer answers it.
  useEffect(() => {
    const { unsubscribe } = question.form.watch((_values, { name, type }) => {
      if (type !== 'change' || name !== 'timeSlot') return;
      setRefusal('');
      question.form.setValue('bookAnyway', false);
      question.form.clearErrors('bookAnyway');
    });
    return unsubscribe;
  }, [question.form]);

  useEffect(() => {
    if (refusal) question.form.setFocus('bookAnyway');
  }, [refusal, question.form]);

  return (
    <ConfirmForm
      form={question}
      title={STANDBY_SCREEN_WORDS.bookQuestion(entry)}
      confirmLabel="Book this time"
      busyLabel="Booking…"
      keepLabel="Not now"
    >
      <EntryLine entry={entry} />
      <div className="mt-4">
        <StaffTimeField
          date={entry.date}
          state={slotsLoad.state}
          guests={entry.partySize}
          bookAnywayWhy={refusal}
          onRetry={slotsLoad.reload}
        />
      </div>
      {depositAsked ? (
        <div className="mt-4">
          <FormDepositChoice terms={depositTerms} />
        </div>
      ) : null}
      <p className="mt-3 text-ink-soft">{STANDBY_SCREEN_WORDS.bookNote}</p>
    </ConfirmForm>
  );
}

/** Asks before taking the entry off the list. */
export function RemoveQuestion({ entry, onDone }: { entry: StaffStandbyEntry; onDone: Done }) {
  const question = useSiteForm<Record<string, never>>({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => {
      const removed = await standbyApi.removeEntry(entry.id);
      onDone(removed, STANDBY_SCREEN_WORDS.removed(removed));
    },
    failure: STANDBY_SCREEN_WORDS.removeFailure,
  });
  return (
    <ConfirmForm
      form={question}
      title={STANDBY_SCREEN_WORDS.removeQuestion(entry)}
      confirmLabel="Remove"
      busyLabel="Removing…"
      keepLabel="Keep on the list"
      tone="danger"
    >
      <EntryLine entry={entry} />
    </ConfirmForm>
  );
}
