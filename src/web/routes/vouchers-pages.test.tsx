import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicVoucher, VoucherCheckoutStatus } from '#shared/vouchers/api.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { fakeApi } from './fake-api.ts';

const PID = 'vpid_abcdefghijklmnopqrstuvwxyz';
const CODE = '7K3M9QXDA2B4C6E8';
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

const ISSUED: VoucherCheckoutStatus = {
  state: 'issued',
  amountPence: 5000,
  recipientName: 'Anna',
  deliverTo: 'recipient',
  deliverOn: '2099-12-20',
  voucherUrl: `http://127.0.0.1:4931/vouchers/v/${CODE}`,
};

const VOUCHER: PublicVoucher = {
  code: CODE,
  amountPence: 5000,
  balancePence: 2000,
  recipientName: 'Anna',
  buyerName: 'Tom Baker',
  message: 'Happy Christmas!',
  expiresOn: '2027-12-19',
  status: 'ACTIVE',
  expired: false,
  qrSvg: QR_SVG,
};

/** The checkout answers each poll with the next of `states`, the last one for ever after. */
function serveCheckout(states: (VoucherCheckoutStatus | number)[]) {
  let polls = 0;
  return fakeApi(({ method, url }) => {
    if (method === 'GET' && url.split('?')[0] === `/api/vouchers/checkout/${PID}`) {
      const state = states[Math.min(polls, states.length - 1)];
      polls++;
      return typeof state === 'number'
        ? Response.json({ error: 'We could not find that payment.' }, { status: state })
        : Response.json(state);
    }
    return undefined;
  });
}

