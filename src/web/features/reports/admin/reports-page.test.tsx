import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_SOURCES } from '#shared/booking/status.ts';
import {
  PARTY_SIZE_BANDS,
  REPORT_TABLES,
  type ReportAnswer,
  type ReportComparison,
  type ReportFigures,
} from '#shared/reports/api.ts';
import { REPORT_MESSAGES } from '#shared/reports/messages.ts';
import { comparedPeriod, daysOf } from '#shared/reports/period.ts';
import { londonInstant } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

/** A Sunday: this week is Monday 23 to Sunday 29 November 2026. */
const TODAY = '2026-11-29';

/** A period with nothing in it: every day, source and band listed at zero, as the server answers. */
function emptyFigures(from: string, to: string): ReportFigures {
  const none = { bookings: 0, covers: 0 };
  return {
    from,
    to,
    bookings: {
      booked: none,
      seated: none,
      cancelledByGuest: none,
      cancelledByStaff: none,
      noShow: none,
      walkIns: none,
    },
    byDay: daysOf({ from, to }).map((date) => ({ date, ...none })),
    bySource: BOOKING_SOURCES.map((source) => ({ source, ...none })),
    partySizes: PARTY_SIZE_BANDS.map((band) => ({ band, bookings: 0 })),
    busiestSlots: [],
    deposits: { takenPence: 0, refundedPence: 0, keptPence: 0, noShowFeesPence: 0 },
    occasions: [],
    emails: { sent: 0, pending: 0, failed: 0 },
    vouchers: { soldPence: 0, issuedPence: 0, redeemedPence: 0, outstandingPence: 0 },
  };
}

/** A busy week: `scale` 1 for this week, less for the week before. */
function busyFigures(from: string, to: string, scale: number): ReportFigures {
  const empty = emptyFigures(from, to);
  const n = (value: number) => Math.round(value * scale);
  return {
    ...empty,
    bookings: {
      booked: { bookings: n(20), covers: n(60) },
      seated: { bookings: n(15), covers: n(48) },
      cancelledByGuest: { bookings: n(2), covers: n(5) },
      cancelledByStaff: { bookings: n(1), covers: n(2) },
      noShow: { bookings: n(1), covers: n(4) },
      walkIns: { bookings: n(3), covers: n(7) },
    },
    byDay: empty.byDay.map((day, index) => ({ ...day, bookings: n(index + 1), covers: n((index + 1) * 3) })),
    bySource: empty.bySource.map((row) =>
      row.source === 'online' ? { ...row, bookings: n(12), covers: n(38) } : row,
    ),
    partySizes: empty.partySizes.map((row) => (row.band === '2' ? { ...row, bookings: n(10) } : row)),
    busiestSlots: [
      { service: 'dinner', time: '19:30', covers: n(24), bookings: n(8) },
      { service: 'lunch', time: '13:00', covers: n(10), bookings: n(4) },
    ],
    deposits: {
      takenPence: n(40_000),
      refundedPence: n(5_000),
      keptPence: n(2_500),
      noShowFeesPence: n(1_000),
    },
    occasions: [
      {
        name: 'Burns Night',
        bookings: n(4),
        covers: n(16),
        paidPence: n(64_000),
        refundedPence: 0,
        dinersChosen: n(12),
        places: n(16),
      },
    ],
    emails: { sent: n(30), pending: n(2), failed: n(2) },
    vouchers: {
      soldPence: n(30_000),
      issuedPence: n(2_000),
      redeemedPence: n(12_000),
      outstandingPence: n(80_000),
    },
  };
}

function answerFor(query: URLSearchParams, busy: boolean): ReportAnswer {
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  const compare = (query.get('compare') ?? 'previous-week') as ReportComparison;
  const figures = (start: string, end: string, scale: number) =>
    busy ? busyFigures(start, end, scale) : emptyFigures(start, end);
  const before = comparedPeriod({ from, to }, compare);
  return {
    service: (query.get('service') ?? 'all') as ReportAnswer['service'],
    compare,
    current: figures(from, to, 1),
    previous: before ? figures(before.from, before.to, 0.5) : null,
  };
}

