import { useEffect, useId, useState } from 'react';
import { type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { guestCountFromInput } from '#shared/booking/party.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import {
  BOOKING_FIELD_LIMITS,
  checkStaffBooking,
  type StaffBookingCheckInput,
} from '#shared/booking/validation.ts';
import type { RuleSubject } from '#shared/deposits/rules.ts';
import { isRealIsoDate } from '#shared/time/london-time.ts';
import { FormPartyFields, useFormPartySize } from '#web/forms/field-groups.tsx';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import type { RuleProblem } from '#web/forms/rule-resolver.ts';
import { ApiError } from '#web/lib/api.ts';
import { onItsField } from '../booking-request.ts';
import { NotifyGuestCheckbox } from './notify-guest-checkbox.tsx';
import { bookAnywayReason, type SlotsState, StaffTimeField, useStaffSlots } from './staff-time-select.tsx';

/** What every staff booking form keeps of where and when the party sits, and whom it tells. */
export interface StaffSeatingValues {
  date: string;
  partyAdults: string;
  partyChildren: string;
  timeSlot: string;
  bookAnyway: boolean;
  notifyGuest: boolean;
}

const SEATING_FIELDS = ['date', 'timeSlot', 'partyAdults', 'partyChildren'] as const;

/** The seating as the API takes it, from the values as typed. */
export function seatingRequest(values: StaffSeatingValues) {
  return {
    date: values.date,
    timeSlot: values.timeSlot,
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
  };
}

/** What `useStaffSeating` gives a staff booking form. */
export interface StaffSeating<Values extends StaffSeatingValues> {
  slotsLoad: { state: SlotsState; reload: () => void };
  /** The date typed, or '' while it is not a real one. */
  validDate: string;
  /** The guests, or undefined while the party is not one whole guest or more. */
  party: number | undefined;
  /** The date, time or party differs from the booking being moved; always, for a new booking. */
  seatingChanged: boolean;
  /** The seating as a deposit rule reads it (issue 29); null until the date, a time of it and the party are chosen. */
  ruleSubject: RuleSubject | null;
  /** Why "Book anyway" is asked for, or ''. */
  bookAnywayWhy: string;
  /** Whether the form sends `overCapacity`: "Book anyway" ticked while it is asked for. */
  overCapacity: (values: Values) => boolean;
  /**
   * The staff rule's first problem with `booking` (the values' seating with the guest's details), under its
   * field when the form has it, or "Book anyway" unticked while it is needed; none for an unchanged seating.
   */
  problem: (
    values: Values,
    booking: StaffBookingCheckInput,
  ) => RuleProblem<Extract<keyof Values, string>> | null;
  /**
   * A failed send that is the covers gone or the slot closed while staff were typing (the server's own 409,
   * naming no field): the latest numbers, the server's word in the box to tick, and true. False for anything
   * else, for the form to say.
   */
  refused: (error: unknown) => boolean;
}

/**
 * The slots, "Book anyway" and the staff rule of a form built on `StaffSeatingValues`: the day's slots with
 * the covers left for the party, and why the chosen one needs "Book anyway". With `moving`, the booking being
 * changed: its own covers count as free, it keeps its time on a new day, and only a new seating is asked about.
 */
