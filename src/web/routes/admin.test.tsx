import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { EMAIL, openDinner, stubServer, TUESDAY } from './admin-fixture.ts';

describe('staff admin', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('sign-in', () => {
    it('sends a signed-out visitor of a sub-route to /admin and back there after signing in', async () => {
      const user = userEvent.setup();
      stubServer({ signedIn: false });
      const { location } = renderRoute(`/admin/bookings?date=${TUESDAY}`);
      // The first render of the file loads the admin's lazy chunk: slow on a busy machine.
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(location().pathname).toBe('/admin');
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();

      await user.type(screen.getByLabelText('Email'), EMAIL);
      await user.type(screen.getByLabelText('Password'), 'wrong password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');

      await user.clear(screen.getByLabelText('Password'));
      await user.type(screen.getByLabelText('Password'), 'right password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
      expect(`${location().pathname}${location().search}`).toBe(`/admin/bookings?date=${TUESDAY}`);
      expect(screen.getByRole('navigation', { name: 'Admin' })).toHaveTextContent(
        'BookingsFloorQueueStandbyVouchersChristmasOccasionsEvents',
      );
    });

    it('takes /admin/login to the sign-in, and on to the day’s bookings once signed in', async () => {
      const user = userEvent.setup();
      stubServer({ signedIn: false });
      const { location } = renderRoute('/admin/login');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(location().pathname).toBe('/admin');
      await user.type(screen.getByLabelText('Email'), EMAIL);
      await user.type(screen.getByLabelText('Password'), 'right password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
      expect(location().pathname).toBe('/admin/bookings');
    });

    it('offers staff only their screens, and says so on a manager’s screen reached by its address', async () => {
      stubServer({ role: 'staff' });
      renderRoute('/admin/events');
      expect(
        await screen.findByRole('heading', { level: 1, name: "You don't have access to that." }),
      ).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Admin' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Bookings', 'Floor', 'Queue', 'Standby', 'Vouchers', 'Christmas', 'Occasions']);
    });

    it('logs out: the server ends the session and staff are back at /admin', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      const { location } = renderRoute('/admin/events');
      await user.click(await screen.findByRole('button', { name: 'Logout' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(location().pathname).toBe('/admin');
      expect(server.sent).toContainEqual(
        expect.objectContaining({ method: 'POST', url: '/api/auth/logout' }),
      );
    });

    it('returns to the sign-in page when the session runs out mid-task', async () => {
      const user = userEvent.setup();
      vi.spyOn(window, 'alert').mockImplementation(() => {});
      const server = stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      server.expireSession();
      await user.selectOptions(
        within(dinner).getByRole('combobox', { name: /Status of Tom Adeyemi/ }),
        'PENDING',
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    });
  });

  describe('bookings day view', () => {
    it('offers staff the bookings but not a manager’s closures and exports', async () => {
      stubServer({ role: 'staff' });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      expect(within(dinner).getByRole('combobox', { name: /Status of Tom Adeyemi/ })).toBeInTheDocument();
      expect(within(dinner).getByText('Open')).toBeInTheDocument();
      expect(within(dinner).queryByRole('button', { name: 'Close dinner' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'New booking' })).toBeInTheDocument();
    });

    it('shows the day’s services, the covers used of each slot’s covers and the bookings', async () => {
      stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      expect(screen.getByRole('region', { name: 'Lunch' })).toBeInTheDocument();
      const bars = within(dinner).getByRole('list', { name: 'Dinner availability' });
      expect(bars).toHaveTextContent('7pm2 of 24 covers');
      expect(bars).toHaveTextContent('6pm0 of 24 covers');
      const row = within(dinner).getByRole('row', { name: /Tom Adeyemi/ });
      expect(row).toHaveTextContent('Allergies');
      expect(within(row).getByRole('link', { name: 'tom@example.com' })).toHaveAttribute(
        'href',
        'mailto:tom@example.com',
      );
    });

    it('shows dinner closed on a day the pub shuts early, and why, with lunch open', async () => {
      stubServer();
      // The seeded Christmas Eve: open 12pm–6pm.
      renderRoute('/admin/bookings?date=2026-12-24');
      const dinner = await openDinner();
      expect(within(dinner).getByText('Closed')).toBeInTheDocument();
      expect(within(dinner).getByText('Closed: Christmas Eve, open 12pm–6pm')).toBeInTheDocument();
      const lunch = screen.getByRole('region', { name: 'Lunch' });
      expect(within(lunch).getByText('Open')).toBeInTheDocument();
      expect(within(lunch).queryByText(/Christmas Eve/)).not.toBeInTheDocument();
      expect(within(dinner).queryByRole('button', { name: 'Close dinner' })).not.toBeInTheDocument();
      expect(within(lunch).getByRole('button', { name: 'Close lunch' })).toHaveClass('min-h-11');
    });

    it('says Christmas Day’s tables are closed because it is booked on the Christmas screen, with nothing to close', async () => {
      stubServer();
      renderRoute('/admin/bookings?date=2026-12-25');
      const dinner = await openDinner();
      expect(
        screen.getByText(
          'No table bookings on Christmas Day: it is sold with its own menu, and its bookings are on the Christmas screen.',
        ),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Open the Christmas screen' })).toHaveAttribute(
        'href',
        '/admin/christmas',
      );
      const lunch = screen.getByRole('region', { name: 'Lunch' });
      for (const [section, name] of [
        [lunch, 'lunch'],
        [dinner, 'dinner'],
      ] as const) {
        expect(within(section).getByText('Closed')).toBeInTheDocument();
        expect(
          within(section).getByText('Closed: Christmas Day, booked on the Christmas screen'),
        ).toBeInTheDocument();
        expect(within(section).queryByRole('button', { name: `Close ${name}` })).not.toBeInTheDocument();
      }
    });

    it('changes a status, then reloads the availability', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      const status = within(dinner).getByRole('combobox', { name: 'Status of Tom Adeyemi, 7pm' });
      const availabilityCalls = () =>
        server.sent.filter((call) => call.url.startsWith('/api/availability')).length;
      const before = availabilityCalls();
      await user.selectOptions(status, 'CANCELLED');
      const question = screen.getByRole('dialog', { name: 'Cancel this booking?' });
      await user.click(within(question).getByRole('button', { name: 'Cancel booking' }));
      expect(server.sent).toContainEqual({
        method: 'PATCH',
        url: '/api/bookings/b1',
        body: { status: 'CANCELLED', notifyGuest: true },
      });
      await waitFor(() => expect(availabilityCalls()).toBe(before + 1));
      expect(status).toHaveValue('CANCELLED');
    });

    it('alerts ‘Failed to update status’ and puts the old status back when the change fails', async () => {
      const user = userEvent.setup();
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      stubServer({ fail: /^PATCH / });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      const status = within(dinner).getByRole('combobox', { name: /Status of Tom Adeyemi/ });
      await user.selectOptions(status, 'PENDING');
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update status'));
      expect(status).toHaveValue('CONFIRMED');
    });

    it('closes dinner with a reason, then reopens it', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      await user.click(within(dinner).getByRole('button', { name: 'Close dinner' }));
      const dialog = await screen.findByRole('dialog', { name: /Close dinner on/ });
      await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Chef off sick');
      await user.click(within(dialog).getByRole('button', { name: 'Close dinner' }));
      expect(server.sent).toContainEqual({
        method: 'POST',
        url: '/api/closures',
        body: { date: TUESDAY, service: 'dinner', reason: 'Chef off sick', cancelBookings: false },
      });
      const reopen = await within(dinner).findByRole('button', { name: 'Reopen dinner' });
      expect(dinner).toHaveTextContent('Closed: Chef off sick');

      await user.click(reopen);
      expect(await within(dinner).findByRole('button', { name: 'Close dinner' })).toBeInTheDocument();
      expect(server.sent).toContainEqual(
        expect.objectContaining({ method: 'DELETE', url: '/api/closures/c1' }),
      );
    });

    it('says why closing failed in the dialog, and closes nothing', async () => {
      const user = userEvent.setup();
      stubServer({ fail: /^POST \/api\/closures$/ });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      const dinner = await openDinner();
      await user.click(within(dinner).getByRole('button', { name: 'Close dinner' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Close dinner' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Boom');
      expect(within(dinner).getByRole('button', { name: 'Close dinner' })).toBeInTheDocument();
    });

    it('says ‘Failed to load bookings’ when they cannot be loaded', async () => {
      stubServer({ fail: /^GET \/api\/bookings$/ });
      renderRoute(`/admin/bookings?date=${TUESDAY}`);
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load bookings');
    });

    it('opens the detail drawer with contact links and times, and moves between days', async () => {
      const user = userEvent.setup();
      stubServer();
      const { location } = renderRoute(`/admin/bookings?date=${TUESDAY}&scope=dinner`);
      const dinner = await openDinner();
      expect(screen.queryByRole('region', { name: 'Lunch' })).not.toBeInTheDocument();
      await user.click(within(dinner).getByRole('button', { name: 'Tom Adeyemi' }));
      const drawer = await screen.findByRole('dialog', { name: 'Tom Adeyemi' });
      expect(within(drawer).getByRole('link', { name: 'Email guest' })).toHaveAttribute(
        'href',
        'mailto:tom@example.com',
      );
      expect(within(drawer).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:07700900456');
      expect(drawer).toHaveTextContent('Created Wednesday 20 May 2026, 2:05pm');
      expect(drawer).toHaveTextContent('Peanuts');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Next day' }));
      expect(location().search).toBe(`?date=${addDays(TUESDAY, 1)}&scope=dinner`);
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        `/api/bookings.csv?date=${addDays(TUESDAY, 1)}&scope=dinner`,
      );
    });
  });
});
