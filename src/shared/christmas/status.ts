import type { BookingStatus } from '../booking/status.ts';

/** Spec §4 "Christmas booking status": staff choose between these two only. */
export const CHRISTMAS_BOOKING_STATUSES = [
  'CONFIRMED',
  'CANCELLED',
] as const satisfies readonly BookingStatus[];
export type ChristmasBookingStatus = (typeof CHRISTMAS_BOOKING_STATUSES)[number];

/** Paid online through the checkout, or taken by staff on the phone or at the bar. */
export const CHRISTMAS_BOOKING_SOURCES = ['online', 'phone'] as const;
export type ChristmasBookingSource = (typeof CHRISTMAS_BOOKING_SOURCES)[number];

export const CHRISTMAS_SOURCE_LABELS: Record<ChristmasBookingSource, string> = {
  online: 'Online',
  phone: 'Phone',
};
