import { devices, type Locator, type Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  skipPromo,
  TABLES_URL,
  test,
  unexpectedErrors,
  useOwnerSession,
} from './fixtures.ts';
import { TABLES_EVENING } from './journey-days.ts';

/**
 * Tables mode (issue 28) end to end, on its own server (playwright.config.ts), since the other journeys count
 * covers: its clock, and the browser's, stand at 7:20pm on Friday 4 December 2026, dinner under way. Staff set
 * up the tables and switch tables mode on, then run the night: a guest's booking gets a table, a walk-in is
 * seated, parties arrive, leave and fail to come, a booking moves, the "why" screen and the cards answer. The
 * desktop project runs it once, in order; the phone screens are checked at 390 px after the night is set up.
 */
test.use({ baseURL: TABLES_URL });
test.describe.configure({ mode: 'serial' });

const TODAY = '2026-12-04';
const TOMORROW = '2026-12-05';
/** One server in tables mode, one night: the desktop project runs the journey (its phone screens included). */
const NOT_DESKTOP = 'the tables journey runs in the desktop project';

/** Six tables in two areas, and one join: only Table 4 seats a party of 6 online, nothing seats 12. */
const LAYOUT = {
  areas: ['Dining room', 'Bar'],
  tables: [
    { name: 'Table 1', area: 'Dining room', min: 1, max: 2, use: 'Online and staff' },
    { name: 'Table 2', area: 'Dining room', min: 1, max: 2, use: 'Online and staff' },
    { name: 'Table 3', area: 'Dining room', min: 2, max: 4, use: 'Online and staff' },
    { name: 'Table 4', area: 'Dining room', min: 5, max: 6, use: 'Online and staff' },
    { name: 'Bar 1', area: 'Bar', min: 1, max: 2, use: 'Walk-ins only' },
    { name: 'Bar 2', area: 'Bar', min: 2, max: 4, use: 'Walk-ins only' },
  ],
  join: { name: 'Tables 3 + 4', tables: ['Table 3', 'Table 4'], min: 7, max: 10 },
};

/** The guest details every booking of the journey carries. */
const GUEST = {
  phone: '07700 900654',
  partyChildren: 0,
  hasAccessibilityNeeds: false,
  accessibilityNotes: '',
  occasion: 'None',
  occasionNotes: '',
  allergies: '',
  specialNotes: '',
};

/** Sets the browser's clock at the server's evening: the screens work out "now" in the browser. */
async function atTheEvening(page: Page): Promise<void> {
  await page.clock.setFixedTime(new Date(TABLES_EVENING));
  await skipPromo(page);
}

/** What guests online can still book at `time` for a party of `party`: 0 when no table is free for it. */
async function onlineRemaining(page: Page, date: string, party: number, time: string): Promise<number> {
  const answer = await page.request.get(`/api/availability?date=${date}&party=${party}`);
  expect(answer.status()).toBe(200);
  const slots = (await answer.json()) as { time: string; remaining: number; closed: boolean }[];
  const slot = slots.find((each) => each.time === time);
  return slot && !slot.closed ? slot.remaining : 0;
}

/** The entry staff just added to a list of the settings: the last one. */
const lastEntry = (list: Locator) => list.locator(':scope > li').last();

