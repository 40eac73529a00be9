import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { addDays, formatLongDate, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const start = addDays(londonToday(), 7);
const TUESDAY = addDays(start, (2 - weekdayOf(start) + 7) % 7);

const winifred = storedBookingFixture({
  _id: 'b2',
  date: TUESDAY,
  timeSlot: '19:30',
  name: 'Winifred Pole',
  email: 'winifred@example.com',
  phone: '07700 900555',
  partyChildren: 1,
  partySize: 3,
});

/** A signed-in admin's server holding one booking, whose PATCHes change its status. */
function stubServer(booking: StoredBooking) {
  let stored = booking;
  const api = stubStaffApi(({ method, path, body }) => {
    if (path === '/api/bookings') return Response.json([stored]);
    if (path === `/api/bookings/${booking._id}` && method === 'PATCH') {
      stored = { ...stored, status: body?.status as StoredBooking['status'] };
      return Response.json(stored);
    }
    if (path === '/api/availability' || path === '/api/closures') return Response.json([]);
    return undefined;
  });
  return { patches: () => api.bodiesOf('PATCH') };
}

async function rowStatus() {
  renderRoute(`/admin/bookings?date=${TUESDAY}`);
  const dinner = await screen.findByRole('region', { name: 'Dinner' });
  return within(dinner).findByRole('combobox', { name: 'Status of Winifred Pole, 7:30pm' });
}

describe('staff cancel a booking', () => {
  undoStubsAfterEach();

  it('asks first, naming the booking, and e-mails the guest unless staff untick it', async () => {
    const user = userEvent.setup();
    const server = stubServer(winifred);
    const status = await rowStatus();
    await user.selectOptions(status, 'CANCELLED');

    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent(`Winifred Pole, 7:30pm on ${formatLongDate(TUESDAY)}, 3 guests.`);
    const notify = within(dialog).getByRole('checkbox', {
      name: 'E-mail winifred@example.com that it is cancelled',
    });
    expect(notify).toBeChecked();
    expect(status).toHaveValue('CONFIRMED');
    expect(server.patches()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(server.patches()).toEqual([{ status: 'CANCELLED', notifyGuest: true }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(status).toHaveValue('CANCELLED'));
  });

  it('cancels without an e-mail when staff untick the box', async () => {
    const user = userEvent.setup();
    const server = stubServer(winifred);
    await user.selectOptions(await rowStatus(), 'CANCELLED');
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^E-mail winifred@example.com/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(server.patches()).toEqual([{ status: 'CANCELLED', notifyGuest: false }]);
  });

  it('keeps the booking as it was, back on its status', async () => {
    const user = userEvent.setup();
    const server = stubServer(winifred);
    const status = await rowStatus();
    await user.selectOptions(status, 'CANCELLED');
    await user.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(status).toHaveValue('CONFIRMED');
    expect(status).toHaveFocus();
    expect(server.patches()).toEqual([]);
  });

  it('offers no e-mail for a booking without an address, and says so', async () => {
    const user = userEvent.setup();
    const server = stubServer({ ...winifred, email: '' });
    await user.selectOptions(await rowStatus(), 'CANCELLED');
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'This booking has no e-mail address, so the guest will not be e-mailed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(server.patches()).toEqual([{ status: 'CANCELLED', notifyGuest: false }]);
  });

  it('asks from the booking’s drawer too, then shows the booking cancelled there', async () => {
    const user = userEvent.setup();
    const server = stubServer(winifred);
    await rowStatus();
    await user.click(screen.getByRole('button', { name: 'Winifred Pole' }));
    const drawer = screen.getByRole('dialog', { name: 'Winifred Pole' });
    await user.selectOptions(within(drawer).getByLabelText('Status'), 'CANCELLED');

    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(server.patches()).toEqual([{ status: 'CANCELLED', notifyGuest: true }]);
    const reopened = await screen.findByRole('dialog', { name: 'Winifred Pole' });
    await waitFor(() => expect(within(reopened).getByLabelText('Status')).toHaveValue('CANCELLED'));
    expect(within(reopened).queryByRole('button', { name: 'Change booking' })).not.toBeInTheDocument();
  });

  it('changes other statuses at once, as before', async () => {
    const user = userEvent.setup();
    const server = stubServer(winifred);
    const status = await rowStatus();
    await user.selectOptions(status, 'PENDING');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.patches()).toEqual([{ status: 'PENDING' }]);
    await waitFor(() => expect(status).toHaveValue('PENDING'));
  });
});
