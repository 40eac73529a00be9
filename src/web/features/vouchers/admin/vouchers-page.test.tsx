import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '#shared/staff/roles.ts';
import type { LedgerEntry, StaffVoucher } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

const CODE = '7K3M9QXD2PHR4TWA';
const SOLD: LedgerEntry = {
  kind: 'sold',
  amountPence: 5000,
  balanceAfterPence: 5000,
  note: '',
  by: 'Ruth Okafor',
  at: '2026-11-20T13:05:00.000Z',
};

function voucher(overrides: Partial<StaffVoucher> = {}): StaffVoucher {
  return {
    id: 'v1',
    code: CODE,
    kind: 'sold',
    status: 'ACTIVE',
    amountPence: 5000,
    balancePence: 5000,
    buyerName: 'Ruth Okafor',
    buyerEmail: 'ruth@example.com',
    recipientName: 'Anna Bell',
    recipientEmail: 'anna@example.com',
    message: 'Happy Christmas, Anna!',
    deliverTo: 'recipient',
    deliverOn: '2026-11-20',
    deliveredAt: '2026-11-20T13:06:00.000Z',
    expiresOn: '2027-11-19',
    expired: false,
    issuedBy: null,
    createdAt: '2026-11-20T13:05:00.000Z',
    ledger: [SOLD],
    ...overrides,
  };
}

const EXPIRED = voucher({ id: 'v2', code: 'EXP1EXP1EXP1EXP1', expired: true, expiresOn: '2026-10-31' });

type Refusal = (body: Record<string, unknown>) => Response | undefined;

/** The vouchers' server, keeping the vouchers it holds; `refuse` answers a step in its own way first. */
function stubVouchers({
  role = 'owner' as StaffRole,
  held = [voucher(), EXPIRED],
  refuse = {} as Partial<Record<'redeem' | 'void' | 'refund' | 'issue', Refusal>>,
} = {}) {
  const vouchers = new Map(held.map((one) => [one.code, one]));
  const notFound = () => Response.json({ error: VOUCHER_MESSAGES.codeNotFound }, { status: 404 });
  return stubStaffApi(
    ({ method, path, query, body = {} }) => {
      if (path === '/api/admin/vouchers' && method === 'GET') {
        const code = query.get('code');
        if (code === null) return Response.json({ vouchers: [...vouchers.values()] });
        const found = vouchers.get(code);
        return found ? Response.json(found) : notFound();
      }
      if (path === '/api/admin/vouchers' && method === 'POST') {
        const refused = refuse.issue?.(body);
        if (refused) return refused;
        const amountPence = Number(body.amountPence);
        const issued = voucher({
          id: 'v9',
          code: 'C0MP11MENTARY000',
          kind: 'complimentary',
          amountPence,
          balancePence: amountPence,
          buyerName: '',
          buyerEmail: '',
          recipientName: String(body.recipientName),
          recipientEmail: String(body.recipientEmail),
          message: String(body.message),
          ledger: [
            { ...SOLD, kind: 'issued', amountPence, balanceAfterPence: amountPence, note: String(body.note) },
          ],
        });
        vouchers.set(issued.code, issued);
        return Response.json(issued, { status: 201 });
      }
      const step = /^\/api\/admin\/vouchers\/(\w+)\/(redeem|void|refund|resend)$/.exec(path);
      if (!step || method !== 'POST') return undefined;
      const [, code = '', kind = ''] = step;
      const found = vouchers.get(code);
      if (!found) return notFound();
      const refused = refuse[kind as keyof typeof refuse]?.(body);
      if (refused) return refused;
      const at = '2026-11-29T20:10:00.000Z';
      let changed = found;
      if (kind === 'redeem') {
        const amountPence = Number(body.amountPence);
        const balancePence = found.balancePence - amountPence;
        const entry: LedgerEntry = {
          kind: 'redeemed',
          amountPence,
          balanceAfterPence: balancePence,
          note: String(body.note),
          by: 'Sam Taylor',
          at,
        };
        changed = { ...found, balancePence, ledger: [...found.ledger, entry] };
      }
      if (kind === 'void') {
        const entry: LedgerEntry = {
          kind: 'voided',
          amountPence: found.balancePence,
          balanceAfterPence: 0,
          note: String(body.reason),
          by: 'Sam Taylor',
          at,
        };
        changed = { ...found, status: 'VOID', balancePence: 0, ledger: [...found.ledger, entry] };
      }
      vouchers.set(code, changed);
      return Response.json(changed);
    },
    { role },
  );
}

