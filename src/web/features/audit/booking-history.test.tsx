import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#shared/audit/types.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { signedInAs } from '#tests/helpers/signed-in-staff.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const BOOKING = storedBookingFixture({ madeBy: 'Sam', changedBy: 'Guest', source: 'phone' });

const HISTORY: AuditEntry[] = [
  {
    id: 7,
    at: '2026-11-23T09:30:00.000Z',
    actorKind: 'guest',
    actorId: null,
    actorName: 'Guest',
    type: 'booking.changed',
    subjectType: 'booking',
    subjectId: BOOKING._id,
    summary: 'RC-ABC234, 2 guests, Tuesday 8 December 2026 at 7:30pm: changed',
    changes: {
      timeSlot: { before: '19:00', after: '19:30' },
      specialNotes: { before: '(personal data)', after: '(personal data)' },
    },
  },
  {
    id: 3,
    at: '2026-11-22T12:00:00.000Z',
    actorKind: 'staff',
    actorId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    actorName: 'Sam',
    type: 'booking.created',
    subjectType: 'booking',
    subjectId: BOOKING._id,
    summary: 'RC-ABC234, 2 guests, Tuesday 8 December 2026 at 7pm (phone)',
    changes: null,
  },
];

function stubServer(role: StaffRole) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://pub.test');
      asked.push(pathname);
      if (pathname === '/api/auth/me') return Response.json(signedInAs(role));
      if (pathname === '/api/bookings') return Response.json([BOOKING]);
      if (pathname === '/api/closures') return Response.json([]);
      if (pathname === '/api/admin/availability' || pathname === '/api/availability')
        return Response.json([]);
      if (pathname === `/api/admin/bookings/${BOOKING._id}/history`) return Response.json(HISTORY);
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return { askedForHistory: () => asked.some((path) => path.endsWith('/history')) };
}

afterEach(() => vi.unstubAllGlobals());

async function openTheBooking() {
  const user = userEvent.setup();
  renderRoute(`/admin/bookings?date=${BOOKING.date}`);
  const dinner = await screen.findByRole('region', { name: 'Dinner' }, { timeout: 5000 });
  const row = within(dinner).getByRole('row', { name: /Tom Adeyemi/ });
  expect(row).toHaveTextContent('Taken by Sam');
  expect(row).toHaveTextContent('Changed by Guest');
  await user.click(within(row).getByRole('button', { name: 'Tom Adeyemi' }));
  return screen.findByRole('dialog', { name: 'Tom Adeyemi' });
}

describe('who made and changed a booking, in the day view and its drawer', () => {
  it('shows a manager the booking’s history: when, who, what and each field before and after', async () => {
    stubServer('manager');
    const drawer = await openTheBooking();
    expect(drawer).toHaveTextContent('Taken by Sam');
    expect(drawer).toHaveTextContent('Changed by Guest');
    const history = await within(drawer).findByRole('region', { name: 'History' });
    const entries = await within(history).findAllByRole('listitem');
    const [changed] = entries;
    expect(changed).toHaveTextContent('Monday 23 November 2026, 9:30am');
    expect(changed).toHaveTextContent('Guest · Booking changed');
    expect(changed).toHaveTextContent('time slot: 19:00 → 19:30');
    expect(changed).toHaveTextContent('special notes: (personal data) → (personal data)');
    expect(history).toHaveTextContent('Sam · Booking made');
  });

  it('shows staff who took and changed it, but not the history their role cannot read', async () => {
    const server = stubServer('staff');
    const drawer = await openTheBooking();
    expect(drawer).toHaveTextContent('Taken by Sam');
    expect(within(drawer).queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    expect(server.askedForHistory()).toBe(false);
  });
});
