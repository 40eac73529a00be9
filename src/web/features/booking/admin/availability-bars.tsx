import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { formatTime } from '#shared/time/london-time.ts';

/** Spec §9, in covers: used = covers per slot − covers left; a closed slot shows all used. */
export function usedPlaces(slot: AvailabilitySlot, capacity: number): number {
  return slot.closed ? capacity : Math.min(capacity, Math.max(0, capacity - slot.remaining));
}

function barColour(slot: AvailabilitySlot, used: number, capacity: number): string {
  if (slot.closed) return 'bg-ink-soft/45';
  if (used >= capacity) return 'bg-burgundy-700';
  if (used >= capacity - 2) return 'bg-brass-500';
  return 'bg-green-700';
}

export function AvailabilityBars(props: { slots: AvailabilitySlot[]; label: string; capacity: number }) {
  const { slots, label, capacity } = props;
  if (slots.length === 0) {
    return <p className="text-sm text-ink-soft">No online availability for this day.</p>;
  }
  return (
    // Every tile stacks its time, its covers and its bar, however wide: side by side in the wide tiles and
    // stacked in the narrow ones, one grid read two ways.
    <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-2">
      {slots.map((slot) => {
        const used = usedPlaces(slot, capacity);
        return (
          <li key={slot.time} className="rounded-lg border border-cream-200 bg-cream-50 px-2.5 py-1.5">
            <span className="block text-sm font-semibold whitespace-nowrap text-green-900">
              {formatTime(slot.time)}
            </span>
            <span className="block text-xs whitespace-nowrap text-ink-soft">
              {slot.closed ? 'Closed' : `${used} of ${capacity} covers`}
            </span>
            <span
              className="mt-1 block h-1.5 w-full overflow-hidden rounded-full bg-cream-200"
              aria-hidden="true"
            >
              <span
                className={`block h-full rounded-full ${barColour(slot, used, capacity)}`}
                style={{ width: `${(used / capacity) * 100}%` }}
              />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
