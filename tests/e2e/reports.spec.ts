import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, SEVERAL_SCREENS_TIMEOUT, test, useOwnerSession } from './fixtures.ts';
import { journeyDay, THURSDAY } from './journey-days.ts';

/**
 * The landlord's reports (issue 32) on the main server: a month with a phone booking in it, beside the year
 * before, each section a chart and its table, and a table downloaded as a CSV.
 */
test.describe('Reports', () => {
  test('the owner reads a month against the year before and downloads a table as CSV', async ({
    page,
  }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT);
    const date = journeyDay('reports', testInfo.project.name, THURSDAY);
    await useOwnerSession(page);
    const booked = await page.request.post('/api/admin/bookings', {
      data: {
        source: 'phone',
        name: `Gabriel Oak (${testInfo.project.name})`,
        phone: '07700 900331',
        email: '',
        date,
        timeSlot: '12:30',
        partyAdults: 3,
        partyChildren: 0,
        notifyGuest: false,
      },
    });
    expect(booked.status()).toBe(201);

    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Bookings', exact: true }).getByRole('table'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The month of the booking, beside the year before, as a link would share it.
    const month = date.slice(0, 7);
    await page.goto(`/admin/reports?period=month&from=${month}-01&compare=previous-year`);
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Year before' })).toBeChecked();
    const sources = page.getByRole('region', { name: 'Bookings by source', exact: true });
    await expect(sources.getByRole('table')).toContainText('Phone');
    await expect(sources.getByRole('table')).toContainText('year before');
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await sources.getByRole('link', { name: /Download CSV.*Bookings by source/ }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toMatch(/Phone/);
  });
});
