import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { PaymentOutcome } from '#shared/deposits/payment-schemas.ts';
import type { DepositKind } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { depositTermsFixture, paymentOutcomeFixture } from '../features/deposits/payment-fixtures.ts';
import { fakeApi } from './fake-api.ts';

const PID = 'pid_demo';

/** The demo provider: the payment awaits until Pay, then it is confirmed. */
function stubServer(kind: DepositKind) {
  let status: PaymentOutcome['status'] = 'awaiting';
  return fakeApi(({ method, url }) => {
    if (!url.startsWith(`/api/bookings/payments/${PID}`)) return undefined;
    if (method === 'POST' && url.endsWith('/demo-pay')) status = 'confirmed';
    return Response.json(paymentOutcomeFixture(kind, status, { reference: 'RC-DEM234' }));
  });
}

describe('the demo checkout of a deposit or card guarantee', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the booking, its terms and what is taken, and pays on to the return page', async () => {
    const user = userEvent.setup();
    const sent = stubServer('deposit');
    const { location } = renderRoute(`/bookings/demo-checkout?pid=${PID}`);
    const pay = await screen.findByRole('button', { name: 'Pay £40.00' });
    expect(screen.getByText(DEPOSIT_MESSAGES.demoNotice)).toBeInTheDocument();
    expect(screen.getByText(`${formatLongDate('2026-12-08')}, 7pm · 4 guests`)).toBeInTheDocument();
    for (const sentence of termsText(depositTermsFixture('deposit'))) {
      expect(screen.getByText(sentence)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/bookings/payment?pid=${PID}&left`,
    );

    await user.click(pay);
    await waitFor(() => expect(location().pathname).toBe('/bookings/payment'));
    expect(location().search).toBe(`?pid=${PID}`);
    expect(await screen.findByText('Your reference is RC-DEM234.')).toBeInTheDocument();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(
      expect.arrayContaining([
        `POST /api/bookings/payments/${PID}/demo-pay`,
        `POST /api/bookings/payments/${PID}/finalize`,
      ]),
    );
  });

  it('saves the card of a guarantee, taking nothing', async () => {
    stubServer('guarantee');
    renderRoute(`/bookings/demo-checkout?pid=${PID}`);
    expect(await screen.findByRole('button', { name: 'Save card (nothing taken)' })).toBeEnabled();
    expect(screen.getByText('Card guarantee (no-show fee up to £40.00)')).toBeInTheDocument();
    expect(screen.getByText('Nothing')).toBeInTheDocument();
  });
});
