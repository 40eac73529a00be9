import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportAnswer } from '#shared/reports/api.ts';
import { REPORT_MESSAGES } from '#shared/reports/messages.ts';
import { NO_ACCESS, type StaffRole } from '#shared/staff/roles.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { parseCsv } from '#tests/helpers/csv.ts';
import { insertReportFixture } from '#tests/helpers/report-fixture.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** The three months of the fixture, compared with the same weekdays a year before. */
const QUERY = 'from=2026-10-01&to=2026-12-31&compare=previous-year';

describe.each(databaseTargets)('the reports’ endpoints on $name', (target) => {
  // After the fixture's period: nothing the app does while the suite runs falls inside it.
  const t = useTestApp(target, new Date('2027-03-01T12:00:00Z'));
  const cookies = new Map<StaffRole, string>();

  beforeAll(async () => {
    await insertReportFixture(t.database.db);
    for (const role of ['owner', 'manager', 'staff'] as const) {
      cookies.set(role, (await signedInAccount(t, role)).cookie);
    }
  });

  const get = (url: string, role?: StaffRole) =>
    t.app.inject({ method: 'GET', url, headers: role ? { cookie: cookies.get(role) ?? '' } : {} });

  /** One table's CSV as the owner downloads it: its headings and rows, the byte order mark set aside. */
  async function csvOf(table: string, query = QUERY) {
    const response = await get(`/api/admin/reports/${table}.csv?${query}`, 'owner');
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    return { response, header, rows: rows.map((row) => row.join(',')) };
  }

  it.each(['owner', 'manager'] as const)(
    'answers the %s the figures and the compared period’s',
    async (role) => {
      const response = await get(`/api/admin/reports?${QUERY}`, role);
      expect(response.statusCode).toBe(200);
      const report = response.json<ReportAnswer>();
      expect(report.service).toBe('all');
      expect(report.compare).toBe('previous-year');
      expect(report.current.bookings.booked).toEqual({ bookings: 200, covers: 694 });
      expect(report.current.deposits.takenPence).toBe(164_000);
      // The seed content sells the supper club as tickets: no dishes to choose.
      expect(
        report.current.occasions.find((occasion) => occasion.name === 'Winter Supper Club'),
      ).toMatchObject({
        dinersChosen: 0,
        places: 0,
      });
      expect(report.previous?.from).toBe('2025-10-02');
      expect(report.previous?.bookings.booked).toEqual({ bookings: 24, covers: 85 });
    },
  );

  it.each(['owner', 'manager'] as const)('lets the %s download a table', async (role) => {
    const response = await get(`/api/admin/reports/by-day.csv?${QUERY}`, role);
    expect(response.statusCode).toBe(200);
  });

  it('takes the service and the comparison from the query, with defaults', async () => {
    const dinner = await get('/api/admin/reports?from=2026-10-01&to=2026-12-31&service=dinner', 'owner');
    const report = dinner.json<ReportAnswer>();
    expect(report.compare).toBe('previous-week');
    expect(report.current.bookings.booked).toEqual({ bookings: 108, covers: 378 });
    // The 14 weeks before the three months.
    expect(report.previous?.from).toBe('2026-06-25');
  });

  it.each([
    '/api/admin/reports?from=2026-10-01&to=2026-12-31',
    '/api/admin/reports/bookings.csv?from=2026-10-01&to=2026-12-31',
  ])('refuses a staff-role account: %s', async (url) => {
    const response = await get(url, 'staff');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(NO_ACCESS);
  });

  it.each([
    '/api/admin/reports?from=2026-10-01&to=2026-12-31',
    '/api/admin/reports/bookings.csv?from=2026-10-01&to=2026-12-31',
  ])('refuses a visitor signed out: %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(401);
  });

  it.each(['/api/admin/reports', '/api/admin/reports/bookings.csv'])(
    'refuses a period ending before it starts, or too long, on its end: %s',
    async (path) => {
      const backwards = await get(`${path}?from=2026-10-02&to=2026-10-01`, 'owner');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toEqual({
        error: REPORT_MESSAGES.toBeforeFrom,
        issues: [{ path: 'to', message: REPORT_MESSAGES.toBeforeFrom }],
      });
      const tooLong = await get(`${path}?from=2025-01-01&to=2026-02-05`, 'owner');
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error).toBe('A report covers at most 400 days: please choose a shorter period.');
      const longest = await get(`${path}?from=2025-01-01&to=2026-02-04`, 'owner');
      expect(longest.statusCode).toBe(200);
    },
  );

  it('refuses a query that does not parse, in words', async () => {
    const noDate = await get('/api/admin/reports?from=2026-02-30&to=2026-03-01', 'owner');
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error).toBe('from must be a real date as YYYY-MM-DD.');
    const comparison = await get('/api/admin/reports?from=2026-03-01&to=2026-03-01&compare=last', 'owner');
    expect(comparison.json().error).toBe('compare must be previous-week, previous-year or none.');
    const table = await get('/api/admin/reports/guests.csv?from=2026-03-01&to=2026-03-01', 'owner');
    expect(table.statusCode).toBe(400);
    expect(table.json().error).toBe(
      'table must be one of bookings, by-day, by-source, party-sizes, busiest-slots, deposits, occasions, emails, vouchers.',
    );
  });

  it('downloads the bookings table with the period’s and the compared period’s rows, named for both', async () => {
    const { response, header, rows } = await csvOf('bookings');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report_bookings_2026-10-01_2026-12-31.csv"',
    );
    expect(header).toEqual(['From', 'To', 'Figure', 'Bookings', 'Covers']);
    expect(rows).toEqual([
      '2026-10-01,2026-12-31,Booked,200,694',
      '2026-10-01,2026-12-31,Seated,131,472',
      '2026-10-01,2026-12-31,Cancelled by the guest,12,45',
      '2026-10-01,2026-12-31,Cancelled by staff,12,29',
      '2026-10-01,2026-12-31,No-show,18,63',
      '2026-10-01,2026-12-31,Walk-ins,22,95',
      '2025-10-02,2026-01-01,Booked,24,85',
      '2025-10-02,2026-01-01,Seated,13,39',
      '2025-10-02,2026-01-01,Cancelled by the guest,3,13',
      '2025-10-02,2026-01-01,Cancelled by staff,0,0',
      '2025-10-02,2026-01-01,No-show,5,19',
      '2025-10-02,2026-01-01,Walk-ins,3,10',
    ]);
  });

  it('names one service’s download for it', async () => {
    const { response, rows } = await csvOf(
      'bookings',
      'from=2026-10-01&to=2026-12-31&service=dinner&compare=none',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report_bookings_2026-10-01_2026-12-31_dinner.csv"',
    );
    expect(rows[0]).toBe('2026-10-01,2026-12-31,Booked,108,378');
    expect(rows).toHaveLength(6);
  });

  it('downloads the bookings by day, every day of both periods', async () => {
    const { header, rows } = await csvOf('by-day');
    expect(header).toEqual(['From', 'To', 'Date', 'Bookings', 'Covers']);
    expect(rows).toHaveLength(92 * 2);
    expect(rows[0]).toBe('2026-10-01,2026-12-31,2026-10-01,2,10');
    expect(rows[2]).toBe('2026-10-01,2026-12-31,2026-10-03,0,0');
    expect(rows[92]).toMatch(/^2025-10-02,2026-01-01,2025-10-02,/);
  });

  it('downloads the bookings by source, by party size and by slot', async () => {
    const sources = await csvOf('by-source');
    expect(sources.header).toEqual(['From', 'To', 'Source', 'Bookings', 'Covers']);
    expect(sources.rows.slice(0, 6)).toEqual([
      '2026-10-01,2026-12-31,Online,77,274',
      '2026-10-01,2026-12-31,Phone,38,125',
      '2026-10-01,2026-12-31,Walk-in,19,87',
      '2026-10-01,2026-12-31,E-mail,13,51',
      '2026-10-01,2026-12-31,Enquiry,9,27',
      '2026-10-01,2026-12-31,Standby,20,56',
    ]);
    expect(sources.rows).toHaveLength(12);

    const sizes = await csvOf('party-sizes');
    expect(sizes.header).toEqual(['From', 'To', 'Party size', 'Bookings']);
    expect(sizes.rows.slice(0, 6)).toEqual([
      '2026-10-01,2026-12-31,1,19',
      '2026-10-01,2026-12-31,2,59',
      '2026-10-01,2026-12-31,3–4,55',
      '2026-10-01,2026-12-31,5–6,27',
      '2026-10-01,2026-12-31,7–8,9',
      '2026-10-01,2026-12-31,9+,7',
    ]);

    const slots = await csvOf('busiest-slots');
    expect(slots.header).toEqual(['From', 'To', 'Service', 'Time', 'Covers', 'Bookings']);
    expect(slots.rows[0]).toBe('2026-10-01,2026-12-31,Dinner,19:30,86,23');
    expect(slots.rows[9]).toBe('2025-10-02,2026-01-01,Lunch,12:30,19,5');
    expect(slots.rows).toHaveLength(9 + 7);
  });

  it('downloads the money in pounds with two decimals', async () => {
    const deposits = await csvOf('deposits');
    expect(deposits.header).toEqual([
      'From',
      'To',
      'Taken (£)',
      'Refunded (£)',
      'Kept (£)',
      'No-show fees (£)',
    ]);
    expect(deposits.rows).toEqual([
      '2026-10-01,2026-12-31,1640.00,350.00,120.00,240.00',
      '2025-10-02,2026-01-01,50.00,0.00,0.00,90.00',
    ]);

    const occasions = await csvOf('occasions');
    expect(occasions.header).toEqual([
      'From',
      'To',
      'Occasion',
      'Bookings',
      'Covers',
      'Paid (£)',
      'Refunded (£)',
      'Diners chosen',
      'Places',
    ]);
    expect(occasions.rows).toEqual([
      '2026-10-01,2026-12-31,Christmas Day,3,12,240.00,60.00,12,12',
      '2026-10-01,2026-12-31,Festive Party Nights,4,26,350.00,40.00,11,26',
      '2026-10-01,2026-12-31,Winter Supper Club,2,6,405.00,90.00,0,0',
      '2025-10-02,2026-01-01,Christmas Day,2,7,50.00,0.00,7,7',
      '2025-10-02,2026-01-01,Christmas Party Nights,1,7,70.00,0.00,7,7',
    ]);
  });

  it('downloads the e-mails sent, waiting and failed', async () => {
    const emails = await csvOf('emails');
    expect(emails.header).toEqual(['From', 'To', 'Sent', 'Waiting to send', 'Failed']);
    expect(emails.rows).toEqual(['2026-10-01,2026-12-31,22,2,4', '2025-10-02,2026-01-01,5,0,1']);
  });

  it('downloads the gift vouchers sold, given, redeemed and owed', async () => {
    const vouchers = await csvOf('vouchers');
    expect(vouchers.header).toEqual([
      'From',
      'To',
      'Sold (£)',
      'Given (£)',
      'Redeemed (£)',
      'Owed at the end (£)',
    ]);
    expect(vouchers.rows).toEqual([
      '2026-10-01,2026-12-31,150.00,20.00,45.00,100.00',
      '2025-10-02,2026-01-01,100.00,0.00,40.00,60.00',
    ]);
  });
});
