import { useCallback, useEffect, useRef, useState } from 'react';
import type { AvailabilitySlot, ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import { loadAvailability } from '../api.ts';
import * as api from './api.ts';

export type BookingsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; bookings: StoredBooking[] };

export interface DayData {
  bookings: BookingsState;
  closures: ServiceClosure[];
  /** The public availability of the day; empty when it cannot be had (spec §8). */
  slots: AvailabilitySlot[];
  /** Reloads everything, or only the closures and the availability they shape. */
  reload(what?: 'all' | 'availability'): void;
  /** Shows a booking as changed, without asking the server. */
  putBooking(booking: StoredBooking): void;
}

/** A day's bookings, closures and availability; answers for a date left behind are dropped. */
export function useDayData(date: string): DayData {
  const [bookings, setBookings] = useState<BookingsState>({ status: 'loading' });
  const [closures, setClosures] = useState<ServiceClosure[]>([]);
  const [slots, setSlots] = useState<AvailabilitySlot[]>([]);
  const latestDate = useRef(date);
  latestDate.current = date;

  const loadClosuresAndSlots = useCallback(async (day: string) => {
    const [closureList, slotList] = await Promise.all([
      api.listClosures(day).catch((error: unknown) => {
        console.error('Could not load closures', error);
        return [];
      }),
      loadAvailability(day, undefined),
    ]);
    if (latestDate.current !== day) return;
    setClosures(closureList);
    setSlots(slotList);
  }, []);

  const loadBookings = useCallback(async (day: string) => {
    try {
      const list = await api.listBookingsOn(day);
      if (latestDate.current === day) setBookings({ status: 'ready', bookings: list });
    } catch {
      if (latestDate.current === day) setBookings({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    setBookings({ status: 'loading' });
    setClosures([]);
    setSlots([]);
    loadBookings(date);
    loadClosuresAndSlots(date);
  }, [date, loadBookings, loadClosuresAndSlots]);

  const reload = useCallback(
    (what: 'all' | 'availability' = 'all') => {
      if (what === 'all') loadBookings(latestDate.current);
      loadClosuresAndSlots(latestDate.current);
    },
    [loadBookings, loadClosuresAndSlots],
  );

  const putBooking = useCallback((booking: StoredBooking) => {
    setBookings((state) =>
      state.status === 'ready'
        ? {
            status: 'ready',
            bookings: state.bookings.map((entry) => (entry._id === booking._id ? booking : entry)),
          }
        : state,
    );
  }, []);

  return { bookings, closures, slots, reload, putBooking };
}
