import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TablesDayAnswer } from '#shared/tables/day.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';

const TUESDAY = '2026-12-08';
const tom = storedBookingFixture({ date: TUESDAY, timeSlot: '19:00' });

/** The day as GET /api/admin/tables/day answers it: Tom on Table 1 in tables mode (or covers). */
function dayOf(tables: string[], mode: 'covers' | 'tables' = 'tables'): TablesDayAnswer {
  return {
    date: TUESDAY,
    layout: { ...seedContent.tables, mode },
    bookings: [
      {
        id: tom._id,
        reference: tom.reference,
        name: tom.name,
        timeSlot: tom.timeSlot,
        guests: 2,
        status: 'CONFIRMED',
        source: 'online',
        eventSlug: null,
        tables,
        start: 19 * 60,
        end: 19 * 60 + 90,
        arrivedAt: null,
        seatedAt: null,
        leftAt: null,
        noShowAt: null,
      },
    ],
  };
}

function stubDay(mode: 'covers' | 'tables') {
  let tables = ['table-1'];
  return stubStaffApi(({ method, path, query, body }) => {
    if (path === '/api/closures') return Response.json([]);
    if (path === '/api/bookings') return Response.json(query.get('date') === TUESDAY ? [tom] : []);
    if (path === '/api/admin/tables/day') return Response.json(dayOf(tables, mode));
    if (method === 'PATCH' && path === `/api/bookings/${tom._id}`) {
      tables = [String(body?.placeId)];
      return Response.json(tom);
    }
    return undefined;
  });
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  renderRoute(`/admin/bookings?date=${TUESDAY}`);
  const dinner = await screen.findByRole('region', { name: 'Dinner' });
  await user.click(await within(dinner).findByRole('button', { name: 'Tom Adeyemi' }));
  return screen.findByRole('dialog', { name: 'Tom Adeyemi' });
}

describe('a booking’s table in its drawer (tables mode)', () => {
  undoStubsAfterEach();

  it('names the table, and moves the booking to one staff choose, saying why the others are refused', async () => {
    const user = userEvent.setup();
    const api = stubDay('tables');
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByText('Table 1')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Change table' }));
    const move = await screen.findByRole('dialog', { name: /^Move Tom Adeyemi/ });
    expect(move).toHaveTextContent('Bar 1: Walk-ins only');
    await user.click(within(move).getByRole('radio', { name: /^Table 2/ }));
    await user.click(within(move).getByRole('button', { name: 'Move booking' }));
    await waitFor(() => expect(api.bodiesOf('PATCH')).toEqual([{ placeId: 'table-2', notifyGuest: false }]));
    expect(await within(drawer).findByText('Table 2')).toBeInTheDocument();
  });

  it('shows no table in covers mode', async () => {
    const user = userEvent.setup();
    const api = stubDay('covers');
    const drawer = await openDrawer(user);
    await waitFor(() => expect(api.urlsFrom('/api/admin/tables/day').length).toBeGreaterThan(0));
    expect(within(drawer).queryByRole('button', { name: 'Change table' })).not.toBeInTheDocument();
  });
});
