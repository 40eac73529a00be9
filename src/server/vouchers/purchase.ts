import { eq } from 'drizzle-orm';
import { vouchers } from '#db/schema.ts';
import { formatMoney } from '#shared/money/money.ts';
import { londonToday } from '#shared/time/london-time.ts';
import type { VoucherCheckout, VoucherCheckoutStatus, VoucherPurchase } from '#shared/vouchers/api.ts';
import { voucherCancelPath, voucherPath, voucherReturnPath } from '#shared/vouchers/links.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { checkVoucherPurchase, expiryDate } from '#shared/vouchers/rules.ts';
import { newPid } from '../deposits/checkout.ts';
import { conflict, DomainError, invalid, invalidFields, notFound } from '../lib/errors.ts';
import { isPaid } from '../occasions/fulfilment.ts';
import { DemoCheckoutError } from '../payments/demo-payments.ts';
import type { CheckoutSession, Payments } from '../payments/payments.ts';
import { newVoucherCode } from './codes.ts';
import type { VoucherDeps } from './deps.ts';
import { fulfilVoucherCheckout, voucherByPid } from './fulfilment.ts';
import type { VoucherRow } from './staff-voucher.ts';

/* Buying a voucher on the site: checked, stored PENDING, paid through the provider's checkout. */

/**
 * How long the payment page stays open: Stripe's shortest, 30 minutes, plus one so the request's own time can
 * never push it below Stripe's minimum (as for the other checkouts).
 */
const CHECKOUT_DURATION_MS = 31 * 60 * 1000;

/** A new code is drawn again in the (80-bit) unlikely case it is taken. */
const CODE_ATTEMPTS = 5;

function refusal(input: VoucherPurchase, deps: VoucherDeps): DomainError | null {
  if (!deps.settings.onSale) return conflict(VOUCHER_MESSAGES.notOnSale);
  if (!deps.payments) {
    deps.log.error('voucher checkout refused: online payments are not configured');
    return new DomainError('not-configured', VOUCHER_MESSAGES.notConfigured(deps.venue.phone));
  }
  const problem = checkVoucherPurchase(input, deps.settings, londonToday(deps.now));
  if (!problem) return null;
  return problem.field
    ? invalidFields(problem.message, [{ path: problem.field, message: problem.message }])
    : invalid(problem.message);
}

async function insertPending(deps: VoucherDeps, input: VoucherPurchase): Promise<VoucherRow> {
  const { now } = deps;
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const [row] = await deps.db
      .insert(vouchers)
      .values({
        code: newVoucherCode(),
        kind: 'sold',
        status: 'PENDING',
        amountPence: input.amountPence,
        // Nothing to spend until it is paid: the payment sets the balance.
        balancePence: 0,
        buyerName: input.buyerName.trim(),
        buyerEmail: input.buyerEmail.trim(),
        recipientName: input.recipientName.trim(),
        recipientEmail: input.recipientEmail.trim(),
        message: input.message.trim(),
        deliverTo: input.deliverTo,
        deliverOn: input.deliverOn,
        // As if issued today; the payment sets it again from the day it is paid.
        expiresOn: expiryDate(londonToday(now), deps.settings.expiryMonths),
        pid: newPid(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: vouchers.code })
      .returning();
    if (row) return row;
  }
  throw new Error('no free voucher code after several draws');
}

async function openCheckout(
  deps: VoucherDeps,
  payments: Payments,
  voucher: VoucherRow,
): Promise<CheckoutSession> {
  try {
    return await payments.createCheckoutSession({
      pid: voucher.pid,
      purpose: 'voucher',
      mode: 'payment',
      unitAmountPence: voucher.amountPence,
      quantity: 1,
      productName: `Gift voucher — ${deps.venue.name}`,
      productDescription: `${formatMoney(voucher.amountPence)} for ${voucher.recipientName}`,
      customerEmail: voucher.buyerEmail,
      expiresAt: new Date(deps.now.getTime() + CHECKOUT_DURATION_MS),
      successUrl: `${deps.publicUrl}${voucherReturnPath(voucher.pid)}`,
      cancelUrl: `${deps.publicUrl}${voucherCancelPath(voucher.pid)}`,
    });
  } catch (error) {
    // The voucher stays PENDING with no session: nothing can pay it, so it never becomes usable.
    deps.log.error({ err: error, pid: voucher.pid }, 'voucher Checkout Session could not be created');
    throw new DomainError('provider-failed', VOUCHER_MESSAGES.provider);
  }
}

