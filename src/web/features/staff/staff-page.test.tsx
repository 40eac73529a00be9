import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import type { StaffAccount } from '#shared/staff/accounts.ts';
import { NO_ACCESS, type StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { SIGNED_IN_OWNER } from '#tests/helpers/signed-in-staff.ts';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

const me: StaffAccount = {
  id: 'owner-1',
  email: SIGNED_IN_OWNER.email,
  name: SIGNED_IN_OWNER.name,
  role: 'owner',
  disabled: false,
  twoStepOn: true,
  invitationPending: false,
  lastLoginAt: '2026-06-01T09:00:00.000Z',
};
const barStaff: StaffAccount = {
  ...me,
  id: 'staff-1',
  email: 'jo@pub.example',
  name: 'Jo Bloggs',
  role: 'staff',
  twoStepOn: false,
  lastLoginAt: null,
};

/** A fake server with the owner and one member of staff; `refuseInvite` answers an invitation instead. */
function stubServer(options: { role?: StaffRole; refuseInvite?: () => Response } = {}) {
  let accounts = [me, barStaff];
  return stubStaffApi(
    ({ method, path, body = {} }) => {
      if (path === '/api/admin/staff' && method === 'GET') return Response.json(accounts);
      if (path === '/api/admin/staff' && method === 'POST') {
        if (options.refuseInvite) return options.refuseInvite();
        const invited = { ...barStaff, id: 'new-1', ...body, invitationPending: true };
        accounts = [...accounts, invited];
        return Response.json(invited, { status: 201 });
      }
      const patch = /^\/api\/admin\/staff\/([^/]+)$/.exec(path);
      if (patch && method === 'PATCH') {
        const found = accounts.find((account) => account.id === patch[1]) as StaffAccount;
        const changed = { ...found, ...body };
        accounts = accounts.map((account) => (account.id === changed.id ? changed : account));
        return Response.json(changed);
      }
      return path === '/api/auth/me' ? undefined : Response.json({ error: 'Unexpected' }, { status: 500 });
    },
    { role: options.role },
  ).sent;
}

/** The staff screen as the owner opens it: its invitation form. */
async function inviteForm() {
  renderRoute('/admin/staff');
  return screen.findByRole('form', { name: 'Invite someone' });
}

describe('the staff accounts screen', () => {
  undoStubsAfterEach();

  it('lists the accounts; the owner’s own has no controls', async () => {
    stubServer();
    renderRoute('/admin/staff');
    const own = await screen.findByRole('article', { name: /Landlord/ });
    expect(own).toHaveTextContent('Owner · Active · two-step sign-in on · last signed in');
    expect(within(own).queryByRole('button')).toBeNull();
    const jo = screen.getByRole('article', { name: 'Jo Bloggs' });
    expect(jo).toHaveTextContent('Staff · Active');
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Staff' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('invites someone with the role chosen from the described roles', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    const form = await inviteForm();
    await user.type(within(form).getByLabelText(/^Name/), 'Sam Hill');
    await user.type(within(form).getByLabelText(/^Email/), 'sam@pub.example');
    await user.click(within(form).getByRole('radio', { name: /^Manager/ }));
    expect(within(form).getByRole('radio', { name: /^Manager/ })).toHaveAccessibleName(
      /events, closures, the website’s content/,
    );
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      STAFF_ACCOUNT_MESSAGES.invited('Sam Hill', 'sam@pub.example'),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sam Hill',
      email: 'sam@pub.example',
      role: 'manager',
    });
    expect(screen.getByRole('article', { name: 'Sam Hill' })).toHaveTextContent('Invitation sent');
  });

  it('checks the invitation by the route’s own schema before sending, under each field', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    const form = await inviteForm();
    await user.type(within(form).getByLabelText(/^Email/), 'sam@');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const name = within(form).getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Please give their name.');
    expect(within(form).getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Please give a valid e-mail address.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts the server’s refusal of an address with an account under the e-mail, marked and focused', async () => {
    const user = userEvent.setup();
    const taken = STAFF_ACCOUNT_MESSAGES.alreadyActive(barStaff.email);
    stubServer({
      refuseInvite: () =>
        Response.json({ error: taken, issues: [{ path: 'email', message: taken }] }, { status: 409 }),
    });
    const form = await inviteForm();
    const email = within(form).getByLabelText(/^Email/);
    await user.type(within(form).getByLabelText(/^Name/), 'Jo Bloggs');
    await user.type(email, barStaff.email);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(taken);
    expect(within(form).getByRole('alert')).toHaveTextContent(taken);
    expect(within(form).getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('button', { name: 'Send invitation' })).toBeEnabled();

    await user.type(email, '{Backspace}');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('changes a role, and disables an account only once confirmed', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderRoute('/admin/staff');
    const jo = await screen.findByRole('article', { name: 'Jo Bloggs' });
    const changeRole = within(jo).getByRole('button', { name: 'Change role' });
    expect(changeRole).toBeDisabled();
    await user.selectOptions(within(jo).getByLabelText('Role'), 'manager');
    await user.click(changeRole);
    expect(await screen.findByRole('status')).toHaveTextContent('Jo Bloggs’s role is now Manager.');

    await user.click(within(jo).getByRole('button', { name: 'Disable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Jo Bloggs’s account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);

    await user.click(within(jo).getByRole('button', { name: 'Disable account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STAFF_ACCOUNT_MESSAGES.disabled('Jo Bloggs'));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { role: 'manager' },
      { disabled: true },
    ]);
    expect(within(jo).getByRole('button', { name: 'Enable account' })).toBeVisible();
  });

  it('is not offered to a manager, and says so at its address', async () => {
    const calls = stubServer({ role: 'manager' });
    renderRoute('/admin/staff');
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).queryByRole('link', { name: 'Staff' }),
    ).toBeNull();
    expect(calls.some((call) => call.url === '/api/admin/staff')).toBe(false);
  });
});
