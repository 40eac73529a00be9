import type { NoShowFee, PaymentDecision, StaffPayment } from '#shared/deposits/payment-schemas.ts';
import { call } from '#web/lib/api.ts';

/** The staff deposit calls (issue 29), through the one API client; import this module as `* as depositsApi`. */

/** Every payment of the date's bookings, for the day view's flags. */
export const dayPayments = (date: string) =>
  call<{ payments: StaffPayment[] }>('GET', `/api/admin/deposits/day?date=${encodeURIComponent(date)}`);

const paymentPath = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}/payment`;

/** The booking's payment; null when no rule applied to it. */
export const bookingPayment = (id: string) => call<{ payment: StaffPayment | null }>('GET', paymentPath(id));

/** 409 when it is not refundable; 502/503 when the provider failed (the refund stays pending). */
export const refundDeposit = (id: string, decision: PaymentDecision) =>
  call<{ payment: StaffPayment }>('POST', `${paymentPath(id)}/refund`, { body: decision });

export const keepDeposit = (id: string, decision: PaymentDecision) =>
  call<{ payment: StaffPayment }>('POST', `${paymentPath(id)}/keep`, { body: decision });

/** 409 when no fee can be charged; 422 in words when the card is declined. */
export const chargeNoShowFee = (id: string, fee: NoShowFee) =>
  call<{ payment: StaffPayment }>('POST', `${paymentPath(id)}/no-show-fee`, { body: fee });
