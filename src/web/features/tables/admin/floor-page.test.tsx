import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

const TUESDAY = '2026-12-08';
const FLOOR = `/admin/floor?date=${TUESDAY}&service=dinner`;

/** A booking of the day as GET /api/admin/tables/day answers it: expected, by phone, holding its tables. */
function dayBooking(
  overrides: Partial<TablesDayBooking> & Pick<TablesDayBooking, 'id' | 'name' | 'timeSlot'>,
): TablesDayBooking {
  const [hours, minutes] = overrides.timeSlot.split(':').map(Number) as [number, number];
  const start = hours * 60 + minutes;
  return {
    reference: `REF-${overrides.id}`,
    guests: 2,
    status: 'CONFIRMED',
    source: 'phone',
    eventSlug: null,
    tables: [],
    start,
    end: start + 90,
    arrivedAt: null,
    seatedAt: null,
    leftAt: null,
    noShowAt: null,
    ...overrides,
  };
}

const smith = dayBooking({ id: 'b-smith', name: 'Smith', timeSlot: '19:30', guests: 4, tables: ['table-5'] });
const patel = dayBooking({
  id: 'b-patel',
  name: 'Patel',
  timeSlot: '19:00',
  tables: ['table-1'],
  arrivedAt: '2026-12-08T19:02:00.000Z',
});
const jones = dayBooking({
  id: 'b-jones',
  name: 'Jones',
  timeSlot: '18:00',
  guests: 6,
  tables: ['table-3', 'table-4'],
  end: 20 * 60,
});
const brown = dayBooking({ id: 'b-brown', name: 'Brown', timeSlot: '20:00', guests: 3 });
const lunch = dayBooking({ id: 'b-lunch', name: 'Ahmed', timeSlot: '12:30', tables: ['table-2'] });

const SMITH = 'Smith, 4, expected, 7:30pm to 9pm, Table 5';

function dayWith(bookings: TablesDayBooking[], mode: 'covers' | 'tables' = 'tables'): TablesDayAnswer {
  return { date: TUESDAY, layout: { ...seedContent.tables, mode }, bookings };
}

/**
 * A signed-in server answering the floor's day (`days` in turn, the last one again) and each PATCH of a booking
 * with `patch`, else the booking as it is.
 */
function stubFloor(days: TablesDayAnswer[], patch?: () => Response) {
  let asked = 0;
  const api = stubStaffApi(({ method, path }) => {
    if (path === '/api/admin/tables/day') {
      asked += 1;
      return Response.json(days[Math.min(asked, days.length) - 1]);
    }
    if (method === 'PATCH' && path.startsWith('/api/bookings/')) return patch?.() ?? Response.json({});
    return undefined;
  });
  return { ...api, daysAsked: () => asked };
}

const grid = () => screen.findByRole('region', { name: 'Dinner by table and time' });
const phoneList = () => screen.findByRole('region', { name: 'Dinner by table' });

/** The line of the grid for one table (or "Not yet placed"). */
function rowOf(region: HTMLElement, label: string): HTMLElement {
  const name = within(region).getByText(label, { selector: 'span' });
  return name.parentElement?.parentElement as HTMLElement;
}

