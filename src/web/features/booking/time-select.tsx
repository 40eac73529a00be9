import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SERVICES, serviceLabel } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { FEW_COVERS_LEFT } from '#shared/booking/validation.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { FormSelectField } from '#web/forms/fields.tsx';

export type AvailabilityState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; slots: AvailabilitySlot[] };

/** What a time's option says after the time: closed, full for this party, few tables left, or nothing. */
function slotStatus(slot: AvailabilitySlot, guests: number): string {
  if (slot.closed) return ' — Closed';
  if (slot.remaining < guests) return ' — Full';
  return slot.remaining <= FEW_COVERS_LEFT ? ' — Few tables left' : '';
}

/** The placeholder the time dropdown shows (spec §2). */
export function timePlaceholder(date: string, monday: boolean, availability: AvailabilityState): string {
  if (!date) return 'Select date first';
  if (monday) return 'Closed on Mondays';
  if (availability.status === 'loading') return 'Checking times…';
  if (availability.status === 'ready' && availability.slots.length > 0) return 'Choose a time';
  return 'No times';
}

/** The values the time field reads and writes in the `SiteForm` around it. */
interface TimeValues {
  date: string;
  timeSlot: string;
}

function SlotOption({ slot, guests }: { slot: AvailabilitySlot; guests: number }) {
  return (
    <option value={slot.time} disabled={slot.closed || slot.remaining < guests}>
      {`${formatTime(slot.time)}${slotStatus(slot, guests)}`}
    </option>
  );
}

/**
 * The guest's time (the value `timeSlot` of the `SiteForm` around it, for its `date`): the day's times for the
 * party, grouped by the event being booked, Lunch / Sunday Roast and Dinner; a scarce, full or closed time says
 * so. A Monday without services (`monday`) offers none; a new date clears the time chosen.
 */
export function FormTimeField({
  availability,
  guests,
  monday = false,
  eventTitle,
}: {
  availability: AvailabilityState;
  /** The party: a slot without covers for all of them is full for them. */
  guests: number;
  monday?: boolean;
  /** The event whose own time is among the slots: grouped under its title. */
  eventTitle?: string;
}) {
  const { control, watch, setValue } = useFormContext<TimeValues>();
  const date = useWatch({ control, name: 'date' });
  // A new date means new slots: the chosen time no longer applies (spec §4).
  useEffect(() => {
    const { unsubscribe } = watch((_values, { name, type }) => {
      if (type === 'change' && name === 'date') setValue('timeSlot', '');
    });
    return unsubscribe;
  }, [watch, setValue]);
  const slots = availability.status === 'ready' && !monday ? availability.slots : [];
  return (
    <FormSelectField name="timeSlot" label="Time" required disabled={!date || monday || slots.length === 0}>
      <option value="">{timePlaceholder(date, monday, availability)}</option>
      {slots.some((slot) => slot.event) ? (
        <optgroup label={eventTitle ?? 'Event'}>
          {slots
            .filter((slot) => slot.event)
            .map((slot) => (
              <SlotOption key={slot.time} slot={slot} guests={guests} />
            ))}
        </optgroup>
      ) : null}
      {SERVICES.map((service) => {
        const serviceSlots = slots.filter((slot) => slot.service === service && !slot.event);
        if (serviceSlots.length === 0) return null;
        return (
          <optgroup key={service} label={serviceLabel(service, date)}>
            {serviceSlots.map((slot) => (
              <SlotOption key={slot.time} slot={slot} guests={guests} />
            ))}
          </optgroup>
        );
      })}
    </FormSelectField>
  );
}
