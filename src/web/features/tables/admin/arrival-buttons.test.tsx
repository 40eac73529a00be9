import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import { londonInstant, londonToday } from '#shared/time/london-time.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { table } from '#tests/helpers/tables.ts';
import { ArrivalButtons } from './arrival-buttons.tsx';

const TODAY = londonToday();
const ID = '6f1c1f7e-2a55-4a53-9a0e-3f3c8f0d9b11';

/** Patel, four, at 7pm on Table T1; the grace before a no-show is 15 minutes. */
const PATEL: TablesDayBooking = {
  id: ID,
  reference: 'RC-PATEL4',
  name: 'Patel',
  timeSlot: '19:00',
  guests: 4,
  status: 'CONFIRMED',
  source: 'phone',
  eventSlug: null,
  tables: ['t1'],
  start: 19 * 60,
  end: 21 * 60,
  arrivedAt: null,
  seatedAt: null,
  leftAt: null,
  noShowAt: null,
};

function stubServer(answer?: (body: Record<string, unknown>) => Response) {
  const day: TablesDayAnswer = {
    date: TODAY,
    layout: { ...seedContent.tables, mode: 'tables', tables: [table('t1', 1, 6)], joins: [] },
    bookings: [PATEL],
  };
  return stubStaffApi(({ method, path, body = {} }) => {
    if (path === '/api/admin/tables/day') return Response.json(day);
    if (path === `/api/admin/bookings/${ID}/arrival` && method === 'POST') {
      const at = new Date().toISOString();
      return answer?.(body) ?? Response.json({ ...PATEL, arrivedAt: at });
    }
    return undefined;
  });
}

const at = (time: string) => vi.setSystemTime(londonInstant(TODAY, time));

describe('the arrival buttons', () => {
  undoStubsAfterEach();
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('offers arrived and seated before the grace time is over, a no-show only after it', async () => {
    at('19:14');
    stubServer();
    const { unmount } = render(<ArrivalButtons bookingId={ID} date={TODAY} />);
    expect(await screen.findByRole('button', { name: 'Arrived' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Seated' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'No-show' })).toBeNull();
    expect(screen.getByText('Not arrived yet')).toBeVisible();
    unmount();

    at('19:15');
    render(<ArrivalButtons bookingId={ID} date={TODAY} />);
    expect(await screen.findByRole('button', { name: 'No-show' })).toBeVisible();
  });

  it('marks the party arrived, then shows the step with its time and what comes next', async () => {
    at('19:05');
    const user = userEvent.setup();
    const api = stubServer();
    render(<ArrivalButtons bookingId={ID} date={TODAY} />);
    await user.click(await screen.findByRole('button', { name: 'Arrived' }));
    expect(api.bodiesOf('POST')).toEqual([{ step: 'arrived' }]);
    expect(await screen.findByText('Arrived')).toBeVisible();
    expect(screen.getByText(/7:05pm/)).toBeVisible();
    expect(screen.getByText(/Table T1/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Left' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Arrived' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo arrived' }));
    expect(api.bodiesOf('POST')).toEqual([{ step: 'arrived' }, { step: 'arrived', undo: true }]);
  });

  it('shows the server’s refusal', async () => {
    at('19:05');
    const user = userEvent.setup();
    const refusal = 'This booking is cancelled: it cannot be marked arrived, seated, left or a no-show.';
    stubServer(() => Response.json({ error: refusal }, { status: 409 }));
    render(<ArrivalButtons bookingId={ID} date={TODAY} />);
    await user.click(await screen.findByRole('button', { name: 'Seated' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });
});
