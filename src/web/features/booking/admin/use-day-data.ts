import { useCallback, useEffect, useRef, useState } from 'react';
import type { AvailabilitySlot, ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import { type PaymentsByBooking, useDayPayments } from '#web/features/deposits/admin/use-day-payments.ts';
import { signedOut } from '#web/lib/api.ts';
import { loadAvailability } from '../api.ts';
import * as api from './api.ts';
import { type LoadedBookings, withBookingPut } from './loaded-bookings.ts';

export type BookingsState = LoadedBookings<StoredBooking>;

export interface DayData {
  bookings: BookingsState;
  closures: ServiceClosure[];
  /** The public availability of the day; empty when it cannot be had (spec §8). */
  slots: AvailabilitySlot[];
  /** Each booking's deposit or card guarantee (issue 29); none when they cannot be had. */
  payments: PaymentsByBooking;
  /**
   * Reloads everything, or only what a change of one booking may change: the closures, the availability they
   * shape and the payments (a cancellation refunds a deposit), or only the payments.
   */
  reload(what?: 'all' | 'availability' | 'payments'): void;
  /** Shows a booking as changed, without asking the server. */
  putBooking(booking: StoredBooking): void;
}

/** A day's bookings, closures, availability and payments; answers for a date left behind are dropped. */
export function useDayData(date: string): DayData {
  const [bookings, setBookings] = useState<BookingsState>({ status: 'loading' });
  const [closures, setClosures] = useState<ServiceClosure[]>([]);
  const [slots, setSlots] = useState<AvailabilitySlot[]>([]);
  const { payments, reload: reloadPayments } = useDayPayments(date);
  const latestDate = useRef(date);
  latestDate.current = date;

  const loadClosuresAndSlots = useCallback(async (day: string) => {
    const [closureList, slotList] = await Promise.all([
      api.listClosures(day).catch((error: unknown) => {
        if (!signedOut(error)) console.error('Could not load closures', error);
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
    (what: 'all' | 'availability' | 'payments' = 'all') => {
      if (what === 'all') loadBookings(latestDate.current);
      if (what !== 'payments') loadClosuresAndSlots(latestDate.current);
      reloadPayments();
    },
    [loadBookings, loadClosuresAndSlots, reloadPayments],
  );

  const putBooking = useCallback((booking: StoredBooking) => setBookings(withBookingPut(booking)), []);

  return { bookings, closures, slots, payments, reload, putBooking };
}
