import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDataKey } from '#shared/content/page-data.ts';
import type { VoucherSettings } from '#shared/vouchers/settings.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent, seedPageData } from '#tests/helpers/seed-content.ts';
import { PageDataProvider } from '../lib/page-data.tsx';
import { AppRoutes } from '../router.tsx';
import { fakeApi } from './fake-api.ts';

const PID = 'vpid_abcdefghijklmnopqrstuvwxyz';
const CHECKOUT_URL = 'http://127.0.0.1:4931/vouchers/demo-checkout?pid=vpid_abcdefghijklmnopqrstuvwxyz';

/** /vouchers served with `vouchers` as the pub's settings. */
function renderVouchersWith(vouchers: VoucherSettings) {
  const pageData = seedPageData();
  pageData.set(pageDataKey.content('vouchers'), vouchers);
  return render(
    <PageDataProvider value={pageData}>
      <MemoryRouter initialEntries={['/vouchers']}>
        <AppRoutes />
      </MemoryRouter>
    </PageDataProvider>,
  );
}

function stubCheckout(
  answer: () => Response = () => Response.json({ pid: PID, payment: PAYMENT }, { status: 201 }),
) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const sent = fakeApi(({ method, url }) =>
    method === 'POST' && url === '/api/vouchers/checkout' ? answer() : undefined,
  );
  return { sent, assign };
}

const PAYMENT = { checkoutUrl: CHECKOUT_URL, pid: PID, holdUntil: '2026-12-01T11:00:00.000Z' };

const form = () => screen.getByRole('form', { name: 'Buy a gift voucher' });

