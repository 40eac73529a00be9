import { useMemo } from 'react';
import { type DepositTerms, depositTermsForBooking } from '#shared/deposits/rules.ts';
import { useContent } from '../content/use-content.ts';

/** The booking the form would send, as far as a deposit rule looks at it. */
export interface DepositQuestion {
  date: string;
  timeSlot: string;
  /** The party, while it is one the guest may book online. */
  guests: number | undefined;
  /** The event that takes bookings the table is for; null for a table booking. */
  eventSlug: string | null;
}

/**
 * The terms the booking would be made on, computed as the server does from the published rules (checked by the
 * server when staff saved them), so the guest reads them before sending anything; null while no rule matches or
 * the rules have not arrived: the server still decides, and its checkout shows the amount.
 */
export function useDepositTerms({ date, timeSlot, guests, eventSlug }: DepositQuestion): DepositTerms | null {
  const rules = useContent('deposit-rules');
  return useMemo(() => {
    if (!rules || !date || !timeSlot || guests === undefined) return null;
    return depositTermsForBooking(rules, {
      date,
      timeSlot,
      partyAdults: guests,
      partyChildren: 0,
      eventSlug,
    });
  }, [rules, date, timeSlot, guests, eventSlug]);
}
