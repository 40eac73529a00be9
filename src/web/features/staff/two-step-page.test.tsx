import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '#shared/staff/roles.ts';
import { TWO_STEP_TEXTS } from '#shared/staff/two-step.ts';
import type { TwoStepStatus } from '#shared/staff/two-step-schemas.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { signedInAs } from '#tests/helpers/signed-in-staff.ts';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);
const RIGHT_CODE = '123456';

/** A fake server for one account's two-step sign-in. */
function stubServer(
  options: { signedIn?: boolean; role?: StaffRole; on?: boolean; required?: boolean } = {},
) {
  let signedIn = options.signedIn ?? true;
  let on = options.on ?? false;
  const required = options.required ?? false;
  let requireTwoStep = false;
  const me = () => ({ ...signedInAs(options.role ?? 'manager'), twoStepOn: on, twoStepRequired: required });
  const status = (): TwoStepStatus => ({ on, required, recoveryCodesLeft: on ? 10 : 0 });
  const unauthorized = (error = 'Unauthorized') => Response.json({ error }, { status: 401 });

  return stubStaffApi(({ method, path, body = {} }) => {
    const key = `${method} ${path}`;
    if (key === 'GET /api/auth/me') return signedIn ? Response.json(me()) : unauthorized();
    if (key === 'POST /api/auth/login') return Response.json({ twoStep: true });
    if (key === 'POST /api/auth/login/two-step') {
      if (body.code !== RIGHT_CODE) return unauthorized(TWO_STEP_TEXTS.wrongCode);
      signedIn = true;
      return Response.json(me());
    }
    if (!signedIn) return unauthorized();
    if (key === 'GET /api/auth/two-step') return Response.json(status());
    if (key === 'POST /api/auth/two-step/setup') {
      return Response.json({
        uri: 'otpauth://totp/x',
        secret: 'JBSWY3DPEHPK3PXP',
        qr: { size: 2, path: 'M0 0h1v1h-1z' },
      });
    }
    if (key === 'POST /api/auth/two-step/enable') {
      if (body.code !== RIGHT_CODE)
        return Response.json({ error: TWO_STEP_TEXTS.wrongCode }, { status: 400 });
      on = true;
      return Response.json({ recoveryCodes: RECOVERY_CODES });
    }
    if (key === 'GET /api/admin/staff/settings') return Response.json({ requireTwoStep });
    if (key === 'PUT /api/admin/staff/settings') {
      if (!on) return Response.json({ error: TWO_STEP_TEXTS.ownerFirst }, { status: 409 });
      requireTwoStep = body.requireTwoStep === true;
      return Response.json({ requireTwoStep });
    }
    return undefined;
  });
}

describe('two-step sign-in in the admin', () => {
  undoStubsAfterEach();

  it('asks for the code after the password, refuses a wrong one and signs in with a right one', async () => {
    const user = userEvent.setup();
    stubServer({ signedIn: false, on: true });
    const { location } = renderRoute('/admin/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5_000 }),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'manager@pub.example');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
    await user.type(screen.getByLabelText('Code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_STEP_TEXTS.wrongCode);

    await user.type(screen.getByLabelText('Code'), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in is on' })).toBeVisible();
    expect(location().pathname).toBe('/admin/account');
  });

  it('sends a manager who must use it to set it up, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const server = stubServer({ required: true });
    const { location } = renderRoute('/admin/bookings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(location().pathname).toBe('/admin/account');
    expect(await screen.findByRole('alert')).toHaveTextContent('The owner requires two-step sign-in');

    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_STEP_TEXTS.wrongCode);
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in is on' })).toBeVisible();
    expect(screen.queryByText(RECOVERY_CODES[0] as string)).not.toBeInTheDocument();
    // Required of the role: it cannot be turned off.
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in' })).not.toBeInTheDocument();
    expect(server.sent.filter((call) => call.url === '/api/auth/me')).toHaveLength(2);
  });

  it('gives owners the switch that requires it of managers and owners, with the server’s refusal', async () => {
    const user = userEvent.setup();
    const server = stubServer({ role: 'owner' });
    renderRoute('/admin/account');
    const box = await screen.findByRole(
      'checkbox',
      { name: 'Require two-step sign-in for managers and owners' },
      { timeout: 5_000 },
    );
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_STEP_TEXTS.ownerFirst);
    expect(box).not.toBeChecked();
    expect(server.sent).toContainEqual({
      method: 'PUT',
      url: '/api/admin/staff/settings',
      body: { requireTwoStep: true },
    });
  });

  it('hides the switch from managers', async () => {
    stubServer({ role: 'manager' });
    renderRoute('/admin/account');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in is off' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
