import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { guestCountFromInput, partySize } from '../../../../shared/booking/party.ts';
import type { StoredBooking } from '../../../../shared/booking/schemas.ts';
import {
  BOOKING_FIELD_LIMITS,
  BOOKING_MESSAGES,
  checkStaffBooking,
} from '../../../../shared/booking/validation.ts';
import { plural } from '../../../../shared/text/plural.ts';
import { formatLongDate, formatTime, isRealIsoDate } from '../../../../shared/time/london-time.ts';
import { TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { ApiError, failureText } from '../../../lib/api.ts';
import { Notice } from '../../staff/notice.tsx';
import * as api from './api.ts';
import { BOOKING_CHANGE_MESSAGES } from './booking-change-messages.ts';
import { NotifyGuestCheckbox } from './notify-guest-checkbox.tsx';
import { bookAnywayReason, StaffTimeField, useStaffSlots } from './staff-time-select.tsx';

interface EditValues {
  date: string;
  timeSlot: string;
  partyAdults: string;
  partyChildren: string;
  allergies: string;
  specialNotes: string;
  notifyGuest: boolean;
  bookAnyway: boolean;
}

function valuesOf(booking: StoredBooking): EditValues {
  return {
    date: booking.date,
    timeSlot: booking.timeSlot,
    partyAdults: String(booking.partyAdults),
    partyChildren: String(booking.partyChildren),
    allergies: booking.allergies,
    specialNotes: booking.specialNotes,
    notifyGuest: true,
    bookAnyway: false,
  };
}

type Field = 'date' | 'timeSlot' | 'partyAdults' | 'bookAnyway';

/** Which field a refusal of checkStaffBooking is about, so it can be marked and focused. */
const FIELD_OF_MESSAGE: Partial<Record<string, Field>> = {
  [BOOKING_MESSAGES.date]: 'date',
  [BOOKING_MESSAGES.time]: 'timeSlot',
  [BOOKING_MESSAGES.timeUnavailable]: 'timeSlot',
  [BOOKING_MESSAGES.partyEmpty]: 'partyAdults',
};

/** A change to any of these is a new question about covers: an earlier "Book anyway" no longer answers it. */
const SEATING_FIELDS: readonly (keyof EditValues)[] = ['date', 'timeSlot', 'partyAdults', 'partyChildren'];

/** What staff read once the change is saved: the booking as it stands, where it went, who was told. */
function savedText(before: StoredBooking, after: StoredBooking, notified: boolean, seatingChanged: boolean) {
  const { saved, leftTheDay, emailed, notEmailed, notesOnly } = BOOKING_CHANGE_MESSAGES;
  return [
    saved(
      `${formatLongDate(after.date)}, ${formatTime(after.timeSlot)}`,
      plural(after.partySize, 'guest', 'guests'),
    ),
    after.date === before.date ? '' : leftTheDay(formatLongDate(before.date)),
    seatingChanged ? (notified ? emailed(after.email) : notEmailed) : notesOnly,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Staff change a booking's date, time, party and notes (issue 17): every slot of any day with the covers
 * left without this booking, into a closed or short slot only when they tick "Book anyway", and the guest
 * e-mailed the new details when they choose.
 */
export function EditBookingForm({
  booking,
  onSaved,
  onKeep,
}: {
  booking: StoredBooking;
  onSaved: (booking: StoredBooking, message: string) => void;
  onKeep: () => void;
}) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState<EditValues>(() => valuesOf(booking));
  const [problem, setProblem] = useState<{ message: string; field?: Field } | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const adults = guestCountFromInput(values.partyAdults);
  const children = guestCountFromInput(values.partyChildren);
  const guests = partySize(adults, children);
  const party = Number.isInteger(guests) && guests >= 1 ? guests : undefined;
  const validDate = isRealIsoDate(values.date) ? values.date : '';
  const slotsLoad = useStaffSlots(validDate, {
    party,
    excluding: booking._id,
    event: booking.eventSlug ?? undefined,
  });
  const slots = slotsLoad.state.status === 'ready' ? slotsLoad.state.slots : [];
  const slot = slots.find((candidate) => candidate.time === values.timeSlot);
  const seatingChanged =
    values.date !== booking.date ||
    values.timeSlot !== booking.timeSlot ||
    adults !== booking.partyAdults ||
    children !== booking.partyChildren;
  const bookAnywayWhy = seatingChanged || conflict ? bookAnywayReason(slot, party, conflict) : '';
  const needsBookAnyway = bookAnywayWhy !== '';
  const hasEmail = booking.email !== '';

  function update<K extends keyof EditValues>(name: K, value: EditValues[K]) {
    const seating = SEATING_FIELDS.includes(name);
    setValues((current) => ({ ...current, [name]: value, ...(seating ? { bookAnyway: false } : {}) }));
    if (seating) setConflict(null);
    if (problem && (!problem.field || problem.field === name || seating)) setProblem(null);
  }

  function focusField(field: Field) {
    document.getElementById(fieldId(field))?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const allergies = values.allergies.trim();
    const specialNotes = values.specialNotes.trim();
    if (!seatingChanged && allergies === booking.allergies && specialNotes === booking.specialNotes) {
      setProblem({ message: BOOKING_CHANGE_MESSAGES.unchanged });
      return;
    }
    const overCapacity = needsBookAnyway && values.bookAnyway;
    const seating = {
      date: values.date,
      timeSlot: values.timeSlot,
      partyAdults: adults,
      partyChildren: children,
    };
    if (seatingChanged) {
      const found = checkStaffBooking({ ...booking, ...seating, overCapacity }, slots);
      const unconfirmed = !found && needsBookAnyway && !values.bookAnyway;
      if (found || unconfirmed) {
        const field = found?.kind === 'invalid' ? FIELD_OF_MESSAGE[found.message] : 'bookAnyway';
        setProblem({ message: found?.message ?? bookAnywayWhy, field });
        if (field) focusField(field);
        return;
      }
    }
    const notifyGuest = values.notifyGuest && hasEmail;
    setProblem(null);
    setSending(true);
    try {
      const saved = await api.changeBooking(booking._id, {
        ...seating,
        allergies,
        specialNotes,
        notifyGuest,
        overCapacity,
      });
      onSaved(saved, savedText(booking, saved, notifyGuest, seatingChanged));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.fromServer) {
        // The covers went, or the slot closed, while staff were choosing: the server's word and the box to tick.
        setConflict(error.message);
        setValues((current) => ({ ...current, bookAnyway: false }));
        slotsLoad.reload();
        requestAnimationFrame(() => focusField('bookAnyway'));
      } else {
        setProblem({ message: failureText(error, BOOKING_CHANGE_MESSAGES.failure) });
      }
    } finally {
      setSending(false);
    }
  }

  const invalid = (field: Field) => problem?.field === field;
  const errorId = fieldId('error');

  return (
    <form noValidate onSubmit={submit} aria-labelledby={fieldId('heading')} className="space-y-5">
      <h3 id={fieldId('heading')} ref={heading} tabIndex={-1} className="font-serif text-2xl text-green-900">
        Change booking
      </h3>
      <TextField
        id={fieldId('date')}
        label="Date"
        required
        type="date"
        value={values.date}
        invalid={invalid('date')}
        errorId={errorId}
        onValue={(value) => update('date', value)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id={fieldId('partyAdults')}
          label="Adults"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.partyAdults}
          invalid={invalid('partyAdults')}
          errorId={errorId}
          onValue={(value) => update('partyAdults', value)}
        />
        <TextField
          id={fieldId('partyChildren')}
          label="Children"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.partyChildren}
          onValue={(value) => update('partyChildren', value)}
        />
        <p className="col-span-2 rounded-lg bg-cream-100 px-3.5 py-2.5" aria-live="polite">
          Total: <strong className="tabular-nums">{plural(party ?? 0, 'guest', 'guests')}</strong>
        </p>
      </div>
      <StaffTimeField
        id={fieldId('timeSlot')}
        bookAnywayId={fieldId('bookAnyway')}
        date={validDate}
        value={values.timeSlot}
        state={slotsLoad.state}
        guests={party ?? 1}
        invalid={invalid('timeSlot')}
        errorId={errorId}
        bookAnywayWhy={bookAnywayWhy}
        bookAnyway={values.bookAnyway}
        bookAnywayInvalid={invalid('bookAnyway')}
        onChange={(time) => update('timeSlot', time)}
        onBookAnywayChange={(bookAnyway) => {
          setValues((current) => ({ ...current, bookAnyway }));
          if (invalid('bookAnyway')) setProblem(null);
        }}
        onRetry={slotsLoad.reload}
      />
      <TextAreaField
        id={fieldId('allergies')}
        label="Allergies"
        rows={2}
        maxLength={BOOKING_FIELD_LIMITS.allergies}
        value={values.allergies}
        onValue={(value) => update('allergies', value)}
      />
      <TextAreaField
        id={fieldId('specialNotes')}
        label="Special notes"
        rows={3}
        maxLength={BOOKING_FIELD_LIMITS.specialNotes}
        value={values.specialNotes}
        onValue={(value) => update('specialNotes', value)}
      />
      <NotifyGuestCheckbox
        id={fieldId('notifyGuest')}
        label={BOOKING_CHANGE_MESSAGES.notifyLabel}
        hint={hasEmail ? BOOKING_CHANGE_MESSAGES.notifyHint(booking.email) : BOOKING_CHANGE_MESSAGES.noEmail}
        checked={values.notifyGuest}
        disabled={!hasEmail}
        onChange={(checked) => update('notifyGuest', checked)}
      />
      {problem ? (
        <div id={errorId}>
          <Notice tone="error">{problem.message}</Notice>
        </div>
      ) : null}
      <div className="flex flex-col gap-3 border-t border-cream-200 pt-5 sm:flex-row">
        <button type="submit" disabled={sending} className="btn-dark min-h-12">
          {sending ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" onClick={onKeep} className="btn-outline min-h-12">
          Keep as it was
        </button>
      </div>
    </form>
  );
}
