import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';

const TOKEN = 'a'.repeat(43);

function stubServer(answers: Record<string, () => Response>) {
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (init?.method === 'POST') posted.push({ path, body: JSON.parse(String(init.body)) });
      const answer = answers[`${init?.method ?? 'GET'} ${path}`];
      return answer ? answer() : Response.json({ error: 'Unauthorized' }, { status: 401 });
    }),
  );
  return posted;
}

describe('the pages staff reach from an e-mail', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.restoreAllMocks());

  it('greets the invited person and refuses two different passwords before sending', async () => {
    const user = userEvent.setup();
    const posted = stubServer({
      [`GET /api/auth/invite/${TOKEN}`]: () => Response.json({ name: 'Jo Bloggs', email: 'jo@pub.example' }),
      'POST /api/auth/invite/accept': () =>
        Response.json({
          email: 'jo@pub.example',
          name: 'Jo Bloggs',
          role: 'staff',
          twoStepOn: false,
          twoStepRequired: false,
        }),
    });
    renderRoute(`/admin/invite/${TOKEN}`);
    expect(await screen.findByText(/Welcome, Jo Bloggs\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'one long password');
    await user.type(screen.getByLabelText(/^Type it again/), 'another long password');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(STAFF_ACCOUNT_MESSAGES.passwordsDiffer);
    expect(posted).toEqual([]);

    await user.clear(screen.getByLabelText(/^Type it again/));
    await user.type(screen.getByLabelText(/^Type it again/), 'one long password');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jo Bloggs' })).toBeInTheDocument();
    expect(posted).toEqual([
      { path: '/api/auth/invite/accept', body: { token: TOKEN, password: 'one long password' } },
    ]);
    expect(screen.getByRole('link', { name: 'Go to today’s bookings' })).toHaveAttribute(
      'href',
      '/admin/bookings',
    );
  });

  it('says plainly when an invitation link no longer works', async () => {
    stubServer({
      [`GET /api/auth/invite/${TOKEN}`]: () =>
        Response.json({ error: STAFF_ACCOUNT_MESSAGES.inviteLinkUnusable }, { status: 404 }),
    });
    renderRoute(`/admin/invite/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_ACCOUNT_MESSAGES.inviteLinkUnusable);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('asks for a reset link from the sign-in page and shows the server’s answer', async () => {
    const user = userEvent.setup();
    const message = STAFF_ACCOUNT_MESSAGES.resetRequested('jo@pub.example');
    const posted = stubServer({ 'POST /api/auth/forgot': () => Response.json({ message }, { status: 202 }) });
    renderRoute('/admin');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    const form = await screen.findByRole('form', { name: 'Forgot your password?' });
    await user.type(within(form).getByLabelText(/^Email/), 'jo@pub.example');
    await user.click(within(form).getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(posted).toEqual([{ path: '/api/auth/forgot', body: { email: 'jo@pub.example' } }]);
  });

  it('sets a new password through a reset link, then offers the sign-in', async () => {
    const user = userEvent.setup();
    stubServer({
      'POST /api/auth/reset': () => Response.json({ message: STAFF_ACCOUNT_MESSAGES.passwordChanged }),
    });
    renderRoute(`/admin/reset/${TOKEN}`);
    await user.type(await screen.findByLabelText(/^New password/), 'one long password');
    await user.type(screen.getByLabelText(/^Type it again/), 'one long password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STAFF_ACCOUNT_MESSAGES.passwordChanged);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin');
  });
});
