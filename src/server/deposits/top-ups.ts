import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import type { PaymentOutcome, PaymentStart } from '#shared/deposits/payment-schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { GUEST, SYSTEM } from '../audit/trail.ts';
import { bookingContentOf } from '../booking/availability.ts';
import { changeProblem, makeGuestChange } from '../booking/guest-manage.ts';
import { DomainError } from '../lib/errors.ts';
import { lockSeating } from '../tables/seating.ts';
import type { PendingTopUp } from './change-money.ts';
import { askStripe, ONLINE_HOLD_MS, paymentReturnUrl, requirePayments } from './checkout.ts';
import type { DepositDeps } from './deps.ts';
import {
  type ArrivalOutcome,
  type BookingRow,
  bookingOfPayment,
  type PaymentArrival,
  type PaymentRow,
} from './rows.ts';
import { guardedMoneyStep } from './steps.ts';

export async function paymentByTopUpPid(
  db: Database,
  pid: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db.select().from(bookingPayments).where(eq(bookingPayments.topUpPid, pid));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The checkout that takes the difference. Stripe not answering leaves the booking as it was (502). */
export async function openTopUpCheckout(
  deps: DepositDeps,
  payment: PaymentRow,
  booking: BookingRow,
): Promise<PaymentStart> {
  const payments = requirePayments(deps);
  const pid = payment.topUpPid as string;
  const { change, terms } = payment.topUpChange as PendingTopUp;
  const expiresAt = new Date(deps.now.getTime() + ONLINE_HOLD_MS);
  const guests = partySize(change.partyAdults, change.partyChildren);
  const session = await askStripe(deps, pid, () =>
    payments.createCheckoutSession({
      pid,
      purpose: 'deposit',
      mode: 'payment',
      unitAmountPence: payment.topUpPence ?? 0,
      quantity: 1,
      productName: `Deposit for your changed booking — ${deps.content.venue.name}`,
      productDescription: `${formatLongDate(change.date)}, ${formatTime(change.timeSlot)}, ${plural(guests, 'guest', 'guests')}: the difference`,
      customerEmail: booking.email,
      expiresAt,
      successUrl: paymentReturnUrl(deps.publicUrl, pid),
      cancelUrl: paymentReturnUrl(deps.publicUrl, pid, true),
    }),
  );
  await deps.db
    .update(bookingPayments)
    .set({ topUpSessionId: session.id, updatedAt: deps.now })
    .where(eq(bookingPayments.id, payment.id));
  return { checkoutUrl: session.url ?? '', pid, terms, holdUntil: expiresAt.toISOString() };
}

/** The difference arrived after the change's places went: it is owed back (the runner refunds it). */
async function declineTopUp(
  deps: DepositDeps,
  pid: string,
  arrival: Extract<PaymentArrival, { kind: 'paid' }>,
) {
  await deps.db.transaction(async (tx) => {
    const payment = await paymentByTopUpPid(tx, pid, true);
    if (!payment) return;
    await guardedMoneyStep(
      tx,
      payment,
      await bookingOfPayment(tx, payment),
      { topUpState: 'refund-owed', topUpIntentId: arrival.paymentIntentId },
      {
        actor: SYSTEM,
        type: 'deposit.refund-owed',
        summary: `the change's deposit difference of ${formatMoney(arrival.amountPence)} arrived after its places had gone: refunded, the booking unchanged`,
        now: deps.now,
      },
      eq(bookingPayments.topUpState, 'awaiting'),
    );
  });
}

/**
 * The difference paid: under the seating lock the change is made, if it still fits, exactly as a guest's change
 * is (its confirmation, the pub told), and the deposit grows to its new terms; once however often it is called.
 * If the places went meanwhile, the difference is refunded and the booking stays as it was.
 */
export async function applyTopUp(
  deps: DepositDeps,
  found: PaymentRow,
  arrival: PaymentArrival,
): Promise<ArrivalOutcome> {
  if (arrival.kind !== 'paid') return 'ignored';
  const pid = arrival.pid;
  const { change } = found.topUpChange as PendingTopUp;
  const unlocked = await bookingOfPayment(deps.db, found);
  const manage = {
    now: deps.now,
    content: deps.content,
    publicUrl: deps.publicUrl,
    pubNotifyEmail: deps.pubNotifyEmail,
  };
  let outcome: ArrivalOutcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<ArrivalOutcome> => {
      await lockSeating(tx, [unlocked, change], bookingContentOf(deps.content));
      const payment = await paymentByTopUpPid(tx, pid, true);
      if (payment?.topUpState !== 'awaiting') return 'already-confirmed';
      const current = await bookingOfPayment(tx, payment, true);
      if (current.status === 'CANCELLED' || (await changeProblem(tx, current, change, manage))) {
        throw new DomainError('unavailable', 'the change no longer fits');
      }
      await makeGuestChange(tx, current, change, manage);
      const { terms } = payment.topUpChange as PendingTopUp;
      await guardedMoneyStep(
        tx,
        payment,
        current,
        {
          topUpState: 'paid',
          topUpIntentId: arrival.paymentIntentId,
          paidPence: payment.paidPence + arrival.amountPence,
          terms,
        },
        {
          actor: GUEST,
          type: 'deposit.paid',
          summary: `deposit difference of ${formatMoney(arrival.amountPence)} paid online for the change to ${plural(terms.guests, 'guest', 'guests')} (deposit now ${formatMoney(payment.paidPence + arrival.amountPence)})`,
          now: deps.now,
        },
      );
      return 'confirmed';
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await declineTopUp(deps, pid, arrival);
    outcome = 'declined';
  }
  deps.mail.nudge();
  return outcome;
}

/** Where a change's difference stands, for the return page (`left`: the guest came back from the checkout). */
export function topUpOutcome(payment: PaymentRow, booking: BookingRow, left = false): PaymentOutcome {
  const { change, terms } = payment.topUpChange as PendingTopUp;
  const status =
    payment.topUpState === 'paid'
      ? 'confirmed'
      : payment.topUpState === 'awaiting' && !left
        ? 'awaiting'
        : 'lapsed';
  return {
    status,
    reference: booking.reference,
    email: booking.email,
    terms,
    amountDuePence: payment.topUpPence ?? 0,
    date: change.date,
    timeSlot: change.timeSlot,
    partySize: partySize(change.partyAdults, change.partyChildren),
  };
}
