import { SERVICES, serviceLabel } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { FEW_COVERS_LEFT } from '#shared/booking/validation.ts';
import { formatTime } from '#shared/time/london-time.ts';

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

interface TimeSelectProps {
  id: string;
  date: string;
  monday: boolean;
  value: string;
  availability: AvailabilityState;
  /** The party: a slot without covers for all of them is full for them. */
  guests: number;
  invalid: boolean;
  describedBy?: string;
  /** The event whose own time is among the slots: grouped under its title. */
  eventTitle?: string;
  onChange: (time: string) => void;
}

function SlotOption({ slot, guests }: { slot: AvailabilitySlot; guests: number }) {
  return (
    <option value={slot.time} disabled={slot.closed || slot.remaining < guests}>
      {`${formatTime(slot.time)}${slotStatus(slot, guests)}`}
    </option>
  );
}

/** Time dropdown grouped by the event being booked, Lunch / Sunday Roast and Dinner; a scarce, full or closed time says so. */
export function TimeSelect({
  id,
  date,
  monday,
  value,
  availability,
  guests,
  invalid,
  describedBy,
  eventTitle,
  onChange,
}: TimeSelectProps) {
  const slots = availability.status === 'ready' && !monday ? availability.slots : [];
  return (
    <select
      id={id}
      name="timeSlot"
      required
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
      disabled={!date || monday || slots.length === 0}
      className="field-input"
    >
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
    </select>
  );
}