export function useStaffSeating<Values extends StaffSeatingValues>(
  screenForm: UseFormReturn<Values>,
  moving?: StoredBooking,
): StaffSeating<Values> {
  const form = screenForm as unknown as UseFormReturn<StaffSeatingValues>;
  // An object each time, so a second refusal in the same words still takes the focus to the box.
  const [conflict, setConflict] = useState<{ message: string } | null>(null);
  const [date, timeSlot, partyAdults, partyChildren] = useWatch({
    control: form.control,
    name: SEATING_FIELDS,
  });
  const guests = useFormPartySize(form.control);
  const party = guests >= 1 ? guests : undefined;
  const validDate = isRealIsoDate(date) ? date : '';
  const slotsLoad = useStaffSlots(validDate, {
    party,
    excluding: moving?._id,
    event: moving?.eventSlug ?? undefined,
  });
  const slots = slotsLoad.state.status === 'ready' ? slotsLoad.state.slots : [];
  const slot = slots.find((candidate) => candidate.time === timeSlot);
  const seatingChanged =
    !moving ||
    date !== moving.date ||
    timeSlot !== moving.timeSlot ||
    guestCountFromInput(partyAdults) !== moving.partyAdults ||
    guestCountFromInput(partyChildren) !== moving.partyChildren;
  const bookAnywayWhy =
    seatingChanged || conflict ? bookAnywayReason(slot, party, conflict?.message ?? null) : '';
  const keepsTimeOnNewDay = moving !== undefined;

  // A new date, time or party is a new question about covers: an earlier tick or refusal no longer answers it.
  useEffect(() => {
    const { unsubscribe } = form.watch((_values, { name, type }) => {
      if (type !== 'change' || !SEATING_FIELDS.some((field) => field === name)) return;
      setConflict(null);
      form.setValue('bookAnyway', false);
      form.clearErrors('bookAnyway');
      if (name === 'date' && !keepsTimeOnNewDay) form.setValue('timeSlot', '');
    });
    return unsubscribe;
  }, [form, keepsTimeOnNewDay]);

  // The box appears with the refusal: it takes the focus once it is in the page, not before.
  useEffect(() => {
    if (conflict) form.setFocus('bookAnyway');
  }, [conflict, form]);

  const ruleSubject: RuleSubject | null =
    validDate && slot && party
      ? {
          date: validDate,
          timeSlot,
          service: slot.service,
          guests: party,
          eventSlug: moving?.eventSlug ?? null,
        }
      : null;

  return {
    slotsLoad,
    validDate,
    party,
    seatingChanged,
    ruleSubject,
    bookAnywayWhy,
    overCapacity: (values: Values) => bookAnywayWhy !== '' && values.bookAnyway,
    /**
     * The staff rule's first problem with `booking` (the values' seating with the guest's details), under its
     * field when the form has it, or "Book anyway" unticked while it is needed; none for an unchanged seating.
     */
    problem(
      values: Values,
      booking: StaffBookingCheckInput,
    ): RuleProblem<Extract<keyof Values, string>> | null {
      if (!seatingChanged) return null;
      const found = checkStaffBooking(booking, slots);
      if (found?.kind === 'invalid') {
        return onItsField(found.message, values);
      }
      if (found || (bookAnywayWhy && !values.bookAnyway)) {
        return {
          field: 'bookAnyway' as Extract<keyof Values, string>,
          message: found?.message ?? bookAnywayWhy,
        };
      }
      return null;
    },
    refused(error) {
      const coversGone = error instanceof ApiError && error.status === 409 && error.fromServer;
      if (!coversGone || error.issues.length > 0) return false;
      setConflict({ message: error.message });
      form.setValue('bookAnyway', false);
      form.setError('bookAnyway', { type: 'server', message: error.message });
      slotsLoad.reload();
      return true;
    },
  };
}

/** The date, the party and the time with its "Book anyway", of a booking staff take or change. */
export function StaffSeatingFields({
  seating,
}: {
  seating: Pick<StaffSeating<StaffSeatingValues>, 'slotsLoad' | 'validDate' | 'party' | 'bookAnywayWhy'>;
}) {
  return (
    <>
      <FormTextField name="date" label="Date" required type="date" />
      <FormPartyFields />
      <StaffTimeField
        date={seating.validDate}
        state={seating.slotsLoad.state}
        guests={seating.party ?? 1}
        bookAnywayWhy={seating.bookAnywayWhy}
        onRetry={seating.slotsLoad.reload}
      />
    </>
  );
}

/** Whether staff e-mail the guest: the value `notifyGuest` of the form around it. */
export function FormNotifyGuest({
  label,
  hint,
  disabled = false,
}: {
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const { field } = useController<StaffSeatingValues, 'notifyGuest'>({ name: 'notifyGuest' });
  return (
    <NotifyGuestCheckbox
      id={id}
      label={label}
      hint={hint}
      checked={field.value}
      disabled={disabled}
      onChange={field.onChange}
    />
  );
}

/** The notes staff keep on a booking: the same words and the server's limits on every staff form. */
const STAFF_NOTE_LABELS = {
  allergies: 'Allergies',
  occasionNotes: 'Occasion notes',
  specialNotes: 'Special notes',
} as const;

/** One of a booking's notes, a table or a Christmas one, as staff type it: the value `name` of the form around it. */
export function FormStaffNoteField({ name, rows }: { name: keyof typeof STAFF_NOTE_LABELS; rows: number }) {
  return (
    <FormTextAreaField
      name={name}
      label={STAFF_NOTE_LABELS[name]}
      rows={rows}
      maxLength={BOOKING_FIELD_LIMITS[name]}
    />
  );
}
