import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoPayments, DemoCheckoutError } from './demo-payments.ts';
import { checkoutRequest, GUEST, NOW, newPid } from './payments-test-kit.ts';

describe('the demo provider', () => {
  const publicUrl = 'https://pub.test';
  let now = NOW;
  const demo = () => createDemoPayments(publicUrl, () => now);
  beforeEach(() => {
    now = NOW;
  });

  it('saves a demo card on its own deposits page, for the customer it was given', async () => {
    const payments = demo();
    const pid = newPid();
    const customer = await payments.createCustomer({ pid, ...GUEST });
    expect(customer.id).toMatch(/^demo_cus_/);
    expect(await payments.createCustomer({ pid, ...GUEST })).toEqual(customer);

    const session = await payments.createCheckoutSession(
      checkoutRequest({ pid, mode: 'setup', customerId: customer.id }),
    );
    expect(session).toMatchObject({
      url: `${publicUrl}/bookings/demo-checkout?pid=${pid}`,
      mode: 'setup',
      purpose: 'deposit',
      amountTotal: null,
      customerId: customer.id,
    });

    const paid = payments.pay(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      paymentStatus: 'no_payment_required',
      setupIntentId: expect.stringMatching(/^demo_seti_/),
      customerId: customer.id,
      paymentIntentId: null,
    });
    expect(await payments.retrieveSetupIntent(paid.setupIntentId as string)).toEqual({
      setupIntentId: paid.setupIntentId,
      status: 'succeeded',
      paymentMethodId: expect.stringMatching(/^demo_pm_/),
      customerId: customer.id,
    });
    expect(() => payments.pay(session.id)).toThrow(DemoCheckoutError);
    await expect(payments.retrieveSetupIntent('demo_seti_unknown')).rejects.toThrow(DemoCheckoutError);
  });

  it('takes a payment on the Christmas page for Christmas and the deposits page for a deposit', async () => {
    const payments = demo();
    const christmas = await payments.createCheckoutSession(checkoutRequest({ purpose: 'christmas' }));
    expect(christmas.url).toBe(`${publicUrl}/christmas/demo-checkout?pid=${christmas.pid}`);
    expect(payments.pay(christmas.id)).toMatchObject({
      mode: 'payment',
      purpose: 'christmas',
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: 4000,
      paymentIntentId: expect.stringMatching(/^demo_pi_/),
      setupIntentId: null,
    });

    const deposit = await payments.createCheckoutSession(checkoutRequest());
    expect(deposit.url).toBe(`${publicUrl}/bookings/demo-checkout?pid=${deposit.pid}`);
    now = new Date(NOW.getTime() + 32 * 60_000);
    expect(() => payments.pay(deposit.id)).toThrow(DemoCheckoutError);
    expect((await payments.retrieveCheckoutSession(deposit.id)).status).toBe('expired');
  });

  it('charges a saved card once per key', async () => {
    const payments = demo();
    const request = {
      customerId: 'demo_cus_1',
      paymentMethodId: 'demo_pm_1',
      amountPence: 2500,
      description: 'No-show fee',
      pid: newPid(),
    };
    const first = await payments.chargeOffSession(request, 'fee-1');
    expect(first).toEqual({ kind: 'succeeded', paymentIntentId: expect.stringMatching(/^demo_pi_/) });
    expect(await payments.chargeOffSession(request, 'fee-1')).toEqual(first);
    expect(await payments.chargeOffSession(request, 'fee-2')).not.toEqual(first);
  });
});