/** The reports' server: figures made for the query asked, busy or empty. */
function stubReports({ busy = true, failure }: { busy?: boolean; failure?: Response } = {}) {
  return stubStaffApi(({ path, query }) => {
    if (path !== '/api/admin/reports') return undefined;
    return failure ?? Response.json(answerFor(query, busy));
  });
}

const table = (name: string) => screen.findByRole('table', { name: new RegExp(`^${name},`) });

/** A table's rows as its cells read, headings included. */
function rowsOf(found: HTMLElement): string[][] {
  return within(found)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('the reports screen', () => {
  undoStubsAfterEach();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(londonInstant(TODAY, '10:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows this week’s headline figures against the week before, and asks for them', async () => {
    const api = stubReports();
    renderRoute('/admin/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText('Mon 23 Nov 2026 – Sun 29 Nov 2026 · All services')).toBeVisible();
    const cards = await screen.findByRole('region', { name: 'Headline figures' });
    expect(cards).toHaveTextContent('Covers booked60+30 vs week beforeWeek before: 30');
    expect(cards).toHaveTextContent('Covers seated48+24 vs week beforeWeek before: 24');
    expect(cards).toHaveTextContent('No-show covers4+2 vs week beforeWeek before: 2');
    expect(cards).toHaveTextContent('Walk-in covers7+3 vs week beforeWeek before: 4');
    expect(cards).toHaveTextContent('Deposits taken£400.00+£200.00 vs week beforeWeek before: £200.00');
    expect(
      screen.getByText('Compared with Mon 16 Nov 2026 – Sun 22 Nov 2026, the week before.'),
    ).toBeVisible();
    expect(api.urlsFrom('/api/admin/reports')).toEqual([
      '/api/admin/reports?from=2026-11-23&to=2026-11-29&service=all&compare=previous-week',
    ]);
  });

  it('shows every figure group as a chart and its table, each figure beside the week before’s', async () => {
    stubReports();
    renderRoute('/admin/reports');
    expect(rowsOf(await table('Bookings'))).toEqual([
      ['Figure', 'Bookings', 'Bookings, week before', 'Covers', 'Covers, week before'],
      ['Booked', '20', '10', '60', '30'],
      ['Seated', '15', '8', '48', '24'],
      ['Cancelled by the guest', '2', '1', '5', '3'],
      ['Cancelled by staff', '1', '1', '2', '1'],
      ['No-show', '1', '1', '4', '2'],
      ['Walk-ins', '3', '2', '7', '4'],
    ]);
    const byDay = rowsOf(await table('Bookings by day'));
    expect(byDay).toHaveLength(8);
    expect(byDay[1]).toEqual(['Mon 23 Nov', '1', '1', '3', '2']);
    expect(byDay[7]).toEqual(['Sun 29 Nov', '7', '4', '21', '11']);
    expect(rowsOf(await table('Bookings by source'))[1]).toEqual(['Online', '12', '6', '38', '19']);
    expect(rowsOf(await table('Party sizes')).slice(0, 3)).toEqual([
      ['Party size', 'Bookings', 'Bookings, week before'],
      ['1', '0', '0'],
      ['2', '10', '5'],
    ]);
    expect(rowsOf(await table('Busiest times'))).toEqual([
      ['Time', 'Covers', 'Covers, week before', 'Bookings', 'Bookings, week before'],
      ['Dinner 7:30pm', '24', '12', '8', '4'],
      ['Lunch 1pm', '10', '5', '4', '2'],
    ]);
    expect(rowsOf(await table('Deposits and fees'))).toEqual([
      ['Figure', 'Amount', 'Amount, week before'],
      ['Deposits and guarantees taken', '£400.00', '£200.00'],
      ['Refunded', '£50.00', '£25.00'],
      ['Kept', '£25.00', '£12.50'],
      ['No-show fees', '£10.00', '£5.00'],
    ]);
    expect(rowsOf(await table('Occasions'))).toEqual([
      [
        'Occasion',
        'Bookings',
        'Covers',
        'Covers, week before',
        'Paid (£)',
        'Paid (£), week before',
        'Refunded (£)',
        'Dishes chosen',
      ],
      ['Burns Night', '4', '16', '8', '£640.00', '£320.00', '£0.00', '12 of 16 (75%)'],
    ]);
    expect(rowsOf(await table('E-mails'))).toEqual([
      ['Status', 'E-mails', 'E-mails, week before'],
      ['Sent', '30', '15'],
      ['Waiting to send', '2', '1'],
      ['Failed', '2', '1'],
    ]);
    expect(rowsOf(await table('Gift vouchers'))).toEqual([
      ['Figure', 'Amount', 'Amount, week before'],
      ['Sold on the site', '£300.00', '£150.00'],
      ['Given by staff', '£20.00', '£10.00'],
      ['Redeemed at the bar', '£120.00', '£60.00'],
      ['Owed at the end of the period', '£800.00', '£400.00'],
    ]);
    const emails = screen.getByRole('region', { name: 'E-mails' });
    expect(within(emails).getByRole('link', { name: 'See the failed e-mails' })).toHaveAttribute(
      'href',
      '/admin/mail',
    );
    // A chart per group, hidden from screen readers: its table says the same.
    const charts = document.querySelectorAll('[data-chart]');
    expect(charts).toHaveLength(REPORT_TABLES.length);
    for (const chart of charts) expect(chart).toHaveAttribute('aria-hidden', 'true');
    const bookingBars = screen.getByRole('region', { name: 'Bookings' }).querySelectorAll('rect');
    // Booked: 60 covers on a scale to 60, the week before's 30 half as long.
    expect([bookingBars[0]?.getAttribute('width'), bookingBars[1]?.getAttribute('width')]).toEqual([
      '100%',
      '50%',
    ]);
  });

  it('moves the period, the service and the comparison in the address and the question', async () => {
    const user = userEvent.setup();
    const api = stubReports();
    const { location } = renderRoute('/admin/reports');
    await table('Bookings');
    const lastAsked = () => api.urlsFrom('/api/admin/reports').at(-1);

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() =>
      expect(lastAsked()).toBe(
        '/api/admin/reports?from=2026-11-16&to=2026-11-22&service=all&compare=previous-week',
      ),
    );
    expect(location().search).toBe(
      '?period=week&from=2026-11-16&to=2026-11-22&service=all&compare=previous-week',
    );
    expect(await screen.findByText('Mon 16 Nov 2026 – Sun 22 Nov 2026 · All services')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'This week' }));
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    // A month is compared with the five whole weeks before it, never with days of its own.
    expect(
      await screen.findByText('Compared with Sun 27 Sep 2026 – Mon 26 Oct 2026, the 5 weeks before.'),
    ).toBeVisible();
    expect(rowsOf(await table('Bookings'))[0]).toContain('Covers, 5 weeks before');
    await user.click(screen.getByRole('radio', { name: 'Dinner' }));
    await user.click(screen.getByRole('radio', { name: 'Year before' }));
    await waitFor(() =>
      expect(lastAsked()).toBe(
        '/api/admin/reports?from=2026-11-01&to=2026-11-30&service=dinner&compare=previous-year',
      ),
    );
    expect(location().search).toBe(
      '?period=month&from=2026-11-01&to=2026-11-30&service=dinner&compare=previous-year',
    );
    expect(await table('Bookings by day')).toBeInTheDocument();
    expect(rowsOf(await table('Bookings by day'))[0]).toContain('Covers, year before');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(lastAsked()).toContain('from=2026-12-01&to=2026-12-31'));
    await user.click(screen.getByRole('radio', { name: 'Day' }));
    await waitFor(() => expect(lastAsked()).toContain('from=2026-12-01&to=2026-12-01'));
    expect(await screen.findByText('Tuesday 1 December 2026 · Dinner')).toBeVisible();
  });

  it('shows a range typed in, once the server’s rule allows it', async () => {
    const user = userEvent.setup();
    const api = stubReports();
    const { location } = renderRoute('/admin/reports?service=lunch&compare=none');
    await table('Bookings');
    await user.click(screen.getByRole('radio', { name: 'Range' }));
    const range = screen.getByRole('form', { name: 'Range' });
    expect(within(range).getByLabelText('From')).toHaveValue('2026-11-23');
    expect(within(range).getByLabelText('To')).toHaveValue('2026-11-29');

    await user.clear(within(range).getByLabelText('To'));
    await user.type(within(range).getByLabelText('To'), '2026-10-01');
    await user.click(within(range).getByRole('button', { name: 'Show' }));
    expect(within(range).getByLabelText('To')).toHaveAccessibleDescription(REPORT_MESSAGES.toBeforeFrom);

    await user.clear(within(range).getByLabelText('From'));
    await user.type(within(range).getByLabelText('From'), '2026-10-01');
    await user.clear(within(range).getByLabelText('To'));
    await user.type(within(range).getByLabelText('To'), '2026-11-15');
    await user.click(within(range).getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.urlsFrom('/api/admin/reports').at(-1)).toBe(
        '/api/admin/reports?from=2026-10-01&to=2026-11-15&service=lunch&compare=none',
      ),
    );
    expect(location().search).toBe('?period=range&from=2026-10-01&to=2026-11-15&service=lunch&compare=none');
    expect(rowsOf(await table('Bookings by day'))).toHaveLength(47);
    const everyService = 'For every service: occasions, e-mails and gift vouchers are not lunch or dinner.';
    expect(within(screen.getByRole('region', { name: 'E-mails' })).getByText(everyService)).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Gift vouchers' })).getByText(everyService),
    ).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Bookings' })).queryByText(everyService)).toBeNull();
  });

  it('offers each table as a CSV of the same period, service and comparison', async () => {
    stubReports();
    renderRoute('/admin/reports?period=month&from=2026-10-09&service=dinner&compare=previous-year');
    await table('Bookings');
    const links = screen.getAllByRole('link', { name: /^Download CSV/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      REPORT_TABLES.map(
        (name) =>
          `/api/admin/reports/${name}.csv?from=2026-10-01&to=2026-10-31&service=dinner&compare=previous-year`,
      ),
    );
    for (const link of links) expect(link).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download CSV: Busiest times' })).toBeVisible();
  });

  it('says when nothing was booked, and shows no comparison when none is asked for', async () => {
    stubReports({ busy: false });
    renderRoute('/admin/reports?compare=none');
    expect(await screen.findByText('Nothing was booked for this period.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Headline figures' })).not.toHaveTextContent('before');
    expect(rowsOf(await table('Bookings'))[1]).toEqual(['Booked', '0', '0']);
    expect(
      within(screen.getByRole('region', { name: 'Busiest times' })).getByText('No bookings in this period.'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Occasions' })).getByText(
        'No occasion bookings in this period.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table', { name: /^Busiest times/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See the failed e-mails' })).toBeNull();
    expect(screen.queryByText(/Compared with/)).toBeNull();
  });

  it('says so when the reports cannot be loaded, in the server’s words when it gives them', async () => {
    stubReports({ failure: Response.json({}, { status: 500 }) });
    const { unmount } = renderRoute('/admin/reports');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The reports could not be loaded. Please try again.',
    );
    unmount();
    const refusal = REPORT_MESSAGES.tooLong(400);
    stubReports({ failure: Response.json({ error: refusal }, { status: 400 }) });
    renderRoute('/admin/reports');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('is for the owner and managers only', async () => {
    stubStaffApi(() => undefined, { role: 'staff' });
    renderRoute('/admin/reports');
    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access to that." }),
    ).toBeInTheDocument();
  });

  it('has no axe violations, busy or empty, with a range being chosen', async () => {
    const user = userEvent.setup();
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    stubReports();
    const view = renderRoute('/admin/reports');
    await table('Bookings');
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Range' }));
    await user.clear(within(screen.getByRole('form', { name: 'Range' })).getByLabelText('From'));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Please choose the first and the last day.')).toBeVisible();
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    view.unmount();
    stubReports({ busy: false });
    const empty = renderRoute('/admin/reports?compare=none');
    await screen.findByText('Nothing was booked for this period.');
    expect((await axe.run(empty.container, { rules })).violations).toEqual([]);
  });
});