describe('the floor view', () => {
  undoStubsAfterEach();

  it('shows the tables by area in the layout’s order, and each dinner booking as a bar on each of its tables', async () => {
    stubFloor([dayWith([smith, patel, jones, brown, lunch])]);
    renderRoute(FLOOR);
    const floor = await grid();

    expect(
      within(floor)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Dining room', 'Bar', 'The snug', 'Garden']);
    expect(within(rowOf(floor, 'Table 5')).getByRole('button', { name: SMITH })).toHaveTextContent(
      '4 · Expected',
    );
    expect(
      within(rowOf(floor, 'Table 1')).getByRole('button', {
        name: 'Patel, 2, arrived, 7pm to 8:30pm, Table 1',
      }),
    ).toHaveTextContent('2 · Arrived');
    // A join: a bar on each of its tables, marked as joined.
    for (const table of ['Table 3', 'Table 4']) {
      expect(
        within(rowOf(floor, table)).getByRole('button', {
          name: 'Jones, 6, expected, joined, 6pm to 8pm, Tables 3 + 4',
        }),
      ).toHaveTextContent('6 · Expected · Joined');
    }
    expect(within(rowOf(floor, 'Table 6')).queryByRole('button')).not.toBeInTheDocument();
    // Lunch is another tab.
    expect(within(floor).queryByRole('button', { name: /^Ahmed/ })).not.toBeInTheDocument();
    expect(within(floor).getByText('6pm')).toBeInTheDocument();
  });

  it('puts a booking holding no table in “Not yet placed”, at the top', async () => {
    stubFloor([dayWith([smith, brown])]);
    renderRoute(FLOOR);
    const floor = await grid();
    const unplaced = rowOf(floor, 'Not yet placed');
    expect(
      within(unplaced).getByRole('button', { name: 'Brown, 3, expected, 8pm to 9:30pm, not yet placed' }),
    ).toBeVisible();
    expect(within(unplaced).queryByRole('button', { name: SMITH })).not.toBeInTheDocument();
    expect(
      unplaced.compareDocumentPosition(rowOf(floor, 'Table 1')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('moves a booking chosen by keyboard to a free table, says why the others are refused, and shows the floor again', async () => {
    const user = userEvent.setup();
    const movedSmith = { ...smith, tables: ['table-6'] };
    const server = stubFloor([dayWith([smith, patel, jones]), dayWith([movedSmith, patel, jones])]);
    renderRoute(FLOOR);
    within(await grid())
      .getByRole('button', { name: SMITH })
      .focus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Move Smith, 4' });
    const free = within(dialog).getByRole('group', { name: 'Free at 7:30pm' });
    expect(within(free).getByRole('radio', { name: 'Table 5' })).toBeChecked();
    expect(within(free).queryByRole('radio', { name: 'Table 4' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Table 4: Taken from 6pm by Jones');
    expect(dialog).toHaveTextContent('Table 1: Too small: seats 2 at most');
    expect(dialog).toHaveTextContent('Bar 3: Walk-ins only');

    await user.click(within(free).getByRole('radio', { name: 'Table 6' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(server.bodiesOf('PATCH')).toEqual([{ placeId: 'table-6', notifyGuest: false }]);
    expect(server.urlsFrom('/api/bookings/')).toEqual(['/api/bookings/b-smith']);
    expect(await screen.findByRole('status')).toHaveTextContent('Smith is now on Table 6 at 7:30pm.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const floor = await grid();
    await waitFor(() =>
      expect(
        within(rowOf(floor, 'Table 6')).getByRole('button', {
          name: 'Smith, 4, expected, 7:30pm to 9pm, Table 6',
        }),
      ).toBeVisible(),
    );
    expect(server.daysAsked()).toBe(2);
  });

  it('sends the new time with the table, and e-mails the guest only when staff tick it', async () => {
    const user = userEvent.setup();
    const server = stubFloor([dayWith([smith, patel, jones])]);
    renderRoute(FLOOR);
    await user.click(within(await grid()).getByRole('button', { name: SMITH }));
    const dialog = screen.getByRole('dialog', { name: 'Move Smith, 4' });
    await user.selectOptions(within(dialog).getByLabelText('Time'), '8:30pm');
    // At 8:30pm Jones has left tables 3 and 4.
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Free at 8:30pm' })).getByRole('radio', {
        name: 'Table 4',
      }),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail the guest the new details' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    await waitFor(() =>
      expect(server.bodiesOf('PATCH')).toEqual([
        { placeId: 'table-4', timeSlot: '20:30', notifyGuest: true },
      ]),
    );
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const user = userEvent.setup();
    const refusal = 'Table 6 cannot take this booking: Taken from 7pm by Lee.';
    stubFloor([dayWith([smith])], () => Response.json({ error: refusal }, { status: 409 }));
    renderRoute(FLOOR);
    await user.click(within(await grid()).getByRole('button', { name: SMITH }));
    const dialog = screen.getByRole('dialog', { name: 'Move Smith, 4' });
    await user.click(within(dialog).getByRole('radio', { name: 'Table 6' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Move Smith, 4' })).toBeInTheDocument();
  });

  it('asks for another table or time before sending a move that changes nothing', async () => {
    const user = userEvent.setup();
    const server = stubFloor([dayWith([smith])]);
    renderRoute(FLOOR);
    await user.click(within(await grid()).getByRole('button', { name: SMITH }));
    const dialog = screen.getByRole('dialog', { name: 'Move Smith, 4' });
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nothing has changed yet');
    expect(server.bodiesOf('PATCH')).toEqual([]);
  });

  it('lists the same bookings by table for a phone, in time order, each opening the same move', async () => {
    const user = userEvent.setup();
    const early = dayBooking({
      id: 'b-early',
      name: 'Early',
      timeSlot: '18:00',
      guests: 4,
      tables: ['table-5'],
    });
    stubFloor([dayWith([smith, early, patel, jones, brown, lunch])]);
    renderRoute(FLOOR);
    const names = (region: HTMLElement) =>
      within(region)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'))
        .sort();
    const list = await phoneList();
    expect(names(list)).toEqual(names(await grid()));

    const table5 = within(list).getByRole('heading', { name: /^Table 5/ }).parentElement as HTMLElement;
    expect(
      within(table5)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Early 4 · Expected 6pm', 'Smith 4 · Expected 7:30pm']);
    expect(within(list).getByRole('heading', { name: /^Not yet placed/, level: 3 })).toBeInTheDocument();
    await user.click(within(table5).getByRole('button', { name: SMITH }));
    expect(screen.getByRole('dialog', { name: 'Move Smith, 4' })).toBeInTheDocument();
  });

  it('shows lunch on its own tab', async () => {
    const user = userEvent.setup();
    stubFloor([dayWith([smith, lunch])]);
    const view = renderRoute(FLOOR);
    await grid();
    await user.click(screen.getByRole('radio', { name: 'Lunch' }));
    const floor = await screen.findByRole('region', { name: 'Lunch by table and time' });
    expect(
      within(rowOf(floor, 'Table 2')).getByRole('button', {
        name: 'Ahmed, 2, expected, 12:30pm to 2pm, Table 2',
      }),
    ).toBeVisible();
    expect(within(floor).queryByRole('button', { name: SMITH })).not.toBeInTheDocument();
    expect(view.location().search).toBe(`?date=${TUESDAY}&service=lunch`);
  });

  it('explains covers mode and links to the tables settings', async () => {
    stubFloor([dayWith([smith], 'covers')]);
    renderRoute(FLOOR);
    expect(await screen.findByText(/The pub counts covers, not tables/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up the tables' })).toHaveAttribute(
      'href',
      '/admin/content/tables',
    );
    expect(screen.queryByRole('region', { name: /by table/ })).not.toBeInTheDocument();
  });

  it('asks for the date in the address and moves a day at a time', async () => {
    const user = userEvent.setup();
    const server = stubFloor([dayWith([])]);
    const view = renderRoute(FLOOR);
    await grid();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(view.location().search).toBe('?date=2026-12-09&service=dinner'));
    expect(server.urlsFrom('/api/admin/tables/day')).toEqual([
      `/api/admin/tables/day?date=${TUESDAY}`,
      '/api/admin/tables/day?date=2026-12-09',
    ]);
  });
});

describe('the floor for assistive technology', () => {
  undoStubsAfterEach();

  it('has no axe violations in the grid, the list and the move dialog', async () => {
    const user = userEvent.setup();
    stubFloor([dayWith([smith, patel, jones, brown])]);
    const view = renderRoute(FLOOR);
    await grid();
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    await user.click(within(await grid()).getByRole('button', { name: SMITH }));
    expect((await axe.run(screen.getByRole('dialog'), { rules })).violations).toEqual([]);
  });
});
