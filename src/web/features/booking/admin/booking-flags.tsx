import type { StoredBooking } from '../../../../shared/booking/schemas.ts';

/** What staff should notice before the guest arrives. */
export function bookingFlags(booking: StoredBooking): string[] {
  return [
    booking.hasAccessibilityNeeds ? 'Accessibility' : '',
    booking.allergies ? 'Allergies' : '',
    booking.occasion !== 'None' ? booking.occasion : '',
    booking.eventSlug ? 'Event' : '',
    booking.specialNotes ? 'Notes' : '',
  ].filter(Boolean);
}

const FLAG_STYLES: Record<string, string> = {
  Accessibility: 'bg-green-600/15 text-green-800',
  Allergies: 'bg-burgundy-700/12 text-burgundy-800',
};

export function BookingFlags({ booking }: { booking: StoredBooking }) {
  const flags = bookingFlags(booking);
  if (flags.length === 0) return <span className="text-ink-soft">—</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {flags.map((flag) => (
        <li
          key={flag}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${FLAG_STYLES[flag] ?? 'bg-brass-300/35 text-brass-700'}`}
        >
          {flag}
        </li>
      ))}
    </ul>
  );
}
