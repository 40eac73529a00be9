import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OccasionDemoCheckout } from '#shared/occasions/api.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from './fake-api.ts';

const PID = 'pid_abcdefghijklmnopqrstuvwxyz012345';
const HELD: OccasionDemoCheckout = {
  status: 'HELD',
  occasionName: 'Christmas party nights',
  ticketed: false,
  date: '2026-12-11',
  sittingLabel: 'Dinner',
  adults: 12,
  children: 0,
  amountPence: 12_000,
  refundableUntil: '2026-11-27T23:59:59.999Z',
  email: 'mary@example.com',
  cancelUrl: `http://localhost/occasions/checkout?pid=${PID}&cancelled=1`,
};

function serve(checkout: OccasionDemoCheckout | null) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const sent = fakeApi(({ method, url }) => {
    if (method === 'GET' && url === `/api/occasions/checkouts/${PID}/demo`) {
      return checkout ? Response.json(checkout) : Response.json({ error: 'Not found' }, { status: 404 });
    }
    if (method === 'POST' && url === `/api/occasions/checkouts/${PID}/demo-pay`) {
      return Response.json({ url: `http://localhost/occasions/checkout?pid=${PID}` });
    }
    return undefined;
  });
  return { sent, assign };
}

afterEach(() => vi.unstubAllGlobals());

describe('/occasions/demo-checkout', () => {
  it('shows what is paid for, pays, and goes to the return page', async () => {
    const user = userEvent.setup();
    const { assign } = serve(HELD);
    renderRoute(`/occasions/demo-checkout?pid=${PID}`);
    expect(await screen.findByRole('heading', { name: 'Christmas party nights' })).toBeInTheDocument();
    expect(screen.getByText('Friday 11 December 2026, Dinner · 12 adults')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/occasions/checkout?pid=${PID}&cancelled=1`,
    );
    expect(screen.getByText('£120.00')).toBeInTheDocument();
    expect(
      screen.getByText('Cancel by 11:59pm on Friday 27 November 2026 for a full refund.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay £120.00' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`http://localhost/occasions/checkout?pid=${PID}`),
    );
  });

  it('says before paying that a date within its refund cut-off is not refundable', async () => {
    serve({ ...HELD, refundableUntil: null });
    renderRoute(`/occasions/demo-checkout?pid=${PID}`);
    expect(
      await screen.findByText(
        'Please note: this date is already within our refund cut-off, so your payment is not refundable if you cancel.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Cancel by/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay £120.00' })).toBeInTheDocument();
  });

  it('speaks of tickets for a ticketed event', async () => {
    serve({ ...HELD, occasionName: 'Winter supper club', ticketed: true, adults: 2, sittingLabel: 'Supper' });
    renderRoute(`/occasions/demo-checkout?pid=${PID}`);
    expect(await screen.findByText('Friday 11 December 2026, Supper · 2 tickets')).toBeInTheDocument();
  });

  it('says an ended checkout cannot be paid', async () => {
    serve({ ...HELD, status: 'EXPIRED' });
    renderRoute(`/occasions/demo-checkout?pid=${PID}`);
    expect(await screen.findByRole('heading', { name: 'This checkout has ended' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('says a checkout it cannot find is not found', async () => {
    serve(null);
    renderRoute(`/occasions/demo-checkout?pid=${PID}`);
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
  });
});
