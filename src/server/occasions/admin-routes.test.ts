import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import type { OccasionDay, PrepSheet, StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import { NO_ACCESS } from '#shared/staff/roles.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { parseCsv } from '#tests/helpers/csv.ts';
import { escapedHostileText, hostileText } from '#tests/helpers/hostile-text.ts';
import { insertDiners, insertOccasionBooking } from '#tests/helpers/occasion-rows.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/**
 * Wednesday 25 November 2026, midday in London: choices for the first party night (4 December) closed at the end
 * of 24 November; those for 11 December are still open.
 */
const NOW = new Date('2026-11-25T12:00:00Z');
const PARTY_NIGHTS = 'christmas-party-nights';
const SUPPER_CLUB = 'winter-supper-club';
const FRIDAY = '2026-12-11';
const FIRST_NIGHT = '2026-12-04';
const SUPPER = '2027-01-22';
const NUTS = hostileText('Tree nuts');
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Click")';

const STARTER = 'starter';
const MAIN = 'main';
const DESSERT = 'dessert';
const ALL_DEFAULTED = [STARTER, MAIN, DESSERT];

describe.each(databaseTargets)('occasion staff screens on $name (issue 30)', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true });
  const cookies = { staff: '', manager: '' };
  const refs: Record<string, string> = {};

  /**
   * Friday 11 December: two confirmed dinner tables with seven diners' choices between them (one not chosen
   * yet), a cancelled and a held one, and a lunch table nobody has chosen for; one on the first night, its order locked; two
   * on the supper club's night.
   */
  beforeAll(async () => {
    cookies.staff = (await signedInAccount(t, 'staff')).cookie;
    cookies.manager = (await signedInAccount(t, 'manager')).cookie;
    const dinner = { slug: PARTY_NIGHTS, date: FRIDAY, sittingId: 'dinner' };
    const hartley = await insertOccasionBooking(t, { ...dinner, partySize: 4, name: FORMULA_NAME });
    await insertDiners(t, hartley.id, [
      {
        name: 'Ann',
        choices: { [STARTER]: 'smoked-salmon', [MAIN]: 'braised-beef', [DESSERT]: 'chocolate-torte' },
        allergies: NUTS,
      },
      {
        name: 'Ben',
        choices: { [STARTER]: 'winter-soup', [MAIN]: 'roast-turkey', [DESSERT]: 'christmas-pudding' },
      },
      { name: 'Cat', choices: { [STARTER]: 'winter-soup', [MAIN]: 'nut-roast', [DESSERT]: 'lemon-posset' } },
    ]);
    const okafor = await insertOccasionBooking(t, {
      ...dinner,
      partySize: 3,
      name: 'Okafor',
      notes: 'Birthday',
      allergies: 'Two coeliacs',
      occasionNotes: 'Golden wedding',
    });
    await insertDiners(t, okafor.id, [
      {
        name: 'Dee',
        choices: { [STARTER]: 'ham-hock-terrine', [MAIN]: 'roast-turkey', [DESSERT]: 'cheese-plate' },
      },
      {
        name: 'Eve',
        choices: { [STARTER]: 'winter-soup', [MAIN]: 'roast-turkey', [DESSERT]: 'christmas-pudding' },
        chosenBy: 'default',
        defaultedCourses: ALL_DEFAULTED,
      },
      {
        name: 'Fay',
        choices: { [STARTER]: 'smoked-salmon', [MAIN]: 'sea-bass', [DESSERT]: 'christmas-pudding' },
        defaultedCourses: [DESSERT],
        allergies: 'Shellfish\nNo dairy',
      },
    ]);
    const cancelled = await insertOccasionBooking(t, {
      ...dinner,
      partySize: 2,
      name: 'Gone',
      status: 'CANCELLED',
    });
    await insertDiners(t, cancelled.id, [
      {
        name: 'Gus',
        choices: { [STARTER]: 'winter-soup', [MAIN]: 'roast-turkey', [DESSERT]: 'lemon-posset' },
      },
    ]);
    await insertOccasionBooking(t, {
      ...dinner,
      partySize: 5,
      name: 'Still paying',
      status: 'HELD',
      holdExpiresAt: new Date(NOW.getTime() + 600_000),
    });
    await insertOccasionBooking(t, { ...dinner, partySize: 6, name: 'Lapsed', status: 'EXPIRED' });
    const lunch = await insertOccasionBooking(t, {
      ...dinner,
      sittingId: 'lunch',
      partySize: 2,
      name: 'Lunchers',
    });
    const saturday = await insertOccasionBooking(t, {
      ...dinner,
      date: FIRST_NIGHT,
      partySize: 1,
      name: 'Solo',
      lockedAt: new Date('2026-11-25T00:00:00Z'),
    });
    await insertDiners(t, saturday.id, [
      {
        name: 'Solo',
        choices: { [STARTER]: 'winter-soup', [MAIN]: 'roast-turkey', [DESSERT]: 'christmas-pudding' },
        chosenBy: 'default',
        defaultedCourses: ALL_DEFAULTED,
      },
    ]);
    const supper = { slug: SUPPER_CLUB, date: SUPPER, sittingId: 'supper' };
    const iris = await insertOccasionBooking(t, {
      ...supper,
      partySize: 2,
      name: 'Iris',
      notes: '@SUM(1+1)',
      allergies: 'One vegan',
      occasionNotes: 'Ruby wedding',
      paidPence: 9000,
      totalPence: 9000,
    });
    const jon = await insertOccasionBooking(t, {
      ...supper,
      partySize: 3,
      name: 'Jon',
      paidPence: 13_500,
      paymentMethod: 'cash',
      totalPence: 13_500,
    });
    Object.assign(refs, {
      hartley: hartley.reference,
      okafor: okafor.reference,
      cancelled: cancelled.reference,
      lunch: lunch.reference,
      iris: iris.reference,
      jon: jon.reference,
    });
  });

  const get = (url: string, cookie = t.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'DELETE', url: string, payload?: object, cookie = t.cookie) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const base = `/api/admin/occasions/${PARTY_NIGHTS}`;

  describe('roles', () => {
    it('asks for a session on every endpoint', async () => {
      for (const url of [`${base}/bookings`, `${base}/prep?date=${FRIDAY}`, `${base}/closures`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });

    it('lets staff see the bookings, the prep counts, the sheets and the closures, but not download guests’ data or close a sitting', async () => {
      for (const url of [
        `${base}/bookings?date=${FRIDAY}`,
        `${base}/prep?date=${FRIDAY}`,
        `${base}/sheets?date=${FRIDAY}`,
        `${base}/closures`,
      ]) {
        expect((await get(url, cookies.staff)).statusCode, url).toBe(200);
      }
      const csv = await get(`${base}/bookings.csv?date=${FRIDAY}`, cookies.staff);
      expect(csv.statusCode).toBe(403);
      expect(csv.json()).toEqual({ error: NO_ACCESS });
      const close = await send(
        'POST',
        `${base}/closures`,
        { date: FRIDAY, sittingId: 'lunch', reason: 'Private hire' },
        cookies.staff,
      );
      expect(close.statusCode).toBe(403);
      const reopen = await send(
        'DELETE',
        `${base}/closures/00000000-0000-4000-8000-000000000000`,
        undefined,
        cookies.staff,
      );
      expect(reopen.statusCode).toBe(403);
      expect((await get(`${base}/bookings.csv?date=${FRIDAY}`, cookies.manager)).statusCode).toBe(200);
    });
  });

  describe('bookings', () => {
    it('lists the confirmed and cancelled bookings of a date with their diners, lunch before dinner', async () => {
      const response = await get(`${base}/bookings?date=${FRIDAY}`);
      expect(response.statusCode).toBe(200);
      const { bookings } = response.json() as { bookings: StaffOccasionBooking[] };
      expect(bookings.map((booking) => [booking.reference, booking.sittingId, booking.status])).toEqual([
        [refs.lunch, 'lunch', 'CONFIRMED'],
        [refs.hartley, 'dinner', 'CONFIRMED'],
        [refs.okafor, 'dinner', 'CONFIRMED'],
        [refs.cancelled, 'dinner', 'CANCELLED'],
      ]);
      const okafor = bookings[2];
      expect(okafor).toMatchObject({
        notes: 'Birthday',
        allergies: 'Two coeliacs',
        occasionNotes: 'Golden wedding',
      });
      expect(bookings[1]).toMatchObject({ allergies: '', occasionNotes: '' });
      expect(okafor?.locked).toBe(false);
      expect(okafor?.diners.map((diner) => [diner.name, diner.chosenBy, diner.defaultedCourses])).toEqual([
        ['Dee', 'diner', []],
        ['Eve', 'default', ALL_DEFAULTED],
        ['Fay', 'diner', [DESSERT]],
      ]);
      expect(okafor?.diners[2]?.allergies).toBe('Shellfish\nNo dairy');
      // Dee's cheese plate: £3.50 more, paid on the day.
      expect(bookings.map((booking) => booking.supplementsPence)).toEqual([0, 0, 350, 0]);
    });

    it('lists every date without one, and answers an unknown occasion and a wrong date plainly', async () => {
      const all = (await get(`${base}/bookings`)).json() as { bookings: StaffOccasionBooking[] };
      expect(all.bookings.map((booking) => booking.date)).toEqual([
        FIRST_NIGHT,
        FRIDAY,
        FRIDAY,
        FRIDAY,
        FRIDAY,
      ]);
      const unknown = await get('/api/admin/occasions/no-such-night/bookings');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'We could not find that occasion.' });
      expect((await get(`${base}/bookings?date=2026-02-30`)).statusCode).toBe(400);
      expect((await get(`${base}/prep`)).statusCode).toBe(400);
    });
  });

  describe('prep counts', () => {
    const dishes = (counts: Record<string, [number, number]>) =>
      Object.entries(counts).map(([dishId, [count, defaulted]]) =>
        expect.objectContaining({ dishId, count, defaulted }),
      );

    it('counts every dish, every default and every allergy of the confirmed tables, by hand', async () => {
      const response = await get(`${base}/prep?date=${FRIDAY}`);
      expect(response.statusCode).toBe(200);
      const prep = response.json() as PrepSheet;
      expect(prep).toEqual({
        date: FRIDAY,
        locked: false,
        sittings: [
          {
            sittingId: 'lunch',
            label: 'Lunch',
            covers: 2,
            notChosen: 2,
            courses: [
              expect.objectContaining({
                courseId: STARTER,
                dishes: dishes({
                  'winter-soup': [0, 0],
                  'ham-hock-terrine': [0, 0],
                  'smoked-salmon': [0, 0],
                  'beetroot-salad': [0, 0],
                }),
              }),
              expect.objectContaining({
                courseId: MAIN,
                dishes: dishes({
                  'roast-turkey': [0, 0],
                  'braised-beef': [0, 0],
                  'sea-bass': [0, 0],
                  'nut-roast': [0, 0],
                }),
              }),
              expect.objectContaining({
                courseId: DESSERT,
                dishes: dishes({
                  'christmas-pudding': [0, 0],
                  'chocolate-torte': [0, 0],
                  'lemon-posset': [0, 0],
                  'cheese-plate': [0, 0],
                }),
              }),
            ],
            allergies: [],
          },
          {
            sittingId: 'dinner',
            label: 'Dinner',
            covers: 7,
            notChosen: 1,
            courses: [
              {
                courseId: STARTER,
                name: 'Starter',
                dishes: dishes({
                  'winter-soup': [3, 1],
                  'ham-hock-terrine': [1, 0],
                  'smoked-salmon': [2, 0],
                  'beetroot-salad': [0, 0],
                }),
              },
              {
                courseId: MAIN,
                name: 'Main',
                dishes: dishes({
                  'roast-turkey': [3, 1],
                  'braised-beef': [1, 0],
                  'sea-bass': [1, 0],
                  'nut-roast': [1, 0],
                }),
              },
              {
                courseId: DESSERT,
                name: 'Dessert',
                dishes: dishes({
                  'christmas-pudding': [3, 2],
                  'chocolate-torte': [1, 0],
                  'lemon-posset': [1, 0],
                  'cheese-plate': [1, 0],
                }),
              },
            ],
            allergies: [
              { reference: refs.hartley, diner: 'Ann', allergies: NUTS },
              { reference: refs.okafor, diner: 'Okafor’s party', allergies: 'Two coeliacs' },
              { reference: refs.okafor, diner: 'Fay', allergies: 'Shellfish\nNo dairy' },
            ],
          },
        ],
      });
    });

    it('is final once the deadline has passed and every table of the date is locked', async () => {
      const first = (await get(`${base}/prep?date=${FIRST_NIGHT}`)).json() as PrepSheet;
      expect(first.locked).toBe(true);
      expect(first.sittings[1]?.courses[0]?.dishes[0]).toEqual({
        dishId: 'winter-soup',
        name: 'Roast winter vegetable soup',
        count: 1,
        defaulted: 1,
      });
      // Friday's choices are open until the end of 1 December.
      expect(((await get(`${base}/prep?date=${FRIDAY}`)).json() as PrepSheet).locked).toBe(false);
    });
  });

  describe('sheets and the CSV', () => {
    it('prints each table with its diners by name, their dishes, the defaults marked and the allergies flagged', async () => {
      const response = await get(`${base}/sheets?date=${FRIDAY}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      const page = response.body;
      expect(page).not.toContain('<script>');
      expect(page).toContain(escapedHostileText('Tree nuts'));
      for (const name of [
        'Ann',
        'Ben',
        'Cat',
        'Dee',
        'Eve',
        'Fay',
        'Lunchers',
        'Okafor',
        refs.hartley,
        refs.okafor,
      ]) {
        expect(page).toContain(name);
      }
      expect(page).not.toContain('Gus');
      expect(page).not.toContain('Still paying');
      // Ann's and Fay's on the prep page and at their tables, and the Okafors' party's on the prep page.
      expect(page.match(/class="flag">Allergy</g)?.length).toBe(5);
      expect(page).toContain(`Okafor’s party, ${refs.okafor}`);
      // The Okafors' party's own, boxed at their table, with what they celebrate.
      expect(page.match(/class="flag">Party allergies<\/span>Two coeliacs/g)?.length).toBe(1);
      expect(page).toContain('<b>Occasion notes:</b> Golden wedding');
      // Eve's three defaulted courses and Fay's dessert.
      expect(page.match(/class="default">Default</g)?.length).toBe(4);
      expect(page).toContain('Not chosen yet');
      // Dee's cheese plate is £3.50 more: the Okafors' three covers at £38, £30 paid ahead.
      expect(page).toContain('Cheese plate (+£3.50)');
      expect(page).toMatch(/supplements £3\.50 · <b>left to pay on the day £87\.50<\/b>/);
      expect(page).toContain('left to pay on the day £112.00');
      for (const title of ['Prep · Lunch', 'Tables · Lunch', 'Prep · Dinner', 'Tables · Dinner']) {
        expect(page).toContain(title);
      }

      const dinnerOnly = (await get(`${base}/sheets?date=${FRIDAY}&sittingId=dinner`)).body;
      expect(dinnerOnly).not.toContain('Prep · Lunch');
      expect(dinnerOnly).toContain('Okafor');
      const noSuchSitting = await get(`${base}/sheets?date=${FRIDAY}&sittingId=breakfast`);
      expect(noSuchSitting.statusCode).toBe(400);
      expect(noSuchSitting.json()).toEqual({ error: 'Please choose one of the sittings.' });
    });

    it('downloads a line per cover, with the defaults named and formulas made harmless', async () => {
      const response = await get(`${base}/bookings.csv?date=${FRIDAY}`, cookies.manager);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="occasion_${PARTY_NIGHTS}_${FRIDAY}.csv"`,
      );
      const [header, ...lines] = parseCsv(response.body.slice(1));
      expect(header).toEqual([
        'Date',
        'Sitting',
        'Reference',
        'Booking name',
        'Party',
        'Status',
        'Diner',
        'Starter',
        'Main',
        'Dessert',
        'Supplements (£)',
        'Allergies',
        'Chosen by',
        'Phone',
        'Email',
        'Party allergies',
        'Occasion notes',
        'Notes',
      ]);
      expect(lines.map((line) => [line[2], line[6]])).toEqual([
        [refs.lunch, 'Not chosen yet'],
        [refs.lunch, 'Not chosen yet'],
        [refs.hartley, 'Ann'],
        [refs.hartley, 'Ben'],
        [refs.hartley, 'Cat'],
        [refs.hartley, 'Not chosen yet'],
        [refs.okafor, 'Dee'],
        [refs.okafor, 'Eve'],
        [refs.okafor, 'Fay'],
        [refs.cancelled, 'Gus'],
        [refs.cancelled, 'Not chosen yet'],
      ]);
      expect(lines[2]?.[3]).toBe(`'${FORMULA_NAME}`);
      expect(lines.map((line) => line[10])).toEqual([
        '',
        '',
        '0.00',
        '0.00',
        '0.00',
        '',
        '3.50',
        '0.00',
        '0.00',
        '0.00',
        '',
      ]);
      expect(lines[7]?.slice(7, 10)).toEqual([
        'Roast winter vegetable soup (default)',
        'Roast Norfolk turkey (default)',
        'Christmas pudding (default)',
      ]);
      expect(lines[9]?.[5]).toBe('CANCELLED');
      // Every line of the Okafors' table carries its party's allergies and occasion, then its notes.
      expect(lines.map((line) => line.slice(15))).toEqual([
        ...Array.from({ length: 6 }, () => ['', '', '']),
        ...Array.from({ length: 3 }, () => ['Two coeliacs', 'Golden wedding', 'Birthday']),
        ...Array.from({ length: 2 }, () => ['', '', '']),
      ]);
    });

    it('gives a ticketed event its list at the door and a line per booking', async () => {
      const supper = `/api/admin/occasions/${SUPPER_CLUB}`;
      const page = (await get(`${supper}/sheets?date=${SUPPER}`)).body;
      expect(page).toContain('Door list · Supper');
      for (const text of [
        'Iris',
        'Jon',
        refs.iris,
        refs.jon,
        '£90.00 of £90.00<',
        '£135.00 of £135.00 (cash)',
        '@SUM(1+1)',
        '<span class="flag">Party allergies</span>One vegan',
        '<b>Occasion notes:</b> Ruby wedding',
      ]) {
        expect(page).toContain(text);
      }
      const csv = await get(`${supper}/bookings.csv?date=${SUPPER}`, cookies.manager);
      const [header, ...lines] = parseCsv(csv.body.slice(1));
      expect(header?.slice(0, 5)).toEqual(['Date', 'Sitting', 'Reference', 'Name', 'Tickets']);
      expect(header?.slice(6, 8)).toEqual(['Paid (£)', 'Paid how']);
      expect(header?.slice(11, 14)).toEqual(['Party allergies', 'Occasion notes', 'Notes']);
      expect(lines.map((line) => [line[3], line[4], line[6], line[7], line[11], line[13]])).toEqual([
        ['Iris', '2', '90.00', '', 'One vegan', "'@SUM(1+1)"],
        ['Jon', '3', '135.00', 'Cash', '', ''],
      ]);
      const prep = (await get(`${supper}/prep?date=${SUPPER}`)).json() as PrepSheet;
      expect(prep.sittings).toEqual([
        {
          sittingId: 'supper',
          label: 'Supper',
          covers: 5,
          notChosen: 0,
          courses: [],
          allergies: [{ reference: refs.iris, diner: 'Iris’s party', allergies: 'One vegan' }],
        },
      ]);
    });
  });

  describe('closures', () => {
    it('closes a sitting of a date once, lists it, reopens it, and keeps both in the trail', async () => {
      const request = { date: FRIDAY, sittingId: 'lunch', reason: 'Private hire' };
      const first = await send('POST', `${base}/closures`, request, cookies.manager);
      expect(first.statusCode, first.body).toBe(201);
      const closure = first.json();
      expect(closure).toEqual({ id: expect.any(String), ...request });
      const again = await send('POST', `${base}/closures`, { ...request, reason: 'Twice' }, cookies.manager);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(closure);
      expect((await get(`${base}/closures`, cookies.staff)).json()).toEqual({ closures: [closure] });
      expect((await get(`/api/admin/occasions/${SUPPER_CLUB}/closures`)).json()).toEqual({ closures: [] });

      // Another occasion's address does not reach it.
      const elsewhere = await send(
        'DELETE',
        `/api/admin/occasions/${SUPPER_CLUB}/closures/${closure.id}`,
        undefined,
        cookies.manager,
      );
      expect(elsewhere.statusCode).toBe(404);
      expect(
        (await send('DELETE', `${base}/closures/${closure.id}`, undefined, cookies.manager)).statusCode,
      ).toBe(204);
      expect(
        (await send('DELETE', `${base}/closures/${closure.id}`, undefined, cookies.manager)).statusCode,
      ).toBe(404);
      expect((await get(`${base}/closures`)).json()).toEqual({ closures: [] });

      const trail = await t.database.db
        .select({ type: auditEvents.type, summary: auditEvents.summary })
        .from(auditEvents)
        .where(eq(auditEvents.subjectId, closure.id));
      expect(trail.map((entry) => entry.type).sort()).toEqual([
        'occasion-closure.created',
        'occasion-closure.deleted',
      ]);
      expect(trail[0]?.summary).toContain('Private hire');
    });

    it('refuses a date the occasion does not run on and a sitting it does not have, storing nothing', async () => {
      const notADate = await send(
        'POST',
        `${base}/closures`,
        { date: '2026-12-10', sittingId: 'lunch', reason: 'x' },
        cookies.manager,
      );
      expect(notADate.statusCode).toBe(400);
      expect(notADate.json()).toEqual({ error: 'Please choose one of the dates this occasion runs on.' });
      const noSitting = await send(
        'POST',
        `${base}/closures`,
        { date: FRIDAY, sittingId: 'breakfast', reason: 'x' },
        cookies.manager,
      );
      expect(noSitting.statusCode).toBe(400);
      expect(noSitting.json()).toEqual({ error: 'Please choose one of the sittings.' });
      const longReason = { date: FRIDAY, sittingId: 'lunch', reason: 'x'.repeat(201) };
      const tooLong = await send('POST', `${base}/closures`, longReason, cookies.manager);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().issues).toEqual([{ path: 'reason', message: expect.any(String) }]);
      expect((await get(`${base}/closures`)).json()).toEqual({ closures: [] });
    });
  });

  describe('the day view’s occasion parties', () => {
    /** Friday 18 December, read by no other test: parties of both occasions and of one since removed. */
    const DAY = '2026-12-18';
    const day: Record<string, { id: string; reference: string }> = {};

    beforeAll(async () => {
      day.retired = await insertOccasionBooking(t, {
        slug: 'retired-quiz',
        date: DAY,
        sittingId: 'quiz',
        partySize: 4,
        name: 'Quizzers',
      });
      day.supper = await insertOccasionBooking(t, {
        slug: SUPPER_CLUB,
        date: DAY,
        sittingId: 'supper',
        partySize: 2,
        name: 'Kim',
      });
      const nights = { slug: PARTY_NIGHTS, date: DAY };
      day.late = await insertOccasionBooking(t, {
        ...nights,
        sittingId: 'dinner',
        partySize: 6,
        name: 'Late',
      });
      day.early = await insertOccasionBooking(t, {
        ...nights,
        sittingId: 'lunch',
        partySize: 2,
        name: 'Early',
      });
      day.second = await insertOccasionBooking(t, {
        ...nights,
        sittingId: 'dinner',
        partySize: 3,
        name: 'Later',
      });
      await insertOccasionBooking(t, {
        ...nights,
        sittingId: 'dinner',
        partySize: 5,
        name: 'Gone',
        status: 'CANCELLED',
      });
      await insertOccasionBooking(t, {
        ...nights,
        sittingId: 'dinner',
        partySize: 7,
        name: 'Paying',
        status: 'HELD',
        holdExpiresAt: new Date(NOW.getTime() + 600_000),
      });
    });

    const party = (key: string, name: string, partySize: number) => ({
      id: day[key]?.id,
      reference: day[key]?.reference,
      name,
      partySize,
    });

    it('groups the confirmed parties of the date by occasion and sitting, in the content’s order', async () => {
      const response = await get(`/api/admin/occasions/day?date=${DAY}`, cookies.staff);
      expect(response.statusCode).toBe(200);
      expect(response.json() as OccasionDay).toEqual({
        date: DAY,
        occasions: [
          {
            slug: PARTY_NIGHTS,
            name: 'Christmas party nights',
            countsTickets: false,
            sittings: [
              {
                sittingId: 'lunch',
                label: 'Lunch',
                start: '12:30',
                end: '15:00',
                guests: 2,
                parties: [party('early', 'Early', 2)],
              },
              {
                sittingId: 'dinner',
                label: 'Dinner',
                start: '19:00',
                end: '22:30',
                guests: 9,
                parties: [party('late', 'Late', 6), party('second', 'Later', 3)],
              },
            ],
          },
          {
            slug: SUPPER_CLUB,
            name: 'Winter supper club',
            countsTickets: true,
            sittings: [
              {
                sittingId: 'supper',
                label: 'Supper',
                start: '19:30',
                end: '23:00',
                guests: 2,
                parties: [party('supper', 'Kim', 2)],
              },
            ],
          },
          {
            slug: 'retired-quiz',
            name: 'retired-quiz',
            countsTickets: false,
            sittings: [
              {
                sittingId: 'quiz',
                label: 'quiz',
                start: null,
                end: null,
                guests: 4,
                parties: [party('retired', 'Quizzers', 4)],
              },
            ],
          },
        ],
      });
    });

    it('leaves Christmas Day’s parties to Christmas’s own screens', async () => {
      const christmasDay = '2026-12-25';
      await insertOccasionBooking(t, {
        slug: CHRISTMAS_OCCASION_SLUG,
        date: christmasDay,
        sittingId: 'xmas-early',
        partySize: 4,
      });
      expect((await get(`/api/admin/occasions/day?date=${christmasDay}`, cookies.staff)).json()).toEqual({
        date: christmasDay,
        occasions: [],
      });
    });

    it('answers an empty day with no occasions, a wrong date plainly, and nobody without a session', async () => {
      expect((await get('/api/admin/occasions/day?date=2026-12-17', cookies.staff)).json()).toEqual({
        date: '2026-12-17',
        occasions: [],
      });
      for (const url of ['/api/admin/occasions/day', '/api/admin/occasions/day?date=2026-02-30']) {
        const wrong = await get(url);
        expect(wrong.statusCode, url).toBe(400);
        expect(wrong.json().error, url).toMatch(/date/i);
      }
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/occasions/day?date=${DAY}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
