import { useCallback, useEffect, useRef, useState } from 'react';
import { signedOut } from '#web/lib/api.ts';
/** A booking's deposit or card guarantee in a word, for its flag: "Deposit £40.00 paid", and whether it waits. */
export interface PaymentFlag {
  label: string;
  waits: boolean;
}

export type PaymentsByBooking = ReadonlyMap<string, PaymentFlag>;

const NONE: PaymentsByBooking = new Map();

/**
 * The payments of a day's bookings by booking id, for the day view's flags. A failed fetch leaves the day
 * without flags (and is logged, unless staff signed out meanwhile): the bookings matter more than their labels.
 */
export function useDayPayments(date: string): { payments: PaymentsByBooking; reload: () => void } {
  const [payments, setPayments] = useState<PaymentsByBooking>(NONE);
  const latestDate = useRef(date);
  latestDate.current = date;

  const load = useCallback(async (day: string) => {
    try {
      // Its own file: the day view's JavaScript is near its budget, and the flags follow the bookings anyway.
      const { dayPaymentFlags } = await import('./day-payment-flags.ts');
      const found = await dayPaymentFlags(day);
      if (latestDate.current === day) setPayments(found);
    } catch (error) {
      if (!signedOut(error)) console.error('Could not load the day’s payments', error);
      if (latestDate.current === day) setPayments(NONE);
    }
  }, []);

  useEffect(() => {
    setPayments(NONE);
    void load(date);
  }, [date, load]);

  const reload = useCallback(() => void load(latestDate.current), [load]);
  return { payments, reload };
}
