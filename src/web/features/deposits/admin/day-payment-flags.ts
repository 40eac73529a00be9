import { paymentLabel } from '#shared/deposits/payment.ts';
import type { StaffPayment } from '#shared/deposits/payment-schemas.ts';
import { dayPayments } from './api.ts';
import type { PaymentFlag } from './use-day-payments.ts';

/** Money that waits on someone: the guest's payment, a refund the provider has not made, a declined fee. */
function paymentWaits(payment: StaffPayment): boolean {
  return payment.state === 'awaiting' || payment.refund?.state === 'owed' || payment.fee?.state === 'failed';
}

/** The day's payments as the day view flags them, by booking: loaded after the bookings, in a file of its own. */
export async function dayPaymentFlags(date: string): Promise<Map<string, PaymentFlag>> {
  const { payments } = await dayPayments(date);
  return new Map(
    payments.map((payment) => [
      payment.bookingId,
      { label: paymentLabel(payment), waits: paymentWaits(payment) },
    ]),
  );
}
