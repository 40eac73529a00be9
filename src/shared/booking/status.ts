/** Table booking statuses; staff may set any of them (spec §4). */
export const BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** How a table booking reached the pub: guests book online (or claim a standby offer), staff take the rest. */
export const BOOKING_SOURCES = ['online', 'phone', 'walk-in', 'email', 'enquiry', 'standby'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
export const STAFF_BOOKING_SOURCES = [
  'phone',
  'walk-in',
  'email',
  'enquiry',
] as const satisfies readonly BookingSource[];
export type StaffBookingSource = (typeof STAFF_BOOKING_SOURCES)[number];

export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  online: 'Online',
  phone: 'Phone',
  'walk-in': 'Walk-in',
  email: 'E-mail',
  enquiry: 'Enquiry',
  standby: 'Standby',
};

/** Bookings that hold their places: a cancelled one frees them. */
export const ACTIVE_BOOKING_STATUSES = ['PENDING', 'CONFIRMED'] as const satisfies readonly BookingStatus[];

/** How staff read a status, in the day view, the drawer and the Christmas table alike. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  CANCELLED: 'Cancelled',
};

/** "status must be PENDING, CONFIRMED or CANCELLED.": the answer to a status that is none of `statuses`. */
export function statusChoiceMessage(statuses: readonly string[]): string {
  const last = statuses.at(-1);
  const rest = statuses.slice(0, -1);
  return `status must be ${rest.length > 0 ? `${rest.join(', ')} or ${last}` : last}.`;
}

export function holdsItsPlace(status: BookingStatus): boolean {
  return (ACTIVE_BOOKING_STATUSES as readonly BookingStatus[]).includes(status);
}
