import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/messages.ts';
import type { StoredEnquiry } from '#shared/enquiries/schemas.ts';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

const older: StoredEnquiry = {
  _id: 'a1',
  reference: 'EQ-AAAA22',
  name: 'Ruth Okafor',
  email: 'ruth@example.com',
  phone: '07700 900321',
  preferredDate: '2026-06-20',
  preferredTime: '19:15',
  partySize: 14,
  notes: 'A retirement do.\nOne coeliac.',
  status: 'NEW',
  createdAt: '2026-06-01T09:00:00.000Z',
  updatedAt: '2026-06-01T09:00:00.000Z',
};

const newer: StoredEnquiry = {
  ...older,
  _id: 'b2',
  reference: 'EQ-BBBB33',
  name: 'The Hendersons',
  email: 'hendersons@example.com',
  partySize: 30,
  notes: '',
  status: 'REPLIED',
  createdAt: '2026-06-02T09:00:00.000Z',
};

/** A fake server holding the enquiries newest first; a PATCH changes one's status. */
function stubServer(options: { failPatch?: string } = {}) {
  let enquiries = [newer, older];
  return stubStaffApi(({ method, path, query, body }) => {
    if (path === '/api/admin/enquiries' && method === 'GET') {
      const status = query.get('status');
      return Response.json(enquiries.filter((enquiry) => !status || enquiry.status === status));
    }
    const patch = /^\/api\/admin\/enquiries\/([^/]+)$/.exec(path);
    if (patch && method === 'PATCH') {
      if (options.failPatch) return Response.json({ error: options.failPatch }, { status: 404 });
      const found = enquiries.find((enquiry) => enquiry._id === patch[1]) as StoredEnquiry;
      const changed = { ...found, status: body?.status as EnquiryStatus };
      enquiries = enquiries.map((enquiry) => (enquiry._id === changed._id ? changed : enquiry));
      return Response.json(changed);
    }
    return undefined;
  }).sent;
}

const card = (name: RegExp) => screen.findByRole('article', { name });

describe('the enquiries admin', () => {
  undoStubsAfterEach();

  it('is in the admin nav and lists the enquiries newest first with their details', async () => {
    stubServer();
    renderRoute('/admin/enquiries');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Enquiries' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Enquiries · Staff · The Rose & Crown'));

    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['The Hendersons · party of 30', 'Ruth Okafor · party of 14']);
    const ruth = await card(/^Ruth Okafor/);
    expect(within(ruth).getByText('EQ-AAAA22')).toBeVisible();
    expect(within(ruth).getByText('Saturday 20 June 2026, 7:15pm')).toBeVisible();
    expect(within(ruth).getByRole('link', { name: '07700 900321' })).toHaveAttribute(
      'href',
      'tel:+447700900321',
    );
    expect(within(ruth).getByRole('link', { name: 'ruth@example.com' })).toHaveAttribute(
      'href',
      'mailto:ruth@example.com',
    );
    expect(within(ruth).getByText(/A retirement do\.\s+One coeliac\./)).toBeVisible();
    expect(within(ruth).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(ruth).getByRole('button', { name: 'Replied' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('filters by status from its own address', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    const view = renderRoute('/admin/enquiries');
    const filters = await screen.findByRole('navigation', { name: 'Show enquiries' });
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(filters).getByRole('link', { name: 'New' }));
    expect(view.location().search).toBe('?status=NEW');
    await waitFor(() =>
      expect(
        screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby')),
      ).toEqual(['enquiry-a1']),
    );
    expect(within(filters).getByRole('link', { name: 'New' })).toHaveAttribute('aria-current', 'page');
    expect(calls.map((call) => call.url)).toContain('/api/admin/enquiries?status=NEW');

    await user.click(within(filters).getByRole('link', { name: 'Declined' }));
    expect(await screen.findByText(ENQUIRY_MESSAGES.noneWithStatus('DECLINED'))).toBeVisible();
  });

  it('changes an enquiry’s status, and says so', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderRoute('/admin/enquiries');
    const ruth = await card(/^Ruth Okafor/);
    await user.click(within(ruth).getByRole('button', { name: 'Replied' }));
    expect(await screen.findByRole('status')).toHaveTextContent('EQ-AAAA22 is now replied.');
    expect(within(ruth).getByRole('button', { name: 'Replied' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(ruth).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toContainEqual({
      method: 'PATCH',
      url: '/api/admin/enquiries/a1',
      body: { status: 'REPLIED' },
    });
  });

  it('shows the server’s reason when a change is refused, leaving the status as it was', async () => {
    const user = userEvent.setup();
    stubServer({ failPatch: ENQUIRY_MESSAGES.notFound });
    renderRoute('/admin/enquiries');
    const ruth = await card(/^Ruth Okafor/);
    await user.click(within(ruth).getByRole('button', { name: 'Declined' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ENQUIRY_MESSAGES.notFound);
    expect(within(ruth).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(ruth).getByRole('button', { name: 'Declined' })).toBeEnabled();
  });

  it('starts a booking on the New booking screen with the enquiry filled in', async () => {
    const user = userEvent.setup();
    stubServer();
    const view = renderRoute('/admin/enquiries');
    const ruth = await card(/^Ruth Okafor/);
    await user.click(within(ruth).getByRole('link', { name: 'Start a booking for Ruth Okafor' }));
    expect(view.location().pathname).toBe('/admin/bookings/new');
    const form = await screen.findByRole('form', { name: 'New booking' });
    expect(within(form).getByLabelText(/^Date/)).toHaveValue('2026-06-20');
    expect(within(form).getByLabelText('Adults')).toHaveValue(14);
    expect(within(form).getByRole('radio', { name: 'Enquiry' })).toBeChecked();
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Ruth Okafor');
    expect(within(form).getByRole('textbox', { name: 'Phone' })).toHaveValue('07700 900321');
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('ruth@example.com');
    expect(within(form).getByLabelText('Special Notes')).toHaveValue('A retirement do.\nOne coeliac.');
  });

  it('says so when the enquiries cannot be loaded', async () => {
    stubStaffApi(({ path }) =>
      path === '/api/auth/me' ? undefined : new Response('Internal error', { status: 500 }),
    );
    renderRoute('/admin/enquiries');
    expect(await screen.findByRole('alert')).toHaveTextContent(ENQUIRY_MESSAGES.loadFailed);
  });
});