async function fillForAnna(user: ReturnType<typeof userEvent.setup>) {
  const within_ = within(form());
  await user.type(within_.getByLabelText(/^Their name/), 'Anna');
  await user.type(within_.getByLabelText(/^Their e-mail/), 'anna@example.com');
  const date = within_.getByLabelText(/^Send it on/);
  await user.clear(date);
  await user.type(date, '2026-12-20');
  await user.type(within_.getByLabelText(/^Your name/), 'Tom Baker');
  await user.type(within_.getByLabelText(/^Your e-mail/), 'tom@example.com');
  await user.type(within_.getByLabelText(/^Your message/), 'Happy Christmas!');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/vouchers', () => {
  it('offers the pub’s amounts as choices, with another amount, and shows the terms before the pay button', async () => {
    stubCheckout();
    renderRoute('/vouchers');
    expect(
      await screen.findByRole('heading', { level: 1, name: seedContent.vouchers.headline }),
    ).toBeInTheDocument();
    const amounts = screen.getByRole('group', { name: /Choose an amount/ });
    const choices = within(amounts).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      '£25',
      '£50',
      '£100',
      'Another amount',
    ]);
    expect(within(amounts).getByRole('radio', { name: '£50' })).toBeChecked();
    const terms = screen.getByRole('region', { name: 'The terms' });
    expect(terms).toHaveTextContent('Valid for a year from the day it is bought.');
    for (const term of seedContent.vouchers.terms) expect(terms).toHaveTextContent(term);
    const pay = screen.getByRole('button', { name: 'Pay £50' });
    expect(terms.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts the rule’s problem under its field and sends nothing', async () => {
    const { sent } = stubCheckout();
    const user = userEvent.setup();
    renderRoute('/vouchers');
    await user.click(await screen.findByRole('button', { name: 'Pay £50' }));
    const buyerName = within(form()).getByLabelText(/^Your name/);
    await waitFor(() => expect(buyerName).toHaveAccessibleDescription('Please enter your name.'));
    expect(buyerName).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(buyerName).toHaveFocus());
    await user.type(buyerName, 'Tom');
    await user.type(within(form()).getByLabelText(/^Your e-mail/), 'tom@example.com');
    await user.click(screen.getByRole('button', { name: 'Pay £50' }));
    await waitFor(() =>
      expect(within(form()).getByLabelText(/^Their name/)).toHaveAccessibleDescription(
        'Please enter the name of the person it is for.',
      ),
    );
    await user.type(within(form()).getByLabelText(/^Their name/), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Pay £50' }));
    await waitFor(() =>
      expect(within(form()).getByLabelText(/^Their e-mail/)).toHaveAccessibleDescription(
        'Please enter a valid e-mail for the person it is for.',
      ),
    );
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('keeps another amount within the pub’s limits', async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderRoute('/vouchers');
    await user.click(await screen.findByRole('radio', { name: 'Another amount' }));
    const pounds = within(form()).getByLabelText(/^Amount in pounds/);
    expect(pounds).toHaveAccessibleDescription('From £10 to £250.');
    await user.type(pounds, '5');
    await user.click(screen.getByRole('button', { name: 'Pay £5' }));
    await waitFor(() =>
      expect(pounds).toHaveAccessibleDescription(/Please choose an amount from £10.00 to £250.00./),
    );
    await user.clear(pounds);
    await user.type(pounds, '300');
    await user.click(screen.getByRole('button', { name: 'Pay £300' }));
    await waitFor(() =>
      expect(pounds).toHaveAccessibleDescription(/Please choose an amount from £10.00 to £250.00./),
    );
    await user.clear(pounds);
    await user.type(pounds, '40');
    expect(screen.getByRole('button', { name: 'Pay £40' })).toBeInTheDocument();
    expect(pounds).not.toHaveAttribute('aria-invalid');
  });

  it('sends the purchase, says what is bought live, and goes to the payment page', async () => {
    const { sent, assign } = stubCheckout();
    const user = userEvent.setup();
    renderRoute('/vouchers');
    await screen.findByRole('button', { name: 'Pay £50' });
    await fillForAnna(user);
    const summary = screen.getByRole('complementary', { name: 'Your voucher' });
    expect(summary).toHaveTextContent('£50 voucher for Anna, e-mailed to Anna on Sunday 20 December 2026.');
    await user.click(screen.getByRole('button', { name: 'Pay £50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/vouchers/checkout',
        body: {
          website: '',
          amountPence: 5000,
          buyerName: 'Tom Baker',
          buyerEmail: 'tom@example.com',
          recipientName: 'Anna',
          recipientEmail: 'anna@example.com',
          message: 'Happy Christmas!',
          deliverTo: 'recipient',
          deliverOn: '2026-12-20',
        },
      },
    ]);
    expect(sessionStorage.getItem(`deposit-return:${PID}`)).toBe(`/vouchers/bought?pid=${PID}`);
  });

  it('sends a voucher the buyer gives themselves to them today, without the recipient’s e-mail', async () => {
    const { sent } = stubCheckout();
    const user = userEvent.setup();
    renderRoute('/vouchers');
    await user.click(await screen.findByRole('radio', { name: '£100' }));
    await user.type(within(form()).getByLabelText(/^Their name/), 'Anna');
    await user.click(screen.getByRole('radio', { name: /Me — I’ll give it to them/ }));
    expect(within(form()).queryByLabelText(/^Their e-mail/)).not.toBeInTheDocument();
    await user.type(within(form()).getByLabelText(/^Your name/), 'Tom');
    await user.type(within(form()).getByLabelText(/^Your e-mail/), 'tom@example.com');
    expect(screen.getByRole('complementary', { name: 'Your voucher' })).toHaveTextContent(
      '£100 voucher for Anna, e-mailed to you today.',
    );
    await user.click(screen.getByRole('button', { name: 'Pay £100' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      amountPence: 10_000,
      deliverTo: 'buyer',
      recipientEmail: '',
      deliverOn: '2026-12-01',
    });
  });

  it('puts the server’s refusal on the field it names', async () => {
    const { assign } = stubCheckout(() =>
      Response.json(
        {
          error: 'Please enter a valid e-mail for the person it is for.',
          issues: [{ path: 'recipientEmail', message: 'We can’t deliver to that address.' }],
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderRoute('/vouchers');
    await screen.findByRole('button', { name: 'Pay £50' });
    await fillForAnna(user);
    await user.click(screen.getByRole('button', { name: 'Pay £50' }));
    const email = within(form()).getByLabelText(/^Their e-mail/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('We can’t deliver to that address.'));
    expect(email).toHaveFocus();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says vouchers are not on sale, with the pub’s phone', async () => {
    stubCheckout();
    renderVouchersWith({ ...seedContent.vouchers, onSale: false });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Gift vouchers are not on sale just now. Please call us.');
    expect(within(notice).getByRole('link', { name: seedContent.venue.phone })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(screen.queryByRole('form', { name: 'Buy a gift voucher' })).not.toBeInTheDocument();
  });

  it('offers no other amount when the pub allows none', async () => {
    stubCheckout();
    renderVouchersWith({ ...seedContent.vouchers, allowCustom: false });
    await screen.findByRole('button', { name: 'Pay £50' });
    expect(screen.queryByRole('radio', { name: 'Another amount' })).not.toBeInTheDocument();
  });
});
