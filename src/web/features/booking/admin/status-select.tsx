import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from '#shared/booking/status.ts';

const STATUS_STYLES: Record<BookingStatus, string> = {
  PENDING: 'border-brass-500 bg-brass-300/25 text-brass-700',
  CONFIRMED: 'border-green-600/50 bg-green-600/10 text-green-800',
  CANCELLED: 'border-burgundy-700/40 bg-burgundy-700/10 text-burgundy-800',
};

/**
 * A booking's status as a select, a full finger's height on a phone; Christmas bookings offer CONFIRMED and
 * CANCELLED only (spec §4).
 */
export function StatusSelect<Status extends BookingStatus>({
  id,
  value,
  label,
  statuses = BOOKING_STATUSES as readonly BookingStatus[] as readonly Status[],
  onChange,
}: {
  id?: string;
  value: Status;
  /** The accessible name when no <label> points at it. */
  label?: string;
  statuses?: readonly Status[];
  onChange: (status: Status) => void;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Status)}
      className={`min-h-11 rounded-lg border px-2.5 py-1.5 text-sm font-semibold md:min-h-0 focus:outline-none focus-visible:outline-3 focus-visible:outline-brass-500 ${STATUS_STYLES[value]}`}
    >
      {statuses.map((status) => (
        <option key={status} value={status}>
          {BOOKING_STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}
