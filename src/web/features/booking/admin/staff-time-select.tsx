import { type Ref, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { SERVICES, serviceLabel, servicesOn } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { STAFF_BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { plural } from '#shared/text/plural.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { useContent } from '#web/features/content/use-content.ts';
import * as api from './api.ts';

const SLOTS_FAILURE = 'Could not load the times for this day.';

export type SlotsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; slots: AvailabilitySlot[] };

/** "7pm — 12 covers left", "7pm — closed", "7pm — 4 covers left (too few)". */
export function staffSlotText(slot: AvailabilitySlot, guests: number): string {
  const time = formatTime(slot.time);
  if (slot.closed) return `${time} — closed`;
  const left = plural(slot.remaining, 'cover', 'covers');
  return slot.remaining < guests ? `${time} — ${left} left (too few)` : `${time} — ${left} left`;
}

function placeholder(date: string, state: SlotsState): string {
  if (!date) return 'Choose a date first';
  if (state.status === 'loading') return 'Checking times…';
  if (state.status === 'ready' && state.slots.length > 0) return 'Choose a time';
  return 'No times';
}

/**
 * Every slot of the day's services, each with the covers it has left for the party. Closed and short slots
 * can be chosen too: staff may book them knowingly.
 */
export function StaffTimeSelect({
  id,
  ref,
  date,
  value,
  state,
  guests,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  ref?: Ref<HTMLSelectElement>;
  date: string;
  value: string;
  state: SlotsState;
  guests: number;
  invalid: boolean;
  describedBy?: string;
  onChange: (time: string) => void;
}) {
  const slots = state.status === 'ready' ? state.slots : [];
  return (
    <select
      id={id}
      ref={ref}
      required
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={slots.length === 0}
      onChange={(event) => onChange(event.target.value)}
      className="field-input"
    >
      <option value="">{placeholder(date, state)}</option>
      {SERVICES.map((service) => {
        const serviceSlots = slots.filter((slot) => slot.service === service);
        if (serviceSlots.length === 0) return null;
        return (
          <optgroup key={service} label={serviceLabel(service, date)}>
            {serviceSlots.map((slot) => (
              <option key={slot.time} value={slot.time}>
                {staffSlotText(slot, guests)}
              </option>
            ))}
          </optgroup>
        );
      })}
    </select>
  );
}

/**
 * The slots of a date as staff see them, with the covers left for the party, `excluding` the booking being
 * changed and with `event`'s own time. A new party keeps the day's times on screen while their covers are
 * fetched; a new day does not. `reload` asks again: after a failure, a refusal or a booking taken.
 */
export function useStaffSlots(
  date: string,
  options: { party?: number; excluding?: string; event?: string } = {},
): { state: SlotsState; reload: () => void } {
  const { party, excluding, event } = options;
  const [state, setState] = useState<SlotsState>({ status: 'idle' });
  const [asked, setAsked] = useState(0);
  const loadedDate = useRef('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` asks again after a failure or a refusal
  useEffect(() => {
    if (!date) {
      loadedDate.current = '';
      setState({ status: 'idle' });
      return;
    }
    if (loadedDate.current !== date) setState({ status: 'loading' });
    loadedDate.current = date;
    const controller = new AbortController();
    api.staffAvailability(date, { party, excluding, event, signal: controller.signal }).then(
      (slots) => {
        if (!controller.signal.aborted) setState({ status: 'ready', slots });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [date, party, excluding, event, asked]);

  const reload = useCallback(() => setAsked((count) => count + 1), []);
  return { state, reload };
}

/**
 * Why staff must tick "Book anyway": the slot is closed to guests (a closed service or day, or too soon to
 * book online), or it lacks covers for the party, by the latest count or by the server's word after a
 * refusal (`conflict`). Empty when neither.
 */
export function bookAnywayReason(
  slot: AvailabilitySlot | undefined,
  party: number | undefined,
  conflict: string | null,
): string {
  if (!slot) return conflict ?? '';
  const time = formatTime(slot.time);
  const coversShort =
    conflict ??
    (party !== undefined && slot.remaining < party
      ? STAFF_BOOKING_MESSAGES.coversShort(slot.remaining, time)
      : '');
  if (slot.closed && coversShort) return `${time} is closed to online bookings. ${coversShort}`;
  if (slot.closed) return STAFF_BOOKING_MESSAGES.closed(time);
  return coversShort;
}

/** Why a real date offers no times: staff see every slot of any day the kitchen takes bookings. */
function noTimesText(date: string, settings: BookingSettings | undefined): string {
  if (settings && servicesOn(date, settings).length === 0)
    return 'The kitchen takes no bookings on this day.';
  return 'No times on this day.';
}

/** The values the time field reads and writes in the `SiteForm` around it. */
interface StaffTimeValues {
  timeSlot: string;
  bookAnyway: boolean;
}

/**
 * The time of a booking staff take or change (the values `timeSlot` and `bookAnyway` of the `SiteForm` around
 * it): the day's slots, why there are none, a failed load to try again, and the "Book anyway" box while the
 * chosen slot is closed or short of covers (`bookAnywayWhy`), which says it as an alert once it stops a send.
 */
export function StaffTimeField({
  date,
  state,
  guests,
  bookAnywayWhy,
  onRetry,
}: {
  /** A real date, or '' while there is none. */
  date: string;
  state: SlotsState;
  guests: number;
  bookAnywayWhy: string;
  onRetry: () => void;
}) {
  const id = useId();
  const settings = useContent('booking-settings');
  const { clearErrors } = useFormContext<StaffTimeValues>();
  const time = useController<StaffTimeValues, 'timeSlot'>({ name: 'timeSlot' });
  const bookAnyway = useController<StaffTimeValues, 'bookAnyway'>({ name: 'bookAnyway' });
  const timeProblem = time.fieldState.error?.message;
  const bookAnywayAsked = Boolean(bookAnyway.fieldState.error);
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const hintId = `${id}-hint`;
  const bookAnywayId = `${id}-book-anyway`;
  const needsBookAnyway = bookAnywayWhy !== '';
  const noTimesReason =
    state.status === 'ready' && state.slots.length === 0 ? noTimesText(date, settings) : '';
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Time <span aria-hidden="true">*</span>
      </label>
      <StaffTimeSelect
        id={id}
        ref={time.field.ref}
        date={date}
        value={time.field.value}
        state={state}
        guests={guests}
        invalid={Boolean(timeProblem)}
        describedBy={
          [timeProblem ? errorId : '', needsBookAnyway ? warningId : '', noTimesReason ? hintId : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(value) => {
          time.field.onChange(value);
          clearErrors('timeSlot');
        }}
      />
      {timeProblem ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-semibold text-burgundy-800">
          {timeProblem}
        </p>
      ) : null}
      {noTimesReason ? (
        <p id={hintId} className="mt-1.5 text-sm text-ink-soft">
          {noTimesReason}
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p id={hintId} role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-burgundy-800">
          {SLOTS_FAILURE}
          <button type="button" className="btn-outline min-h-11 px-4 py-1.5 text-sm" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
      <div aria-live="polite">
        {needsBookAnyway ? (
          <div className="mt-3 rounded-xl border-2 border-brass-500 bg-brass-300/30 p-4">
            {/* Put in the page afresh as an alert when it stops a send, so it is announced then. */}
            <p
              key={bookAnywayAsked ? 'asked' : 'offered'}
              id={warningId}
              role={bookAnywayAsked ? 'alert' : undefined}
              className="font-semibold text-green-950"
            >
              {bookAnywayWhy}
            </p>
            <div className="mt-2 flex min-h-11 items-center gap-3">
              <input
                id={bookAnywayId}
                ref={bookAnyway.field.ref}
                type="checkbox"
                checked={bookAnyway.field.value}
                aria-invalid={bookAnywayAsked || undefined}
                aria-describedby={warningId}
                onChange={(change) => {
                  bookAnyway.field.onChange(change.target.checked);
                  clearErrors('bookAnyway');
                }}
                className="h-6 w-6 shrink-0 accent-green-800"
              />
              <label htmlFor={bookAnywayId} className="text-lg font-semibold text-green-900">
                Book anyway
              </label>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