function serveVoucher(answer: PublicVoucher | number) {
  return fakeApi(({ method, url }) => {
    if (method !== 'GET' || url !== `/api/vouchers/${CODE}`) return undefined;
    return typeof answer === 'number'
      ? Response.json({ error: 'Not found' }, { status: answer })
      : Response.json(answer);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/vouchers/bought', () => {
  it('follows the payment until the voucher is issued, thanks the buyer and links the voucher', async () => {
    sessionStorage.setItem(`deposit-return:${PID}`, `/vouchers/bought?pid=${PID}`);
    const sent = serveCheckout([{ ...ISSUED, state: 'waiting', voucherUrl: null }, ISSUED]);
    renderRoute(`/vouchers/bought?pid=${PID}`);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    const thanks = await screen.findByRole('status', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(thanks).toHaveTextContent(
        'Thank you: your £50 voucher for Anna is paid. We’ll e-mail it to Anna on Sunday 20 December 2099',
      ),
    );
    expect(within(thanks).getByRole('link', { name: 'See and print the voucher' })).toHaveAttribute(
      'href',
      `/vouchers/v/${CODE}`,
    );
    expect(sent.filter((request) => request.url.includes(PID))).toHaveLength(2);
    // Forgotten by an effect once the thanks are drawn, so possibly a moment after them.
    await waitFor(() => expect(sessionStorage.getItem(`deposit-return:${PID}`)).toBeNull());
  });

  it('says a voucher given by the buyer is in their e-mail', async () => {
    serveCheckout([{ ...ISSUED, deliverTo: 'buyer' }]);
    renderRoute(`/vouchers/bought?pid=${PID}`);
    expect(await screen.findByText(/We’ve e-mailed it to you, with your receipt./)).toBeInTheDocument();
  });

  it('says a cancelled payment took nothing', async () => {
    serveCheckout([{ ...ISSUED, state: 'cancelled', voucherUrl: null }]);
    renderRoute(`/vouchers/bought?pid=${PID}`);
    expect(await screen.findByText('Payment cancelled: nothing was taken.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a voucher again' })).toHaveAttribute('href', '/vouchers');
  });

  it('closes the payment page when the buyer came back by its cancel link, and says nothing was taken', async () => {
    const sent = serveCheckout([{ ...ISSUED, state: 'cancelled', voucherUrl: null }]);
    renderRoute(`/vouchers/bought?pid=${PID}&cancelled=1`);
    expect(await screen.findByText('Payment cancelled: nothing was taken.')).toBeInTheDocument();
    expect(sent.map((request) => request.url)).toContain(`/api/vouchers/checkout/${PID}?cancelled=1`);
  });

  it('thanks a buyer whose payment went through before they pressed cancel', async () => {
    serveCheckout([ISSUED]);
    renderRoute(`/vouchers/bought?pid=${PID}&cancelled=1`);
    expect(await screen.findByText(/Thank you: your £50 voucher for Anna is paid./)).toBeInTheDocument();
  });

  it('says a link that names no payment finds none', async () => {
    serveCheckout([404]);
    renderRoute(`/vouchers/bought?pid=${PID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find your payment');
  });
});

describe('/vouchers/demo-checkout', () => {
  it('pays the demo checkout and goes back to the return page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const sent = fakeApi(({ method, url }) => {
      if (method === 'GET' && url === `/api/vouchers/checkout/${PID}`) {
        return Response.json({ ...ISSUED, state: 'waiting', voucherUrl: null });
      }
      if (method === 'POST' && url === `/api/vouchers/checkout/${PID}/demo-pay`) {
        return Response.json({ url: `http://127.0.0.1:4931/vouchers/bought?pid=${PID}` });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderRoute(`/vouchers/demo-checkout?pid=${PID}`);
    expect(await screen.findByRole('heading', { name: 'Gift voucher' })).toBeInTheDocument();
    expect(screen.getByText('£50.00')).toBeInTheDocument();
    expect(
      screen.getByText('£50 voucher for Anna, e-mailed to Anna on Sunday 20 December 2099.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/vouchers/bought?pid=${PID}&cancelled=1`,
    );
    await user.click(screen.getByRole('button', { name: 'Pay £50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/vouchers/bought?pid=${PID}`));
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('/vouchers/v/:code', () => {
  it('shows the voucher: amount, whom for, message, code in groups, QR as an image, balance and expiry', async () => {
    serveVoucher(VOUCHER);
    renderRoute(`/vouchers/v/${CODE}`);
    const voucher = await screen.findByRole('article', { name: 'Gift voucher' });
    expect(within(voucher).getByText('£50')).toBeInTheDocument();
    expect(voucher).toHaveTextContent('for Anna');
    expect(voucher).toHaveTextContent('Happy Christmas!');
    expect(voucher).toHaveTextContent('From Tom Baker');
    expect(voucher).toHaveTextContent('7K3M-9QXD-A2B4-C6E8');
    expect(voucher).toHaveTextContent('Balance left£20.00');
    expect(voucher).toHaveTextContent('Valid untilSunday 19 December 2027');
    for (const term of seedContent.vouchers.terms) expect(voucher).toHaveTextContent(term);
    const qr = within(voucher).getByRole('img', { name: 'QR code for staff to scan at the bar' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;utf8,${encodeURIComponent(QR_SVG)}`);
    // The server's SVG is an image's source, never markup in the page.
    expect(document.querySelector('script')).toBeNull();
    expect(voucher.querySelector('rect')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Your gift voucher · /));
  });

  it('prints with the Print button', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serveVoucher(VOUCHER);
    const user = userEvent.setup();
    renderRoute(`/vouchers/v/${CODE}`);
    await user.click(await screen.findByRole('button', { name: 'Print the voucher' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says an expired voucher expired, and a void one is cancelled', async () => {
    serveVoucher({ ...VOUCHER, expired: true, expiresOn: '2026-01-31' });
    const view = renderRoute(`/vouchers/v/${CODE}`);
    expect(await screen.findByText('This voucher expired on Saturday 31 January 2026.')).toBeInTheDocument();
    view.unmount();
    serveVoucher({ ...VOUCHER, status: 'VOID' });
    renderRoute(`/vouchers/v/${CODE}`);
    expect(
      await screen.findByText('This voucher has been cancelled and cannot be used.'),
    ).toBeInTheDocument();
  });

  it('says a code that opens no voucher finds none', async () => {
    serveVoucher(404);
    renderRoute(`/vouchers/v/${CODE}`);
    expect(
      await screen.findByText('We can’t find a voucher with that code. Please check it and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Voucher not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Voucher not found · /));
  });
});
