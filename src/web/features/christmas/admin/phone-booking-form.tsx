import { type FormEvent, useId, useState } from 'react';
import { guestCountFromInput, partyToShow } from '../../../../shared/booking/party.ts';
import { BOOKING_FIELD_LIMITS } from '../../../../shared/booking/validation.ts';
import { CHRISTMAS_ADMIN_FAILURES } from '../../../../shared/christmas/admin.ts';
import { christmasAmounts } from '../../../../shared/christmas/amounts.ts';
import { selectionsFromCounts } from '../../../../shared/christmas/courses.ts';
import { COURSES } from '../../../../shared/christmas/ids.ts';
import { CHRISTMAS_ADMIN_ALERT } from '../../../../shared/christmas/messages.ts';
import type {
  ChristmasAdminBookingRequest,
  ChristmasSeatsOverview,
  StoredChristmasBooking,
} from '../../../../shared/christmas/schemas.ts';
import type { ChristmasSeason } from '../../../../shared/christmas/season-schema.ts';
import { type ChristmasField, checkChristmasAdminBooking } from '../../../../shared/christmas/validation.ts';
import { formatMoney } from '../../../../shared/money/money.ts';
import { plural } from '../../../../shared/text/plural.ts';
import { TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { failureText } from '../../../lib/api.ts';
import { Notice } from '../../staff/notice.tsx';
import { useDishCounts } from '../use-dish-counts.ts';
import * as api from './api.ts';
import { CourseCounter, dishInputId } from './course-counter.tsx';

interface FormValues {
  name: string;
  phone: string;
  email: string;
  sittingId: string;
  partyAdults: string;
  partyChildren: string;
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
}

const EMPTY_FORM: FormValues = {
  name: '',
  phone: '',
  email: '',
  sittingId: '',
  partyAdults: '',
  partyChildren: '',
  allergies: '',
  occasionNotes: '',
  specialNotes: '',
};

function seatsText(seats: ChristmasSeatsOverview | null, sittingId: keyof ChristmasSeatsOverview): string {
  const sitting = seats?.[sittingId];
  if (!sitting) return '';
  const left = sitting.remaining <= 0 ? 'full' : `${sitting.remaining} left`;
  return ` — ${left}${sitting.closed ? ', closed online' : ''}`;
}

/**
 * A phone or walk-in booking (spec §2, §5 "Christmas admin create"): contact, sitting, party and each course
 * allocated one per guest; stored CONFIRMED and e-mailed to the guest. The form checks with the shared rule
 * and shows the spec's one alert; the server's precise error is shown when it refuses.
 */
export function PhoneBookingForm({
  season,
  seats,
  onCreated,
}: {
  season: ChristmasSeason;
  seats: ChristmasSeatsOverview | null;
  onCreated: (booking: StoredChristmasBooking) => void;
}) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const { counts, setCount, clearCounts } = useDishCounts(() => setProblem(null));
  const [problem, setProblem] = useState<{ message: string; field?: ChristmasField } | null>(null);
  const [created, setCreated] = useState<StoredChristmasBooking | null>(null);
  const [sending, setSending] = useState(false);

  const partyAdults = guestCountFromInput(values.partyAdults);
  const partyChildren = guestCountFromInput(values.partyChildren);
  const shownParty = partyToShow(partyAdults, partyChildren);
  const selections = selectionsFromCounts(counts);
  const { guests, totalPence, cheeseBoards } = christmasAmounts({ ...shownParty, selections }, season);

  function update<K extends keyof FormValues>(name: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setProblem(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setCreated(null);
    const payload: ChristmasAdminBookingRequest = {
      sittingId: values.sittingId,
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      partyAdults,
      partyChildren,
      selections,
      allergies: values.allergies.trim(),
      occasionNotes: values.occasionNotes.trim(),
      specialNotes: values.specialNotes.trim(),
    };
    const found = checkChristmasAdminBooking(payload, season, null);
    if (found) {
      setProblem({ message: CHRISTMAS_ADMIN_ALERT, field: found.field });
      document.getElementById(inputIdOf(found.field))?.focus();
      return;
    }
    setSending(true);
    try {
      const booking = await api.createChristmasBooking(payload);
      setValues(EMPTY_FORM);
      clearCounts();
      setProblem(null);
      setCreated(booking);
      onCreated(booking);
    } catch (error) {
      setProblem({ message: failureText(error, CHRISTMAS_ADMIN_FAILURES.create) });
    } finally {
      setSending(false);
    }
  }

  /** The input a problem is about: a course's is the count of its first dish. */
  function inputIdOf(field: ChristmasField): string {
    if (field === 'session') return fieldId('sitting');
    const course = COURSES.find((candidate) => candidate === field);
    const firstDish = course && season.menu[course][0];
    if (course && firstDish) return dishInputId(id, course, firstDish.id);
    return fieldId(field);
  }

  const invalid = (field: ChristmasField) => problem?.field === field;
  const errorId = fieldId('error');

  // Staff type the guest's details here, not their own: no autofill.
  const textInput = (name: 'name' | 'phone' | 'email', label: string, type: string) => (
    <TextField
      id={fieldId(name)}
      label={label}
      required
      type={type}
      autoComplete="off"
      maxLength={BOOKING_FIELD_LIMITS[name]}
      value={values[name]}
      invalid={invalid(name)}
      errorId={errorId}
      onValue={(value) => update(name, value)}
    />
  );

  const partyInput = (name: 'partyAdults' | 'partyChildren', label: string) => (
    <TextField
      id={fieldId(name)}
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      placeholder="0"
      value={values[name]}
      invalid={name === 'partyAdults' && invalid(name)}
      errorId={errorId}
      onValue={(value) => update(name, value)}
    />
  );

  return (
    <section aria-labelledby={fieldId('title')} className="card p-4 sm:p-6">
      <h2 id={fieldId('title')} className="font-serif text-2xl sm:text-3xl">
        New phone or walk-in booking
      </h2>
      <p className="mt-1 text-ink-soft">
        Stored as confirmed straight away; the guest is e-mailed a confirmation. Every course needs one dish
        per guest.
      </p>
      <form noValidate onSubmit={submit} aria-label="New Christmas booking" className="mt-5 space-y-6">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {textInput('name', 'Name', 'text')}
          {textInput('phone', 'Phone', 'tel')}
          {textInput('email', 'Email', 'email')}
          <div>
            <label htmlFor={fieldId('sitting')} className="field-label">
              Sitting <span aria-hidden="true">*</span>
            </label>
            <select
              id={fieldId('sitting')}
              required
              value={values.sittingId}
              aria-invalid={invalid('session') || undefined}
              aria-describedby={invalid('session') ? errorId : undefined}
              onChange={(event) => update('sittingId', event.target.value)}
              className="field-input"
            >
              <option value="">Choose a sitting</option>
              {season.sittings.map((sitting) => (
                <option key={sitting.id} value={sitting.id}>
                  {sitting.label}
                  {seatsText(seats, sitting.id)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
          <div className="grid w-full grid-cols-2 gap-4 sm:w-72">
            {partyInput('partyAdults', 'Adults')}
            {partyInput('partyChildren', 'Children')}
          </div>
          <p className="pb-2.5 text-ink-soft" aria-live="polite">
            <strong className="text-green-900">{plural(guests, 'guest', 'guests')}</strong>
            {guests > 0 ? (
              <>
                {' '}
                · {formatMoney(totalPence)} to pay on the day
                {cheeseBoards > 0 ? ` (with ${plural(cheeseBoards, 'cheese board', 'cheese boards')})` : ''}
              </>
            ) : null}
          </p>
        </div>

        <div className="grid gap-4 lg:grid-cols-3">
          {COURSES.map((course) => (
            <CourseCounter
              key={course}
              season={season}
              course={course}
              counts={counts[course]}
              guests={guests}
              idPrefix={id}
              onChange={(item, count) => setCount(course, item, count)}
            />
          ))}
        </div>

        <div className="grid gap-4 md:grid-cols-3">
          <TextAreaField
            id={fieldId('allergies')}
            label="Allergies"
            rows={2}
            maxLength={BOOKING_FIELD_LIMITS.allergies}
            value={values.allergies}
            onValue={(value) => update('allergies', value)}
          />
          <TextAreaField
            id={fieldId('occasionNotes')}
            label="Occasion notes"
            rows={2}
            maxLength={BOOKING_FIELD_LIMITS.occasionNotes}
            value={values.occasionNotes}
            onValue={(value) => update('occasionNotes', value)}
          />
          <TextAreaField
            id={fieldId('specialNotes')}
            label="Special notes"
            rows={2}
            maxLength={BOOKING_FIELD_LIMITS.specialNotes}
            value={values.specialNotes}
            onValue={(value) => update('specialNotes', value)}
          />
        </div>

        {problem ? (
          <div id={errorId}>
            <Notice tone="error">{problem.message}</Notice>
          </div>
        ) : null}
        {created ? (
          <Notice tone="success">
            Booked {created.reference}: {created.name}, {plural(created.partySize, 'guest', 'guests')},{' '}
            {created.sittingLabel}. A confirmation is on its way to {created.email}.
          </Notice>
        ) : null}
        <button type="submit" disabled={sending} className="btn-dark w-full sm:w-auto">
          {sending ? 'Adding…' : 'Add booking'}
        </button>
      </form>
    </section>
  );
}
