import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { StaffStandbyEntry } from '#shared/standby/api.ts';
import { slotsInWindow } from '#shared/standby/rules.ts';
import { ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import {
  type SlotsState,
  StaffTimeField,
  useStaffSlots,
} from '#web/features/booking/admin/staff-time-select.tsx';
import { useContent } from '#web/features/content/use-content.ts';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ApiError } from '#web/lib/api.ts';
import * as standbyApi from './standby-api.ts';
import { entrySummary, STANDBY_SCREEN_WORDS } from './standby-words.ts';

interface TimeValues {
  timeSlot: string;
  bookAnyway: boolean;
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
 * window's first free time chosen once they arrive.
 */
function useEntryTimes(entry: StaffStandbyEntry, form: UseFormReturn<TimeValues>) {
  const slotsLoad = useStaffSlots(entry.date, { party: entry.partySize });
  const suggested = suggestedTime(entry, slotsLoad.state);
  useEffect(() => {
    if (suggested && form.getValues('timeSlot') === '') form.setValue('timeSlot', suggested);
  }, [suggested, form]);
  return slotsLoad;
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
  const slotsLoad = useEntryTimes(entry, question.form);
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
  const question = useSiteForm<TimeValues>({
    defaultValues: { timeSlot: '', bookAnyway: false },
    validate: ruleResolver<TimeValues>((values) => {
      if (values.timeSlot === '') return { field: 'timeSlot', message: BOOKING_MESSAGES.time };
      return refusal && !values.bookAnyway ? { field: 'bookAnyway', message: refusal } : null;
    }),
    send: async ({ timeSlot, bookAnyway }) => {
      try {
        const booked = await standbyApi.bookEntry(entry.id, {
          timeSlot,
          overCapacity: refusal !== '' && bookAnyway,
        });
        onDone(booked, STANDBY_SCREEN_WORDS.booked(booked, timeSlot));
      } catch (error) {
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
  const slotsLoad = useEntryTimes(entry, question.form);

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
