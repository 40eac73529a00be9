import { formatMoney } from '../money/money.ts';
import type { ChristmasBookingSource } from './status.ts';

/** How staff took a phone booking's deposit (issue 27); a booking paid online through the checkout has none. */
export const CHRISTMAS_DEPOSIT_METHODS = ['card-by-phone', 'cash', 'waived'] as const;
export type ChristmasDepositMethod = (typeof CHRISTMAS_DEPOSIT_METHODS)[number];

export const CHRISTMAS_DEPOSIT_METHOD_LABELS: Record<ChristmasDepositMethod, string> = {
  'card-by-phone': 'Card by phone',
  cash: 'Cash',
  waived: 'Waived',
};

export function isChristmasDepositMethod(value: string): value is ChristmasDepositMethod {
  return (CHRISTMAS_DEPOSIT_METHODS as readonly string[]).includes(value);
}

/** What a phone booking records as paid: the party's whole deposit, or nothing when staff waived it. */
export function phoneDepositPaidPence(method: ChristmasDepositMethod, depositPence: number): number {
  return method === 'waived' ? 0 : depositPence;
}

/** A booking's deposit as staff read it in the list, on the slip and in the trail. */
export function depositText(booking: {
  source: ChristmasBookingSource;
  depositMethod: ChristmasDepositMethod | null;
  depositPaidPence: number;
}): string {
  const paid = formatMoney(booking.depositPaidPence);
  switch (booking.depositMethod) {
    case 'card-by-phone':
      return `Deposit ${paid} by card on the phone`;
    case 'cash':
      return `Deposit ${paid} in cash`;
    case 'waived':
      return 'Deposit waived';
    default:
      // Online bookings, and phone bookings taken before staff recorded how the deposit was paid.
      return booking.source === 'online' ? `Deposit ${paid} paid online` : 'No deposit recorded';
  }
}
