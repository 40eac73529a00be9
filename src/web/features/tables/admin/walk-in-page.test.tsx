import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import type { TablesDocument } from '#shared/tables/layout.ts';
import { londonInstant, londonToday } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { table } from '#tests/helpers/tables.ts';

const TODAY = londonToday();

const LAYOUT: TablesDocument = {
  ...seedContent.tables,
  mode: 'tables',
  areas: [{ id: 'room', name: 'Dining room', closed: [] }],
  tables: [table('t1', 1, 6), table('bar', 1, 4, 'walk-in')],
  joins: [],
};

/** Patel, four, have Table T1 from 7:30pm. */
const PATEL: TablesDayBooking = {
  id: '6f1c1f7e-2a55-4a53-9a0e-3f3c8f0d9b11',
  reference: 'RC-PATEL4',
  name: 'Patel',
  timeSlot: '19:30',
  guests: 4,
  status: 'CONFIRMED',
  source: 'phone',
  eventSlug: null,
  tables: ['t1'],
  start: 19 * 60 + 30,
  end: 21 * 60,
  arrivedAt: null,
  seatedAt: null,
  leftAt: null,
  noShowAt: null,
};

function stubServer(layout: TablesDocument, answer?: (body: Record<string, unknown>) => Response) {
  const day: TablesDayAnswer = { date: TODAY, layout, bookings: [PATEL] };
  return stubStaffApi(({ method, path, body = {} }) => {
    if (path === '/api/admin/tables/day') return Response.json(day);
    if (path === '/api/admin/tables/walk-ins' && method === 'POST') {
      return (
        answer?.(body) ??
        Response.json(
          { ...PATEL, id: 'a7', name: 'Walk-in', guests: 2, tables: [body.placeId], source: 'walk-in' },
          { status: 201 },
        )
      );
    }
    return undefined;
  });
}

const tableButton = (name: RegExp) => screen.findByRole('button', { name });

/** Opens the walk-in screen on the layout and asks for the tables for a party of `typed` ("More than 8"). */
async function askForLargerParty(typed: string) {
  const user = userEvent.setup();
  stubServer(LAYOUT);
  renderRoute('/admin/walk-in');
  await user.click(await screen.findByRole('button', { name: 'More than 8' }));
  const guests = screen.getByLabelText('Guests');
  await user.clear(guests);
  await user.type(guests, typed);
  await user.click(screen.getByRole('button', { name: 'Show tables' }));
  return { user, guests };
}

describe('the walk-in screen', () => {
  undoStubsAfterEach();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(londonInstant(TODAY, '17:50'));
  });
  afterEach(() => vi.useRealTimers());

  it('seats a party of two in two taps, on the table tapped, and starts again', async () => {
    const user = userEvent.setup();
    const api = stubServer(LAYOUT);
    renderRoute('/admin/walk-in');
    await user.click(await screen.findByRole('button', { name: 'Party of 2' }));

    // Two sit 90 minutes, to 7:20pm: Table T1 is free until Patel's 7:30pm.
    const t1 = await tableButton(/Table T1/);
    expect(t1).toHaveTextContent('Free until 7:30pm, then Patel, 4');
    expect(await tableButton(/Table BAR/)).toHaveTextContent('Free for the rest of the evening');
    await user.click(t1);

    expect(await screen.findByRole('status')).toHaveTextContent('Walk-in, 2 guests, seated at Table T1.');
    expect(api.bodiesOf('POST')).toEqual([{ partyAdults: 2, partyChildren: 0, placeId: 't1' }]);
    await user.click(screen.getByRole('button', { name: 'Next walk-in' }));
    expect(await screen.findByRole('button', { name: 'Party of 2' })).toBeVisible();
  });

  it('leaves out a table taken before the party would finish, and takes a larger party', async () => {
    const { user } = await askForLargerParty('3');
    expect(await screen.findByRole('heading', { name: 'Tables free now for 3' })).toBeVisible();
    vi.setSystemTime(londonInstant(TODAY, '18:10'));
    await user.click(screen.getByRole('button', { name: 'Change party' }));
    await user.click(await screen.findByRole('button', { name: 'Party of 5' }));
    // Five sit two hours from 6:10pm, past Patel's 7:30pm; the bar seats four.
    expect(await screen.findByText('No table or join is free now for 5 guests.')).toBeVisible();
  });

  it('says under Guests when a larger party is not a number from 1 to 60', async () => {
    const { guests } = await askForLargerParty('61');
    expect(guests).toHaveAccessibleDescription('Please give the party as a whole number from 1 to 60.');
    expect(guests).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /Tables free now/ })).toBeNull();
  });

  it('shows the server’s refusal and keeps the party', async () => {
    const user = userEvent.setup();
    const refusal = 'Table T1 cannot take this booking: Taken from 6pm by Smith.';
    stubServer(LAYOUT, () => Response.json({ error: refusal }, { status: 409 }));
    renderRoute('/admin/walk-in');
    await user.click(await screen.findByRole('button', { name: 'Party of 2' }));
    await user.click(await tableButton(/Table T1/));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('heading', { name: 'Tables free now for 2' })).toBeVisible();
  });

  it('says tables mode is not on in covers mode', async () => {
    stubServer({ ...LAYOUT, mode: 'covers' });
    renderRoute('/admin/walk-in');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Tables mode is not on/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Party of 2' })).toBeNull();
  });
});
