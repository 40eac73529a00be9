import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClosedService, StoredBooking } from '#shared/booking/schemas.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { ApiError } from '#web/lib/api.ts';
import { CloseServiceDialog } from './close-service-dialog.tsx';

const TUESDAY = '2026-06-02';

function booking(overrides: Partial<StoredBooking>): StoredBooking {
  return storedBookingFixture({
    reference: 'RC-AAAAAA',
    date: TUESDAY,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '07700 900111',
    createdAt: '2026-05-20T13:05:00.000Z',
    updatedAt: '2026-05-20T13:05:00.000Z',
    ...overrides,
  });
}

const ADA = booking({});
const TOM = booking({
  _id: 'b2',
  reference: 'RC-BBBBBB',
  timeSlot: '20:00',
  name: 'Tom Adeyemi',
  email: '',
  phone: '07700 900222',
  partyAdults: 4,
  partySize: 4,
});
const GRACE = booking({ _id: 'b3', name: 'Grace Hopper', status: 'CANCELLED' });

const CLOSURE = { _id: 'c1', date: TUESDAY, service: 'dinner', reason: '' } as const;

/** What the dialog asks the page to do: close Tuesday's dinner, with the reason given. */
const closing = (reason: string, cancelBookings: boolean) => ({
  date: TUESDAY,
  service: 'dinner',
  reason,
  cancelBookings,
});

async function closeWithReason(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  reason: string,
  button: string,
) {
  await user.type(within(dialog).getByLabelText('Reason (optional)'), reason);
  await user.click(within(dialog).getByRole('button', { name: button }));
}

function renderDialog(bookings: StoredBooking[], answer: () => Promise<ClosedService>) {
  const onClose = vi.fn();
  const onConfirm = vi.fn(answer);
  render(
    <CloseServiceDialog
      date={TUESDAY}
      service="dinner"
      bookings={bookings}
      onClose={onClose}
      onConfirm={onConfirm}
    />,
  );
  return {
    onClose,
    onConfirm,
    dialog: screen.getByRole('dialog', { name: 'Close dinner on Tuesday 2 June 2026?' }),
  };
}

describe('CloseServiceDialog', () => {
  it('asks only for a reason when the service has no bookings standing, and closes once closed', async () => {
    const user = userEvent.setup();
    const { dialog, onConfirm, onClose } = renderDialog([GRACE], async () => ({
      closure: CLOSURE,
      cancelledBookings: [],
      guestsEmailed: 0,
    }));
    expect(dialog).toHaveTextContent(
      'Guests will see every dinner time as closed. Bookings already made stay as they are.',
    );
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Grace Hopper');
    await closeWithReason(user, dialog, ' Chef off sick ', 'Close dinner');
    expect(onConfirm).toHaveBeenCalledWith(closing('Chef off sick', false));
    expect(onClose).toHaveBeenCalled();
  });

  it('lists the bookings standing with how to reach each guest, and keeps them unless staff choose', async () => {
    const user = userEvent.setup();
    const { dialog, onConfirm, onClose } = renderDialog([ADA, TOM, GRACE], async () => ({
      closure: CLOSURE,
      cancelledBookings: [],
      guestsEmailed: 0,
    }));
    const list = within(dialog).getByRole('region', { name: '2 bookings for dinner' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '7pmAda Lovelace · 2 guestsada@example.com',
      '8pmTom Adeyemi · 4 guestsno e-mail — phone 07700 900222',
    ]);
    const keep = within(dialog).getByRole('radio', {
      name: 'Keep the bookings: closing only stops new online bookings',
    });
    expect(keep).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Close dinner' }));
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ cancelBookings: false }));
    expect(onClose).toHaveBeenCalled();
  });

  it('cancels the bookings when staff choose, then says who was e-mailed and whom to phone', async () => {
    const user = userEvent.setup();
    const cancelled = [ADA, TOM].map((entry) => ({ ...entry, status: 'CANCELLED' as const }));
    const { dialog, onConfirm, onClose } = renderDialog([ADA, TOM, GRACE], async () => ({
      closure: { ...CLOSURE, reason: 'Burst pipe' },
      cancelledBookings: cancelled,
      guestsEmailed: 1,
    }));
    const cancel = within(dialog).getByRole('radio', {
      name: 'Cancel these 2 bookings and e-mail each guest an apology',
    });
    expect(cancel).toHaveAccessibleDescription(/the pub’s phone number to rebook/);
    await user.click(cancel);
    await closeWithReason(user, dialog, 'Burst pipe', 'Close dinner and cancel 2 bookings');
    expect(onConfirm).toHaveBeenCalledWith(closing('Burst pipe', true));

    const outcome = await screen.findByRole('dialog', { name: 'Dinner closed' });
    expect(within(outcome).getByRole('heading', { name: 'Dinner closed' })).toHaveFocus();
    expect(within(outcome).getByRole('status')).toHaveTextContent(
      '2 bookings cancelled. An apology is on its way to 1 guest.',
    );
    const toPhone = within(outcome).getByRole('region', {
      name: 'This guest has no e-mail address: please phone them.',
    });
    expect(toPhone).toHaveTextContent('Tom Adeyemi');
    expect(toPhone).not.toHaveTextContent('Ada Lovelace');
    expect(within(toPhone).getByRole('link', { name: '07700 900222' })).toHaveAttribute(
      'href',
      'tel:+447700900222',
    );
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(outcome).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open with the server’s reason when closing fails, and can be tried again', async () => {
    const user = userEvent.setup();
    const { dialog, onConfirm, onClose } = renderDialog([ADA], async () => {
      throw new ApiError('Unauthorized', 401, true);
    });
    await user.click(
      within(dialog).getByRole('radio', { name: /^Cancel this booking and e-mail the guest/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close dinner and cancel 1 booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unauthorized');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close dinner and cancel 1 booking' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