/**
 * The guest's purchase: refused when vouchers are not on sale, payments are not set up, or the shared rule
 * finds a problem (named on its field); otherwise stored PENDING and its payment page opened, outside the
 * insert's transaction (the provider is not waited on holding a connection).
 */
export async function startVoucherPurchase(
  deps: VoucherDeps,
  input: VoucherPurchase,
): Promise<VoucherCheckout> {
  const refused = refusal(input, deps);
  if (refused) throw refused;
  const voucher = await insertPending(deps, input);
  const session = await openCheckout(deps, deps.payments as Payments, voucher);
  await deps.db
    .update(vouchers)
    .set({ stripeSessionId: session.id, updatedAt: deps.now })
    .where(eq(vouchers.id, voucher.id));
  if (!session.url) throw new DomainError('provider-failed', VOUCHER_MESSAGES.provider);
  const holdUntil = new Date(deps.now.getTime() + CHECKOUT_DURATION_MS).toISOString();
  return { pid: voucher.pid, payment: { checkoutUrl: session.url, pid: voucher.pid, holdUntil } };
}

async function checkoutVoucher(deps: VoucherDeps, pid: string): Promise<VoucherRow> {
  const voucher = await voucherByPid(deps, pid);
  if (!voucher) throw notFound(VOUCHER_MESSAGES.unknownCheckout);
  return voucher;
}

/** The provider's view of a PENDING voucher's session: ended first when the buyer cancelled. */
async function sessionOf(deps: VoucherDeps, voucher: VoucherRow, cancelled: boolean) {
  if (!deps.payments || !voucher.stripeSessionId) return null;
  try {
    return cancelled
      ? await deps.payments.expireCheckoutSession(voucher.stripeSessionId)
      : await deps.payments.retrieveCheckoutSession(voucher.stripeSessionId);
  } catch (error) {
    deps.log.warn(
      { err: error, pid: voucher.pid },
      'could not ask the payment provider about a voucher checkout',
    );
    return null;
  }
}

/**
 * Where a purchase stands, for the return page (`cancelled`: the buyer came back from the payment page's
 * cancel link, so its session is ended and can no longer be paid). A PENDING voucher whose session has been
 * paid is issued here (the webhook may be late or lost); one whose session ended unpaid answers 'cancelled'
 * and stays PENDING, never usable.
 */
export async function voucherCheckoutStatus(
  deps: VoucherDeps,
  pid: string,
  { cancelled }: { cancelled: boolean },
): Promise<VoucherCheckoutStatus> {
  let voucher = await checkoutVoucher(deps, pid);
  let ended = voucher.stripeSessionId === null;
  if (voucher.status === 'PENDING') {
    const session = await sessionOf(deps, voucher, cancelled);
    if (session && isPaid(session)) {
      await fulfilVoucherCheckout(deps, session);
      voucher = await checkoutVoucher(deps, pid);
    }
    ended ||= session?.status === 'expired';
  }
  const issued = voucher.status !== 'PENDING';
  return {
    state: issued ? 'issued' : ended ? 'cancelled' : 'waiting',
    amountPence: voucher.amountPence,
    recipientName: voucher.recipientName,
    deliverTo: voucher.deliverTo,
    deliverOn: voucher.deliverOn,
    voucherUrl: issued ? voucherPath(voucher.code) : null,
  };
}

/** The demo page's Pay: the demo session completes as paid, then the same fulfilment as a webhook's. */
export async function payDemoVoucherCheckout(deps: VoucherDeps, pid: string): Promise<string> {
  const voucher = await voucherByPid(deps, pid);
  if (!voucher?.stripeSessionId || deps.payments?.kind !== 'demo') {
    throw notFound(VOUCHER_MESSAGES.unknownCheckout);
  }
  let session: CheckoutSession;
  try {
    session = deps.payments.pay(voucher.stripeSessionId);
  } catch (error) {
    if (error instanceof DemoCheckoutError) throw conflict(VOUCHER_MESSAGES.checkoutOver);
    throw error;
  }
  await fulfilVoucherCheckout(deps, session);
  return `${deps.publicUrl}${voucherReturnPath(pid)}`;
}
