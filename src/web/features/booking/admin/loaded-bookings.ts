/** A staff list's bookings: still loading, failed to load, or here. */
export type LoadedBookings<Booking> =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; bookings: Booking[] };

/**
 * The list with `changed` where the booking of its id stood, for a change shown before the server answers or
 * as it answered; a list still loading, or failed, stays as it is.
 */
export function withBookingPut<Booking extends { _id: string }>(changed: Booking) {
  return (state: LoadedBookings<Booking>): LoadedBookings<Booking> =>
    state.status === 'ready'
      ? {
          status: 'ready',
          bookings: state.bookings.map((entry) => (entry._id === changed._id ? changed : entry)),
        }
      : state;
}
