import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../../tests/helpers/render-route.tsx';
import { SIGNED_IN_OWNER } from '../../../../../tests/helpers/signed-in-staff.ts';
import type { OutboxEntry } from '../../../../shared/mail/schemas.ts';

const failed: OutboxEntry = {
  id: 'f1',
  kind: 'table-booking',
  to: 'Margaret Ellis <margaret@example.com>',
  subject: 'Your table at The Rose & Crown — Saturday 5 December 2026, 7:30pm',
  reference: 'RC-TEST01',
  status: 'FAILED',
  attempts: 30,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  createdAt: '2026-11-22T12:00:00.000Z',
  sentAt: null,
};

const waiting: OutboxEntry = {
  ...failed,
  id: 'p1',
  kind: 'christmas-booking',
  to: 'landlord@roseandcrown.example',
  subject: 'Christmas booking XMAS-7KQ2: 12:00 – 2:00 PM, 3 guests — Edith Crawley',
  reference: 'XMAS-7KQ2',
  status: 'PENDING',
  attempts: 2,
  lastError: 'Greeting never received',
};

const delivered: OutboxEntry = {
  ...failed,
  id: 's1',
  kind: 'christmas-refund',
  to: 'Arthur Dent <arthur@example.com>',
  subject: 'Your Christmas Day deposit is being refunded — The Rose & Crown',
  reference: null,
  status: 'SENT',
  attempts: 1,
  lastError: null,
  sentAt: '2026-11-22T12:00:05.000Z',
};

interface Call {
  method: string;
  url: string;
}

/** A fake server holding the given messages; a resend moves a failed one to waiting. */
function stubServer(options: { entries?: OutboxEntry[]; fail?: RegExp; failWith?: string } = {}) {
  let entries = [...(options.entries ?? [failed, waiting, delivered])];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const path = url.split('?')[0] as string;
      if (options.fail?.test(`${method} ${path}`)) {
        return options.failWith
          ? Response.json({ error: options.failWith }, { status: 409 })
          : new Response('Internal error', { status: 500 });
      }
      if (path === '/api/auth/me') return Response.json(SIGNED_IN_OWNER);
      if (path === '/api/admin/mail' && method === 'GET') {
        const status = new URL(url, 'http://pub.test').searchParams.get('status');
        return Response.json(entries.filter((entry) => entry.status === status));
      }
      const resend = /^\/api\/admin\/mail\/([^/]+)\/resend$/.exec(path);
      if (resend && method === 'POST') {
        const found = entries.find((entry) => entry.id === resend[1]) as OutboxEntry;
        const resent = { ...found, status: 'PENDING' as const, attempts: 0 };
        entries = entries.map((entry) => (entry.id === resent.id ? resent : entry));
        return Response.json(resent);
      }
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return { calls };
}

const region = (name: RegExp) => screen.findByRole('region', { name });

describe('the e-mail admin', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is in the admin nav, and lists failed e-mails first with a Resend button, then waiting and sent ones', async () => {
    stubServer();
    renderRoute('/admin/mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'E-mails' })).toHaveAttribute('aria-current', 'page');
    // The title is set by an effect after the page renders: on a busy machine it may come a moment later.
    await waitFor(() => expect(document.title).toBe('E-mails · Staff · The Rose & Crown'));

    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Failed (1)', 'Waiting to send (1)', 'Recently sent (1)']);

    const failedList = await region(/^Failed/);
    expect(within(failedList).getByText(failed.subject)).toBeInTheDocument();
    expect(within(failedList).getByText(`To ${failed.to}`)).toBeInTheDocument();
    expect(
      within(failedList).getByText(/Table booking · RC-TEST01 · queued Sunday 22 November 2026/),
    ).toBeVisible();
    expect(within(failedList).getByText('30 attempts · connect ECONNREFUSED 127.0.0.1:25')).toBeVisible();
    expect(
      within(failedList).getByRole('button', {
        name: `Resend the e-mail to ${failed.to}: ${failed.subject}`,
      }),
    ).toBeEnabled();

    const waitingList = await region(/^Waiting to send/);
    expect(within(waitingList).getByText('2 attempts · Greeting never received')).toBeVisible();
    expect(within(waitingList).queryByRole('button')).not.toBeInTheDocument();

    const sentList = await region(/^Recently sent/);
    expect(within(sentList).getByText(/^Christmas refund · queued/)).toBeVisible();
    expect(within(sentList).getByText('Sent Sunday 22 November 2026, 12pm')).toBeVisible();
    expect(within(sentList).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says plainly when nothing has failed or is waiting', async () => {
    stubServer({ entries: [delivered] });
    renderRoute('/admin/mail');
    expect(within(await region(/^Failed/)).getByText('No failed e-mails.')).toBeVisible();
    expect(
      within(await region(/^Waiting to send/)).getByText('No e-mails waiting to be sent.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });

  it('resends a failed e-mail, says so, and shows it waiting', async () => {
    const user = userEvent.setup();
    const { calls } = stubServer();
    renderRoute('/admin/mail');
    await user.click(await screen.findByRole('button', { name: /^Resend the e-mail to Margaret Ellis/ }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      `The e-mail to ${failed.to} will be sent again in a moment.`,
    );
    expect(calls).toContainEqual({ method: 'POST', url: '/api/admin/mail/f1/resend' });
    await waitFor(async () =>
      expect(within(await region(/^Failed/)).getByText('No failed e-mails.')).toBeVisible(),
    );
    expect(within(await region(/^Waiting to send/)).getByText(failed.subject)).toBeVisible();
  });

  it('shows the server’s reason when a resend is refused', async () => {
    const user = userEvent.setup();
    const reason = 'Only a failed e-mail can be sent again: this one has been sent.';
    stubServer({ fail: /^POST \/api\/admin\/mail\//, failWith: reason });
    renderRoute('/admin/mail');
    await user.click(await screen.findByRole('button', { name: /^Resend/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: /^Resend/ })).toBeEnabled();
  });

  it('says so when the e-mails cannot be loaded', async () => {
    stubServer({ fail: /^GET \/api\/admin\/mail$/ });
    renderRoute('/admin/mail');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load e-mails');
  });
});