const codeField = () => screen.getByRole('textbox', { name: 'Voucher code' });
const redeemForm = () => screen.findByRole('form', { name: 'Redeem' });

describe('the staff vouchers screen', () => {
  undoStubsAfterEach();

  it('opens the voucher its QR code names: its balance, status, expiry, whom it is for, its message and ledger', async () => {
    const api = stubVouchers();
    renderRoute(`/admin/vouchers?code=${CODE}`);
    const found = await screen.findByRole('article', { name: '7K3M-9QXD-2PHR-4TWA' });
    expect(codeField()).toHaveValue('7K3M-9QXD-2PHR-4TWA');
    expect(api.urlsFrom('/api/admin/vouchers')).toEqual([`/api/admin/vouchers?code=${CODE}`]);
    expect(found).toHaveTextContent('Balance£50.00of £50.00');
    expect(found).toHaveTextContent('Active');
    expect(found).toHaveTextContent('Expires Friday 19 November 2027');
    expect(found).toHaveTextContent('For Anna Bell, from Ruth Okafor');
    expect(found).toHaveTextContent('Happy Christmas, Anna!');
    const ledger = within(found).getByRole('list', { name: 'Ledger' });
    expect(
      within(ledger)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Sold£50.00 · £50.00 leftFriday 20 November 2026, 1:05pm · by Ruth Okafor']);
    expect(within(await redeemForm()).getByRole('textbox', { name: /^Amount in pounds/ })).toHaveValue(
      '50.00',
    );
  });

  it('redeems £30 with a note once asked, then shows what is left and the ledger updated', async () => {
    const user = userEvent.setup();
    const api = stubVouchers();
    renderRoute(`/admin/vouchers?code=${CODE}`);
    const form = await redeemForm();
    const amount = within(form).getByRole('textbox', { name: /^Amount in pounds/ });
    await user.clear(amount);
    await user.type(amount, '30');
    await user.type(within(form).getByRole('textbox', { name: /^Note/ }), 'Table 6');
    await user.click(within(form).getByRole('button', { name: 'Redeem £30.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Take £30.00 from this voucher?' });
    expect(dialog).toHaveTextContent('£20.00 will be left on the voucher for Anna Bell.');
    expect(api.bodiesOf('POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Take £30.00' }));

    expect(await screen.findByText(VOUCHER_MESSAGES.redeemed(3000, 2000))).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `/api/admin/vouchers/${CODE}/redeem`,
        body: { amountPence: 3000, note: 'Table 6' },
      },
    ]);
    const found = screen.getByRole('article');
    await waitFor(() => expect(within(found).getByRole('heading', { level: 2 })).toHaveFocus());
    expect(found).toHaveTextContent('Balance£20.00of £50.00');
    const rows = within(within(found).getByRole('list', { name: 'Ledger' })).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('Redeemed−£30.00 · £20.00 leftTable 6');
    expect(rows[1]).toHaveTextContent('by Sam Taylor');
    expect(within(await redeemForm()).getByRole('textbox', { name: /^Amount in pounds/ })).toHaveValue(
      '20.00',
    );
  });

  it('takes the whole balance in one tap, and refuses more than is left on its field before asking', async () => {
    const user = userEvent.setup();
    const api = stubVouchers({ held: [voucher({ balancePence: 2000 })] });
    renderRoute(`/admin/vouchers?code=${CODE}`);
    const form = await redeemForm();
    const amount = within(form).getByRole('textbox', { name: /^Amount in pounds/ });
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(within(form).getByRole('button', { name: 'Redeem £25.00' }));
    expect(amount).toHaveAccessibleDescription(VOUCHER_MESSAGES.overBalance(2000));
    expect(amount).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Use all £20.00' }));
    expect(amount).toHaveValue('20.00');
    expect(amount).not.toHaveAccessibleDescription(VOUCHER_MESSAGES.overBalance(2000));
    await user.type(amount, 'x');
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(amount).toHaveAccessibleDescription(/^Please enter the amount to take/);
    expect(api.bodiesOf('POST')).toEqual([]);
  });

  it('keeps the server’s refusal in the question, the expiry date in its words', async () => {
    const user = userEvent.setup();
    const refusal = VOUCHER_MESSAGES.expired('2026-11-28');
    stubVouchers({ refuse: { redeem: () => Response.json({ error: refusal }, { status: 409 }) } });
    renderRoute(`/admin/vouchers?code=${CODE}`);
    await user.click(within(await redeemForm()).getByRole('button', { name: 'Redeem £50.00' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Take £50.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This voucher expired on Saturday 28 November 2026.',
    );
    expect(screen.getByRole('article')).toHaveTextContent('Balance£50.00');
  });

  it('says an expired voucher expired, and when, and offers no redemption', async () => {
    stubVouchers();
    renderRoute(`/admin/vouchers?code=${EXPIRED.code}`);
    const found = await screen.findByRole('article');
    expect(found).toHaveTextContent(VOUCHER_MESSAGES.expired('2026-10-31'));
    expect(screen.getAllByText('This voucher expired on Saturday 31 October 2026.')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Redeem' })).toBeNull();
  });

  it('finds a code typed with dashes, spaces and small letters, and says when no voucher has it', async () => {
    const user = userEvent.setup();
    const api = stubVouchers();
    const { location } = renderRoute('/admin/vouchers');
    await screen.findByRole('list', { name: 'Newest vouchers' });
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(codeField()).toHaveAccessibleDescription(/^Please enter the voucher code\./);

    await user.type(codeField(), '7k3m-9qxd 2phr-4twa');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('article', { name: '7K3M-9QXD-2PHR-4TWA' })).toBeVisible();
    expect(location().search).toBe(`?code=${CODE}`);

    await user.clear(codeField());
    await user.type(codeField(), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VOUCHER_MESSAGES.codeNotFound);
    expect(api.urlsFrom('/api/admin/vouchers?code=')).toEqual([
      `/api/admin/vouchers?code=${CODE}`,
      '/api/admin/vouchers?code=N0PE',
    ]);
  });

  it('lists the newest vouchers as rows that open each', async () => {
    const user = userEvent.setup();
    stubVouchers();
    renderRoute('/admin/vouchers');
    const list = await screen.findByRole('list', { name: 'Newest vouchers' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Anna Bell 7K3M-9QXD-2PHR-4TWA£50.00 of £50.00 · Active',
      'Anna Bell EXP1-EXP1-EXP1-EXP1£50.00 of £50.00 · Expired',
    ]);
    await user.click(rows[0] as HTMLElement);
    expect(await screen.findByRole('article', { name: '7K3M-9QXD-2PHR-4TWA' })).toBeVisible();
    expect(codeField()).toHaveValue('7K3M-9QXD-2PHR-4TWA');
  });

  it('offers staff Resend e-mail, but not Void, Refund or a complimentary voucher', async () => {
    const user = userEvent.setup();
    const api = stubVouchers({ role: 'staff' });
    const { unmount } = renderRoute(`/admin/vouchers?code=${CODE}`);
    await redeemForm();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Voucher e-mailed again to anna@example.com.',
    );
    expect(api.urlsFrom(`/api/admin/vouchers/${CODE}`)).toEqual([`/api/admin/vouchers/${CODE}/resend`]);
    unmount();

    renderRoute('/admin/vouchers');
    await screen.findByRole('list', { name: 'Newest vouchers' });
    expect(screen.queryByRole('button', { name: 'New complimentary voucher' })).toBeNull();
  });

  it('voids a voucher for a manager with a reason, after which it cannot be redeemed', async () => {
    const user = userEvent.setup();
    const api = stubVouchers({ role: 'manager' });
    renderRoute(`/admin/vouchers?code=${CODE}`);
    await redeemForm();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('dialog', { name: 'Void this voucher?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void voucher' }));
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(
      /^Please say why\./,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Reported lost');
    await user.click(within(dialog).getByRole('button', { name: 'Void voucher' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Voucher ${CODE} voided.`);
    expect(api.bodiesOf('POST')).toEqual([{ reason: 'Reported lost' }]);
    expect(screen.getByRole('article')).toHaveTextContent('Void');
    expect(screen.getByText(VOUCHER_MESSAGES.void)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Redeem' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('keeps a refused refund in its question', async () => {
    const user = userEvent.setup();
    stubVouchers({
      refuse: { refund: () => Response.json({ error: VOUCHER_MESSAGES.refundUsed }, { status: 409 }) },
    });
    renderRoute(`/admin/vouchers?code=${CODE}`);
    await redeemForm();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund £50.00 to the buyer?' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Changed her mind');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(VOUCHER_MESSAGES.refundUsed);
  });

  it('gives a complimentary voucher, checked first, and opens it', async () => {
    const user = userEvent.setup();
    const api = stubVouchers({ role: 'manager' });
    const { location } = renderRoute('/admin/vouchers');
    await user.click(await screen.findByRole('button', { name: 'New complimentary voucher' }));
    const form = screen.getByRole('form', { name: 'New complimentary voucher' });
    const field = (name: RegExp) => within(form).getByRole('textbox', { name });
    await user.type(field(/^Amount in pounds/), '2000');
    await user.type(field(/^Their e-mail/), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Give voucher' }));
    expect(field(/^Amount in pounds/)).toHaveAccessibleDescription(
      VOUCHER_MESSAGES.customRange(100, 100_000),
    );
    expect(field(/^Their name/)).toHaveAccessibleDescription(VOUCHER_MESSAGES.recipientName);
    expect(field(/^Their e-mail/)).toHaveAccessibleDescription(
      new RegExp(`^${VOUCHER_MESSAGES.recipientEmailStaff}`),
    );
    expect(api.bodiesOf('POST')).toEqual([]);

    await user.clear(field(/^Amount in pounds/));
    await user.type(field(/^Amount in pounds/), '25');
    await user.type(field(/^Their name/), 'Tom Adeyemi');
    await user.clear(field(/^Their e-mail/));
    await user.type(field(/^Message/), 'Sorry about Saturday.');
    await user.type(field(/^Why/), 'The long wait on Saturday');
    await user.click(within(form).getByRole('button', { name: 'Give voucher' }));
    // The issued voucher then opens, and its look-up says so in a status of its own first.
    expect(
      await screen.findByText('Complimentary voucher of £25.00 for Tom Adeyemi issued.'),
    ).toHaveAttribute('role', 'status');
    expect(api.bodiesOf('POST')).toEqual([
      {
        amountPence: 2500,
        recipientName: 'Tom Adeyemi',
        recipientEmail: '',
        message: 'Sorry about Saturday.',
        note: 'The long wait on Saturday',
      },
    ]);
    expect(location().search).toBe('?code=C0MP11MENTARY000');
    expect(await screen.findByRole('article')).toHaveTextContent('For Tom Adeyemi, complimentary');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('has no axe violations in the list, the voucher and a question', async () => {
    const user = userEvent.setup();
    stubVouchers();
    const view = renderRoute('/admin/vouchers');
    await screen.findByRole('list', { name: 'Newest vouchers' });
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'New complimentary voucher' }));
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    await user.click(
      within(screen.getByRole('list', { name: 'Newest vouchers' })).getAllByRole('link')[0] as HTMLElement,
    );
    await redeemForm();
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible());
    expect((await axe.run(screen.getByRole('dialog'), { rules })).violations).toEqual([]);
  });
});
