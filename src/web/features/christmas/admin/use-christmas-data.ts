import { useCallback, useEffect, useRef, useState } from 'react';
import { CHRISTMAS_ADMIN_FAILURES } from '#shared/christmas/admin.ts';
import type { SittingId } from '#shared/christmas/ids.ts';
import type { ChristmasSeatsOverview, StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { type LoadedBookings, withBookingPut } from '#web/features/booking/admin/loaded-bookings.ts';
import { failureText } from '#web/lib/api.ts';
import * as api from './api.ts';

export type ChristmasBookingsState = LoadedBookings<StoredChristmasBooking>;

export interface ChristmasData {
  bookings: ChristmasBookingsState;
  seats: ChristmasSeatsOverview | null;
  /** 'Load failed', or the server's own error (spec §8). */
  loadError: string | null;
  /** Reloads everything, or only the seats (after a status change or a closure). */
  reload(what?: 'all' | 'seats'): void;
  /** Shows a booking as changed, without asking the server. */
  putBooking(booking: StoredChristmasBooking): void;
}

/** The bookings of one sitting or both, and the seats of every sitting; answers for a filter left behind are dropped. */
export function useChristmasData(sittingId: SittingId | null): ChristmasData {
  const [bookings, setBookings] = useState<ChristmasBookingsState>({ status: 'loading' });
  const [seats, setSeats] = useState<ChristmasSeatsOverview | null>(null);
  const [bookingsError, setBookingsError] = useState<string | null>(null);
  const [seatsError, setSeatsError] = useState<string | null>(null);
  const latestFilter = useRef(sittingId);
  latestFilter.current = sittingId;

  const loadBookings = useCallback(async (filter: SittingId | null) => {
    try {
      const list = await api.listChristmasBookings(filter);
      if (latestFilter.current !== filter) return;
      setBookings({ status: 'ready', bookings: list });
      setBookingsError(null);
    } catch (error) {
      if (latestFilter.current !== filter) return;
      setBookings({ status: 'failed' });
      setBookingsError(failureText(error, CHRISTMAS_ADMIN_FAILURES.load));
    }
  }, []);

  const loadSeats = useCallback(async () => {
    try {
      setSeats(await api.christmasSeats());
      setSeatsError(null);
    } catch (error) {
      setSeatsError(failureText(error, CHRISTMAS_ADMIN_FAILURES.load));
    }
  }, []);

  useEffect(() => {
    setBookings({ status: 'loading' });
    loadBookings(sittingId);
  }, [sittingId, loadBookings]);

  useEffect(() => {
    loadSeats();
  }, [loadSeats]);

  const reload = useCallback(
    (what: 'all' | 'seats' = 'all') => {
      if (what === 'all') loadBookings(latestFilter.current);
      loadSeats();
    },
    [loadBookings, loadSeats],
  );

  const putBooking = useCallback(
    (booking: StoredChristmasBooking) => setBookings(withBookingPut(booking)),
    [],
  );

  return { bookings, seats, loadError: bookingsError ?? seatsError, reload, putBooking };
}