async function setUpLayout(page: Page): Promise<void> {
  // The demo's sample layout goes first, so staff start from an empty sheet as a new pub would.
  const saved = await page.request.get('/api/admin/content/tables');
  const { version, document } = (await saved.json()) as { version: number; document: object };
  const emptied = await page.request.put('/api/admin/content/tables', {
    data: { baseVersion: version, document: { ...document, areas: [], tables: [], joins: [] } },
  });
  expect(emptied.status()).toBe(200);

  await page.goto('/admin/content/tables');
  const areas = page.getByRole('region', { name: 'Areas', exact: true });
  for (const name of LAYOUT.areas) {
    await areas.getByRole('button', { name: 'Add an area' }).click();
    await areas.getByLabel('Name', { exact: true }).last().fill(name);
  }
  const tablesCard = page.getByRole('region', { name: 'Tables', exact: true });
  const tables = tablesCard.getByRole('list', { name: 'Tables' });
  for (const table of LAYOUT.tables) {
    await tablesCard.getByRole('button', { name: 'Add a table' }).click();
    const entry = lastEntry(tables);
    await entry.getByLabel('Name', { exact: true }).fill(table.name);
    await entry.getByLabel('Area').selectOption({ label: table.area });
    await entry.getByLabel('Largest party').fill(String(table.max));
    await entry.getByLabel('Smallest party').fill(String(table.min));
    await entry.getByLabel('Who may book it').selectOption({ label: table.use });
  }
  const joinsCard = page.getByRole('region', { name: 'Joins', exact: true });
  await joinsCard.getByRole('button', { name: 'Add a join' }).click();
  const join = lastEntry(joinsCard.getByRole('list', { name: 'Joins' }));
  await join.getByLabel('Name', { exact: true }).fill(LAYOUT.join.name);
  for (const table of LAYOUT.join.tables) await join.getByRole('checkbox', { name: table }).check();
  await join.getByLabel('Largest party').fill(String(LAYOUT.join.max));
  await join.getByLabel('Smallest party').fill(String(LAYOUT.join.min));
  await expect(tables.locator(':scope > li')).toHaveCount(LAYOUT.tables.length);
  await expect(join).toContainText('Table 3 + Table 4 · 7–10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/^Saved\. The site shows version \d+ now\.$/)).toBeVisible();
  await expectNoAxeViolations(page);

  const panel = page.getByRole('region', { name: 'Switch to tables mode' });
  await panel.getByRole('button', { name: 'Switch to tables mode' }).click();
  const question = page.getByRole('dialog', { name: 'Switch to tables mode?' });
  await question.getByRole('button', { name: 'Switch to tables mode' }).click();
  await expect(page.getByRole('region', { name: 'Tables mode', exact: true })).toContainText(
    'Capacity is now counted by these tables. Every future booking has its table.',
  );
}

/** Opens a booking of today's dinner in the day view's drawer. */
async function openInDrawer(page: Page, name: string): Promise<Locator> {
  await page.goto(`/admin/bookings?date=${TODAY}`);
  await page.getByRole('region', { name: 'Dinner' }).getByRole('button', { name }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByRole('heading', { name: 'Tonight' })).toBeVisible();
  return drawer;
}

test.describe('tables mode', () => {
  test('staff set up the tables and run the night; guests book what the tables allow', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', NOT_DESKTOP);
    test.setTimeout(150_000);
    await atTheEvening(page);
    await useOwnerSession(page, 'tables');
    await setUpLayout(page);

    // A guest books tomorrow at 7pm online, and the booking is given a table.
    const guest = 'Wendy Marsh';
    await page.goto('/bookings');
    const form = page.getByRole('form', { name: 'Book a table' });
    await form.getByLabel(/^Date/).fill(TOMORROW);
    await form.getByLabel(/^Adults/).fill('2');
    await form.getByLabel(/^Time/).selectOption('19:00');
    await form.getByLabel(/^Name/).fill(guest);
    await form.getByLabel(/^Phone/).fill(GUEST.phone);
    await form.getByLabel(/^Email/).fill('wendy@example.com');
    await form.getByRole('button', { name: 'Book Table' }).click();
    await expect(page).toHaveURL(/\/bookings\/manage\/[\w-]{43}\?booked$/);

    await page.goto(`/admin/floor?date=${TOMORROW}&service=dinner`);
    const floor = page.getByRole('region', { name: 'Dinner by table and time' });
    const wendy = floor.getByRole('button', { name: `${guest}, 2, expected, 7pm to 8:30pm, Table 1` });
    await expect(wendy).toBeVisible();
    await expectNoAxeViolations(page);

    // Staff move it to Table 2: tap its bar, choose the table, confirm.
    await wendy.click();
    const move = page.getByRole('dialog', { name: `Move ${guest}, 2` });
    await move.getByRole('radio', { name: /^Table 2/ }).check();
    await move.getByRole('button', { name: 'Move booking' }).click();
    await expect(page.getByText(`${guest} is now on Table 2 at 7pm.`)).toBeVisible();
    await expect(
      floor.getByRole('button', { name: `${guest}, 2, expected, 7pm to 8:30pm, Table 2` }),
    ).toBeVisible();

    // A walk-in of two, in two taps: the party, then a table free now.
    await page.goto('/admin/walk-in');
    await page.getByRole('button', { name: 'Party of 2' }).click();
    await expect(page.getByRole('heading', { name: 'Tables free now for 2' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Bar 1/ }).click();
    await expect(page.getByText('Walk-in, 2 guests, seated at Bar 1.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next walk-in' })).toBeVisible();

    // A party of 6 books tonight's 8:30pm online: Table 4 is the only one for 6, so 8:30pm closes to 6.
    expect(await onlineRemaining(page, TODAY, 6, '20:30')).toBeGreaterThan(0);
    const sixes = await page.request.post('/api/bookings', {
      data: {
        ...GUEST,
        name: 'The Okafors',
        email: 'okafor@example.com',
        date: TODAY,
        timeSlot: '20:30',
        partyAdults: 6,
        website: '',
      },
    });
    expect(sixes.status()).toBe(201);
    expect(await onlineRemaining(page, TODAY, 6, '20:30')).toBe(0);

    // They come early, sit, and leave: Table 4 is free from now, and 8:30pm opens to 6 online again.
    const drawer = await openInDrawer(page, 'The Okafors');
    await expect(drawer).toContainText('Not arrived yet · Table 4');
    for (const step of ['Arrived', 'Seated', 'Left']) {
      await drawer.getByRole('button', { name: step, exact: true }).click();
      await expect(drawer.getByText(`${step} 7:20pm`)).toBeVisible();
    }
    await expect(drawer.getByRole('button', { name: 'Undo left' })).toBeVisible();
    expect(await onlineRemaining(page, TODAY, 6, '20:30')).toBeGreaterThan(0);

    // A phone booking for 7pm tonight (booked anyway, its time gone): past the grace, "No-show" is offered.
    const phoned = await page.request.post('/api/admin/bookings', {
      data: {
        ...GUEST,
        name: 'Mr Pratt',
        email: '',
        date: TODAY,
        timeSlot: '19:00',
        partyAdults: 2,
        source: 'phone',
        notifyGuest: false,
        overCapacity: true,
      },
    });
    expect(phoned.status()).toBe(201);
    const pratt = await openInDrawer(page, 'Mr Pratt');
    await pratt.getByRole('button', { name: 'No-show' }).click();
    await expect(pratt.getByText('No-show 7:20pm')).toBeVisible();
    await expect(pratt.getByRole('button', { name: 'Arrived', exact: true })).toHaveCount(0);

    // The why screen names the rule that refuses a party of 12 tomorrow at 7pm.
    await page.goto('/admin/tables/why');
    const why = page.getByRole('form', { name: 'Check a booking' });
    await why.getByLabel('Date').fill(TOMORROW);
    await why.getByLabel('Time').selectOption('19:00');
    await why.getByLabel('Guests').fill('12');
    await why.getByRole('button', { name: 'Check' }).click();
    const rules = page.getByRole('list', { name: 'Rules' });
    const tablesRule = rules.getByRole('listitem').filter({ hasText: 'A table for the party' }).first();
    await expect(tablesRule).toContainText('Refuses');
    await expect(tablesRule).toContainText('No table or join for 12 is free from 7pm to 9pm.');
    // Pacing may refuse too (the kitchen's online limit at 7pm): the tables rule is among those named.
    await expect(page.getByRole('alert')).toContainText(
      /cannot be booked\. Refused by .*A table for the party/,
    );
    await expectNoAxeViolations(page);

    // The table cards for tomorrow: Wendy's table is reserved from 7pm.
    const [cards] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: /^Print the table cards for/ }).click(),
    ]);
    const table2 = cards.locator('section.card').filter({ hasText: 'Table 2' });
    await expect(table2).toContainText('Reserved from 7pm');
    await expect(cards.locator('section.card').filter({ hasText: 'Bar 1' })).toHaveCount(0);
    expect(unexpectedErrors(pageErrors)).toEqual([]);
  });

  test.describe('on a phone at 390 px', () => {
    const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
    test.use({ ...pixel, viewport: { width: 390, height: 844 } });

    /** Fails when the screen scrolls sideways at 390 px. */
    async function expectFits(page: Page) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }

    test('the floor by table, the walk-in and the why screens fit and pass axe', async ({
      page,
      pageErrors,
    }, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', NOT_DESKTOP);
      test.setTimeout(60_000);
      await atTheEvening(page);
      await useOwnerSession(page, 'tables');
      await page.goto(`/admin/floor?date=${TOMORROW}&service=dinner`);
      const list = page.getByRole('region', { name: 'Dinner by table' });
      await expect(list.getByRole('heading', { name: /^Table 2/ })).toBeVisible();
      await expect(list.getByRole('button', { name: /^Wendy Marsh, 2, expected/ })).toBeVisible();
      await expectFits(page);
      await expectNoAxeViolations(page);

      await page.goto('/admin/walk-in');
      await page.getByRole('button', { name: 'Party of 3' }).click();
      await expect(page.getByRole('heading', { name: 'Tables free now for 3' })).toBeVisible();
      await expectFits(page);
      await expectNoAxeViolations(page);

      await page.goto('/admin/tables/why');
      const why = page.getByRole('form', { name: 'Check a booking' });
      await why.getByLabel('Date').fill(TOMORROW);
      await why.getByLabel('Time').selectOption('19:00');
      await why.getByLabel('Guests').fill('12');
      await why.getByRole('button', { name: 'Check' }).click();
      await expect(page.getByRole('list', { name: 'Rules' })).toBeVisible();
      await expectFits(page);
      await expectNoAxeViolations(page);
      expect(unexpectedErrors(pageErrors)).toEqual([]);
    });
  });
});
