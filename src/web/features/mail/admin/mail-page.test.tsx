import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OUTBOX_MESSAGES } from '#shared/mail/outbox.ts';
import type { OutboxEntry } from '#shared/mail/schemas.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

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
  subject: 'Christmas booking XMAS-7KQ2: 12pm–2pm, 3 guests — Edith Crawley',
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

const BODIES: Record<string, string> = {
  f1: 'Dear Margaret,\n\nYour table for 2 is booked.',
  s1: 'Dear Arthur,\n\nYour deposit is on its way back.',
};

/**
 * A fake server holding the given messages: a search finds part of the addressee, subject or reference; a
 * resend moves a failed one to waiting and queues a copy of a sent one.
 */
function stubServer(options: { entries?: OutboxEntry[]; fail?: RegExp; failWith?: string } = {}) {
  let entries = [...(options.entries ?? [failed, waiting, delivered])];
  const { sent } = stubStaffApi(({ method, path, query }) => {
    if (options.fail?.test(`${method} ${path}`)) {
      return options.failWith
        ? Response.json({ error: options.failWith }, { status: 409 })
        : new Response('Internal error', { status: 500 });
    }
    if (path === '/api/admin/mail' && method === 'GET') {
      const status = query.get('status');
      const search = query.get('q')?.toLowerCase();
      return Response.json(
        entries.filter(
          (entry) =>
            (!status || entry.status === status) &&
            (!search ||
              [entry.to, entry.subject, entry.reference ?? ''].some((text) =>
                text.toLowerCase().includes(search),
              )),
        ),
      );
    }
    const open = /^\/api\/admin\/mail\/([^/]+)$/.exec(path);
    if (open && method === 'GET') {
      const found = entries.find((entry) => entry.id === open[1]) as OutboxEntry;
      return Response.json({ ...found, text: BODIES[found.id] ?? null });
    }
    const resend = /^\/api\/admin\/mail\/([^/]+)\/resend$/.exec(path);
    if (resend && method === 'POST') {
      const found = entries.find((entry) => entry.id === resend[1]) as OutboxEntry;
      const queued = {
        ...found,
        id: found.status === 'SENT' ? `${found.id}-copy` : found.id,
        status: 'PENDING' as const,
        attempts: 0,
        sentAt: null,
      };
      entries = [...entries.filter((entry) => entry.id !== queued.id), queued];
      return Response.json(queued);
    }
    return undefined;
  });
  return { calls: sent };
}

/** The outbox as staff open it, with its search box. */
async function openSearch() {
  const user = userEvent.setup();
  const { calls } = stubServer();
  renderRoute('/admin/mail');
  return { user, calls, field: await screen.findByRole('searchbox', { name: OUTBOX_MESSAGES.searchLabel }) };
}

const region = (name: RegExp) => screen.findByRole('region', { name });

describe('the e-mail admin', () => {
  undoStubsAfterEach();

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

    // A message waiting to go cannot be resent; a sent one can (issue 27).
    const waitingList = await region(/^Waiting to send/);
    expect(within(waitingList).getByText('2 attempts · Greeting never received')).toBeVisible();
    expect(within(waitingList).queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();

    const sentList = await region(/^Recently sent/);
    expect(within(sentList).getByText(/^Christmas refund · queued/)).toBeVisible();
    expect(within(sentList).getByText('Sent Sunday 22 November 2026, 12pm')).toBeVisible();
    expect(
      within(sentList).getByRole('button', {
        name: `Resend the e-mail to ${delivered.to}: ${delivered.subject}`,
      }),
    ).toBeEnabled();
  });

  it('says plainly when nothing has failed or is waiting', async () => {
    stubServer({ entries: [waiting] });
    renderRoute('/admin/mail');
    expect(within(await region(/^Failed/)).getByText('No failed e-mails.')).toBeVisible();
    expect(within(await region(/^Recently sent/)).getByText('No e-mails sent yet.')).toBeVisible();
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
    stubServer({ fail: /^POST \/api\/admin\/mail\//, failWith: OUTBOX_MESSAGES.copyWaiting });
    renderRoute('/admin/mail');
    await user.click(await screen.findByRole('button', { name: /^Resend the e-mail to Arthur/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OUTBOX_MESSAGES.copyWaiting);
    expect(screen.getByRole('button', { name: /^Resend the e-mail to Arthur/ })).toBeEnabled();
  });

  it('says so when the e-mails cannot be loaded', async () => {
    stubServer({ fail: /^GET \/api\/admin\/mail$/ });
    renderRoute('/admin/mail');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load e-mails');
  });

  it('searches every status on Enter, shows each message’s status, and clears back to the lists', async () => {
    const { user, calls, field } = await openSearch();
    await user.type(field, 'MARGARET{Enter}');

    const found = await region(/^E-mails matching “MARGARET”/);
    expect(calls).toContainEqual({ method: 'GET', url: '/api/admin/mail?q=MARGARET' });
    expect(within(found).getByRole('heading', { level: 2 })).toHaveTextContent(
      'E-mails matching “MARGARET” (1)',
    );
    expect(within(found).getByText(/^Failed · Table booking · RC-TEST01 · queued/)).toBeVisible();
    expect(screen.queryByRole('region', { name: /^Failed/ })).not.toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'nobody{Enter}');
    expect(
      within(await region(/^E-mails matching “nobody”/)).getByText('No e-mails match “nobody”.'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await region(/^Failed/)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('asks for something to search for, without asking the server', async () => {
    const { user, calls, field } = await openSearch();
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(OUTBOX_MESSAGES.searchEmpty)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.url.includes('q='))).toEqual([]);
  });

  it('opens a message to read its plain text, and resends it from there', async () => {
    const user = userEvent.setup();
    const { calls } = stubServer();
    renderRoute('/admin/mail');
    await user.click(await screen.findByRole('button', { name: delivered.subject }));

    const dialog = await screen.findByRole('dialog', { name: delivered.subject });
    expect(calls).toContainEqual({ method: 'GET', url: '/api/admin/mail/s1' });
    expect(await within(dialog).findByText(/Your deposit is on its way back/)).toBeVisible();
    expect(within(dialog).getByText(/Your deposit is on its way back/).textContent).toBe(
      'Dear Arthur,\n\nYour deposit is on its way back.',
    );
    expect(within(dialog).getByText(delivered.to)).toBeVisible();
    expect(within(dialog).getByText('Sent', { selector: 'dd' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', url: '/api/admin/mail/s1/resend' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      `The e-mail to ${delivered.to} will be sent again in a moment.`,
    );
    // The sent one stays in the history; its copy waits.
    await waitFor(async () =>
      expect(within(await region(/^Waiting to send/)).getByText(delivered.subject)).toBeVisible(),
    );
    expect(within(await region(/^Recently sent/)).getByText(delivered.subject)).toBeVisible();
  });

  it('says when a message has no plain text or cannot be opened, and offers no resend of one waiting', async () => {
    const user = userEvent.setup();
    stubServer({ fail: /^GET \/api\/admin\/mail\/f1$/ });
    renderRoute('/admin/mail');
    await user.click(await screen.findByRole('button', { name: waiting.subject }));
    const waitingDialog = await screen.findByRole('dialog', { name: waiting.subject });
    expect(await within(waitingDialog).findByText(OUTBOX_MESSAGES.noText)).toBeVisible();
    expect(within(waitingDialog).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    await user.click(within(waitingDialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: failed.subject }));
    const dialog = await screen.findByRole('dialog', { name: failed.subject });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OUTBOX_MESSAGES.openFailed);
    expect(within(dialog).getByText(failed.to)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
