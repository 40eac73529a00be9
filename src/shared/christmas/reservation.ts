/** Spec §4 "Pending reservation state", as GET /api/christmas/pending/:pid answers it. */
export const RESERVATION_STATES = ['PENDING', 'PAID_AWAITING', 'PAID_CONFIRMED', 'CANCELLED'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];
