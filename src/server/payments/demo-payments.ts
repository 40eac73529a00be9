import { randomBytes } from 'node:crypto';
import { OCCASION_DEMO_CHECKOUT_PATH } from '#shared/occasions/links.ts';
import { VOUCHER_DEMO_CHECKOUT_PATH } from '#shared/vouchers/links.ts';
import type {
  CheckoutSession,
  DemoPayments,
  OffSessionCharge,
  PaymentPurpose,
  SavedCard,
} from './payments.ts';

export class DemoCheckoutError extends Error {}

interface DemoSession extends CheckoutSession {
  expiresAt: Date;
}

/** Each purpose's own demo checkout page, which says plainly that no money is taken. */
const DEMO_CHECKOUT_PATHS: Record<PaymentPurpose, string> = {
  christmas: '/christmas/demo-checkout',
  deposit: '/bookings/demo-checkout',
  occasion: OCCASION_DEMO_CHECKOUT_PATH,
  voucher: VOUCHER_DEMO_CHECKOUT_PATH,
};

const demoId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The offline stand-in for Stripe (development and tests without keys): its checkout pages are our own, and
 * sessions, customers, saved cards and charges live in memory.
 */
export function createDemoPayments(publicUrl: string, clock: () => Date): DemoPayments {
  const sessions = new Map<string, DemoSession>();
  const customersByPid = new Map<string, string>();
  const savedCards = new Map<string, SavedCard>();
  const charges = new Map<string, OffSessionCharge>();

  function current(id: string): DemoSession {
    const session = sessions.get(id);
    if (!session) throw new DemoCheckoutError('This demo checkout no longer exists.');
    if (session.status === 'open' && clock() >= session.expiresAt) session.status = 'expired';
    return session;
  }
  const view = ({ expiresAt: _expiresAt, ...session }: DemoSession): CheckoutSession => ({ ...session });

  return {
    kind: 'demo',
    async createCheckoutSession(request) {
      const session: DemoSession = {
        id: demoId('demo_cs'),
        url: `${publicUrl}${DEMO_CHECKOUT_PATHS[request.purpose]}?pid=${encodeURIComponent(request.pid)}`,
        status: 'open',
        paymentStatus: 'unpaid',
        mode: request.mode,
        purpose: request.purpose,
        pid: request.pid,
        paymentIntentId: null,
        setupIntentId: null,
        customerId: request.customerId ?? null,
        amountTotal: request.mode === 'setup' ? null : request.unitAmountPence * request.quantity,
        expiresAt: request.expiresAt,
      };
      sessions.set(session.id, session);
      return view(session);
    },
    async retrieveCheckoutSession(id) {
      return view(current(id));
    },
    async expireCheckoutSession(id) {
      const session = current(id);
      if (session.status === 'open') session.status = 'expired';
      return view(session);
    },
    async refund() {
      return { id: demoId('demo_re') };
    },
    async createCustomer({ pid }) {
      const id = customersByPid.get(pid) ?? demoId('demo_cus');
      customersByPid.set(pid, id);
      return { id };
    },
    async deleteCustomer(id) {
      for (const [pid, customerId] of customersByPid) if (customerId === id) customersByPid.delete(pid);
    },
    async retrieveSetupIntent(id) {
      const card = savedCards.get(id);
      if (!card) throw new DemoCheckoutError('This demo card no longer exists.');
      return { ...card };
    },
    async chargeOffSession(_request, idempotencyKey) {
      const charge = charges.get(idempotencyKey) ?? { kind: 'succeeded', paymentIntentId: demoId('demo_pi') };
      charges.set(idempotencyKey, charge);
      return charge;
    },
    pay(sessionId) {
      const session = current(sessionId);
      if (session.status !== 'open')
        throw new DemoCheckoutError('This checkout has expired or was cancelled.');
      session.status = 'complete';
      if (session.mode === 'setup') {
        session.paymentStatus = 'no_payment_required';
        session.customerId ??= demoId('demo_cus');
        session.setupIntentId = demoId('demo_seti');
        savedCards.set(session.setupIntentId, {
          setupIntentId: session.setupIntentId,
          status: 'succeeded',
          paymentMethodId: demoId('demo_pm'),
          customerId: session.customerId,
        });
      } else {
        session.paymentStatus = 'paid';
        session.paymentIntentId = demoId('demo_pi');
      }
      return view(session);
    },
  };
}
