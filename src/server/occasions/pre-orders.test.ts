import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, occasionBookings, occasionDiners } from '#db/schema.ts';
import type { PrepSheet } from '#shared/occasions/admin-api.ts';
import type { Diner, DinerPage, OrganiserPage } from '#shared/occasions/api.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { NO_DISH } from '#shared/occasions/rules.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { bookOccasion, PARTY_NIGHTS } from '#tests/helpers/occasions.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets, postgres, type TestApp } from '#tests/helpers/test-app.ts';
import { SYSTEM } from '../audit/trail.ts';
import { insertChristmasBooking } from '../christmas/store.ts';
import { lockDueOrders } from './deadline.ts';
import { issueOrganiserToken, newOccasionToken } from './organiser-links.ts';

/** Friday 20 November 2026, midday in London: the party books and its diners choose. */
const NOW = new Date('2026-11-20T12:00:00Z');
const PARTY_NIGHT = '2026-12-11';
/** Christmas party nights' choices are due 10 days before: the end of Tuesday 1 December (GMT). */
const DEADLINE = new Date('2026-12-01T23:59:59.999Z');
const AFTER_DEADLINE = new Date('2026-12-02T00:00:30Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** The seed's default dishes, served to whoever has not chosen. */
const DEFAULTS = { starter: 'winter-soup', main: 'roast-turkey', dessert: 'christmas-pudding' };

/**
 * A confirmed party stored as the checkout leaves one, with the organiser's link issued: for parties the online
 * booking would not take (smaller than the occasion's online minimum, cancelled, ticketed).
 */
async function confirmedBooking(
  t: TestApp,
  options: {
    slug?: string;
    date?: string;
    partySize?: number;
    status?: 'CONFIRMED' | 'CANCELLED';
    allergies?: string;
    occasionNotes?: string;
    createdAt?: Date;
  } = {},
) {
  const {
    slug = 'christmas-party-nights',
    date = PARTY_NIGHT,
    partySize = 12,
    status = 'CONFIRMED',
    allergies = '',
    occasionNotes = '',
  } = options;
  const id = randomUUID();
  const dinerToken = newOccasionToken();
  await t.app.db.insert(occasionBookings).values({
    id,
    reference: `PN-${id.slice(0, 6).toUpperCase()}`,
    occasionSlug: slug,
    occasionName: slug === 'christmas-party-nights' ? 'Christmas party nights' : 'Winter supper club',
    date,
    sittingId: slug === 'christmas-party-nights' ? 'dinner' : 'supper',
    sittingLabel: 'Dinner',
    status,
    pid: randomUUID(),
    name: 'Margaret Ellis',
    email: 'margaret@example.com',
    phone: '07700 900123',
    partyAdults: partySize,
    partyChildren: 0,
    partySize,
    allergies,
    occasionNotes,
    totalPence: partySize * 3800,
    paymentKind: 'deposit',
    amountDuePence: partySize * 1000,
    paidPence: partySize * 1000,
    source: 'online',
    dinerToken,
    createdAt: options.createdAt ?? NOW,
    updatedAt: options.createdAt ?? NOW,
  });
  const organiserToken = await issueOrganiserToken(t.app.db, id, NOW);
  return { id, dinerToken, organiserToken };
}

const choice = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  email: '',
  choices: { starter: 'smoked-salmon', main: 'braised-beef', dessert: 'chocolate-torte' },
  allergies: '',
  ...overrides,
});

const DINERS = ['Ann', 'Bill', 'Cath', 'Dev', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy'].map(
  (first) => `${first} Walker`,
);

describe.each(databaseTargets)('group pre-orders on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test' });
  const organiser = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/occasions/organiser/${token}` });
  const dinerLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/occasions/diners/${token}` });
  const choose = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/occasions/diners/${token}`, payload });

  it('takes 9 diners through the link, defaults the other 3 at the deadline, locks, then refuses a 10th', async () => {
    const booking = await bookOccasion(t, {
      slug: PARTY_NIGHTS,
      date: PARTY_NIGHT,
      sittingId: 'dinner',
      adults: 12,
      name: 'Margaret Ellis',
      email: 'margaret@example.com',
      phone: '07700 900123',
    });

    const first = await organiser(booking.organiserToken);
    expect(first.statusCode).toBe(200);
    const page: OrganiserPage = first.json();
    expect(page).toMatchObject({
      partySize: 12,
      date: PARTY_NIGHT,
      status: 'CONFIRMED',
      paidPence: 12_000,
      totalPence: 45_600,
      locked: false,
      diners: [],
      preOrderDeadline: DEADLINE.toISOString(),
      dinerUrl: `https://pub.test/occasions/diners/${booking.dinerToken}`,
    });
    expect(page.occasion.slug).toBe('christmas-party-nights');

    const shared = await dinerLink(booking.dinerToken);
    expect(shared.statusCode).toBe(200);
    expect(shared.json<DinerPage>()).toMatchObject({
      organiserFirstName: 'Margaret',
      placesLeft: 12,
      locked: false,
    });
    expect(shared.body).not.toContain('margaret@example.com');
    expect(shared.body).not.toContain('Ellis');
    expect(shared.body).not.toContain('07700');

    for (const [index, name] of DINERS.entries()) {
      t.setNow(new Date(NOW.getTime() + (index + 1) * 60_000));
      const allergies = name === 'Cath Walker' ? 'Tree nuts: a serious allergy' : '';
      const answer = await choose(booking.dinerToken, choice(name, { allergies }));
      expect(answer.statusCode).toBe(201);
      expect(answer.json<Diner>()).toMatchObject({
        name,
        chosenBy: 'diner',
        allergies,
        defaultedCourses: [],
      });
    }
    expect((await dinerLink(booking.dinerToken)).json<DinerPage>().placesLeft).toBe(3);

    t.setNow(new Date(DEADLINE.getTime() - 60_000));
    expect(await t.app.preOrders.runDue()).toMatchObject({ locked: 0 });
    t.setNow(AFTER_DEADLINE);
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 1, reminded: 0 });
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 0 });

    const locked: OrganiserPage = (await organiser(booking.organiserToken)).json();
    expect(locked.locked).toBe(true);
    expect(locked.diners.map((diner) => diner.name)).toEqual([...DINERS, 'Guest 10', 'Guest 11', 'Guest 12']);
    expect(locked.diners.find((diner) => diner.name === 'Cath Walker')?.allergies).toBe(
      'Tree nuts: a serious allergy',
    );
    for (const guest of locked.diners.slice(9)) {
      expect(guest).toMatchObject({
        chosenBy: 'default',
        choices: DEFAULTS,
        defaultedCourses: ['starter', 'main', 'dessert'],
      });
    }
    expect(locked.diners.slice(0, 9).every((diner) => diner.chosenBy === 'diner')).toBe(true);

    // The kitchen's sheets are final: all 12 by name, the allergy with its diner, every default counted.
    const { cookie } = await signedInAccount(t, 'staff');
    const staffGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const sheets = await staffGet(
      `/api/admin/occasions/${PARTY_NIGHTS}/sheets?date=${PARTY_NIGHT}&sittingId=dinner`,
    );
    expect(sheets.statusCode).toBe(200);
    for (const name of [...DINERS, 'Guest 10', 'Guest 11', 'Guest 12']) expect(sheets.body).toContain(name);
    expect(sheets.body).toContain('Tree nuts: a serious allergy');
    const prep = (
      await staffGet(`/api/admin/occasions/${PARTY_NIGHTS}/prep?date=${PARTY_NIGHT}`)
    ).json<PrepSheet>();
    const dinner = prep.sittings.find((sitting) => sitting.sittingId === 'dinner');
    expect(dinner).toMatchObject({
      covers: 12,
      notChosen: 0,
      allergies: [{ diner: 'Cath Walker', allergies: 'Tree nuts: a serious allergy' }],
    });
    for (const course of dinner?.courses ?? []) {
      expect(
        course.dishes.reduce((sum, dish) => sum + dish.count, 0),
        course.name,
      ).toBe(12);
      expect(
        course.dishes.reduce((sum, dish) => sum + dish.defaulted, 0),
        course.name,
      ).toBe(3);
    }

    const tenth = await choose(booking.dinerToken, choice('Jo Walker'));
    expect(tenth.statusCode).toBe(409);
    expect(tenth.json().error).toBe(
      'The choices for this table closed on 11:59pm on Tuesday 1 December 2026; please ask Margaret or call us.',
    );
    expect((await dinerLink(booking.dinerToken)).json<DinerPage>()).toMatchObject({
      locked: true,
      placesLeft: 0,
    });
    const byOrganiser = await t.app.inject({
      method: 'POST',
      url: `/api/occasions/organiser/${booking.organiserToken}/diners`,
      payload: choice('Jo Walker'),
    });
    expect(byOrganiser.statusCode).toBe(409);
    const rows = await t.app.db
      .select()
      .from(occasionDiners)
      .where(eq(occasionDiners.bookingId, booking.bookingId));
    expect(rows).toHaveLength(12);

    const trail = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subjectType, 'occasion-booking'), eq(auditEvents.subjectId, booking.bookingId)),
      );
    expect(trail.filter((entry) => entry.type === 'occasion.diner-added')).toHaveLength(9);
    const lockEntry = trail.find((entry) => entry.type === 'occasion.locked');
    expect(lockEntry?.actorKind).toBe('system');
    expect(lockEntry?.summary).toContain('3 places given the default menu');
    expect(JSON.stringify(trail)).not.toContain('Tree nuts');
    expect(JSON.stringify(trail)).not.toContain('Walker');
  });

  it('lets the organiser choose for someone and change a diner’s dishes before the deadline', async () => {
    const booking = await confirmedBooking(t, {
      partySize: 3,
      allergies: 'Uncle Tom: no nuts',
      occasionNotes: 'Margaret’s retirement',
    });
    expect((await organiser(booking.organiserToken)).json<OrganiserPage>()).toMatchObject({
      allergies: 'Uncle Tom: no nuts',
      occasionNotes: 'Margaret’s retirement',
    });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/occasions/organiser/${booking.organiserToken}/diners`,
      payload: choice('Uncle Tom'),
    });
    expect(added.statusCode).toBe(200);
    const [tom] = added.json<OrganiserPage>().diners;
    expect(tom).toMatchObject({ name: 'Uncle Tom', chosenBy: 'organiser' });
    t.setNow(new Date(NOW.getTime() + 60_000));
    await choose(booking.dinerToken, choice('Ann Walker', { email: 'ann@example.com' }));
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/occasions/organiser/${booking.organiserToken}/diners/${tom?.id}`,
      payload: choice('Uncle Tom', {
        choices: { starter: 'ham-hock-terrine', main: 'sea-bass', dessert: 'lemon-posset' },
      }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<OrganiserPage>().diners).toMatchObject([
      {
        name: 'Uncle Tom',
        chosenBy: 'organiser',
        choices: { starter: 'ham-hock-terrine', main: 'sea-bass' },
      },
      { name: 'Ann Walker', chosenBy: 'diner' },
    ]);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/occasions/organiser/${booking.organiserToken}/diners/${randomUUID()}`,
      payload: choice('Nobody'),
    });
    expect(unknown.statusCode).toBe(404);
    const ann = changed.json<OrganiserPage>().diners.find((diner) => diner.name === 'Ann Walker');
    await t.app.inject({
      method: 'PUT',
      url: `/api/occasions/organiser/${booking.organiserToken}/diners/${ann?.id}`,
      payload: choice('Ann Walker', { email: '' }),
    });
    const [stored] = await t.app.db
      .select()
      .from(occasionDiners)
      .where(eq(occasionDiners.name, 'Ann Walker'));
    expect(stored?.email, 'a diner’s own e-mail survives an edit by someone who cannot see it').toBe(
      'ann@example.com',
    );
    const [party] = await t.app.db.select().from(occasionBookings).where(eq(occasionBookings.id, booking.id));
    expect(party?.changedBy, 'choosing is not a change of the booking by staff').toBeNull();
  });

  it('refuses wrong choices, a full table, a cancelled booking, a ticketed event and an unknown link', async () => {
    const booking = await confirmedBooking(t, { partySize: 2 });
    const wrongCourse = await choose(
      booking.dinerToken,
      choice('Ann Walker', {
        choices: { starter: 'roast-turkey', main: 'braised-beef', dessert: 'lemon-posset' },
      }),
    );
    expect(wrongCourse.statusCode).toBe(400);
    expect(wrongCourse.json().issues).toEqual([
      { path: 'choices.starter', message: 'Please choose a starter from the menu.' },
    ]);
    const missing = await choose(
      booking.dinerToken,
      choice('Ann Walker', { choices: { starter: 'winter-soup' } }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues.map((issue: { message: string }) => issue.message)).toEqual([
      'Please choose a main.',
      'Please choose a dessert.',
    ]);
    expect((await choose(booking.dinerToken, choice('Ann Walker'))).statusCode).toBe(201);
    expect((await choose(booking.dinerToken, choice('Bill Walker'))).statusCode).toBe(201);
    const full = await choose(booking.dinerToken, choice('Cath Walker'));
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(PRE_ORDER_MESSAGES.full(2));
    expect(full.json().error).toMatch(/Please ask the organiser/);

    const cancelled = await confirmedBooking(t, { status: 'CANCELLED' });
    expect((await choose(cancelled.dinerToken, choice('Ann Walker'))).json().error).toBe(
      'This booking has been cancelled, so no choices can be made for it.',
    );
    expect((await dinerLink(cancelled.dinerToken)).statusCode).toBe(404);

    const supper = await confirmedBooking(t, {
      slug: 'winter-supper-club',
      date: '2027-01-22',
      partySize: 2,
    });
    const ticketed = await choose(supper.dinerToken, choice('Ann Walker', { choices: {} }));
    expect(ticketed.statusCode).toBe(409);
    expect(ticketed.json().error).toBe('This event has no courses to choose: there is nothing to pre-order.');

    expect((await organiser(newOccasionToken())).statusCode).toBe(404);
    expect((await organiser('not-a-token')).statusCode).toBe(404);
    expect((await dinerLink(newOccasionToken())).statusCode).toBe(404);
    const rows = await t.app.db.select().from(occasionDiners);
    expect(rows).toHaveLength(2);
  });

  it('reminds the organiser once, three days before the deadline, with who has and has not chosen', async () => {
    const booking = await confirmedBooking(t);
    for (const name of DINERS.slice(0, 4))
      await choose(booking.dinerToken, choice(name, { email: 'a@example.com' }));
    t.setNow(new Date(DEADLINE.getTime() - 3 * DAY_MS - 60_000));
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 0 });
    t.setNow(new Date(DEADLINE.getTime() - 3 * DAY_MS + 60_000));
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 1 });
    t.setNow(new Date(DEADLINE.getTime() - DAY_MS));
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 0 });

    const mail = (await mailInOutboxFolder(t)).filter((message) => message.subject.startsWith('Reminder:'));
    expect(mail).toHaveLength(1);
    const [reminder] = mail;
    expect(reminder?.headers.get('to')).toContain('margaret@example.com');
    expect(reminder?.subject).toContain('Christmas party nights');
    expect(reminder?.text).toContain(`https://pub.test/occasions/diners/${booking.dinerToken}`);
    expect(reminder?.text).toMatch(/https:\/\/pub\.test\/occasions\/organiser\/[A-Za-z0-9_-]{43}/);
    expect(reminder?.text).toContain('11:59pm on Tuesday 1 December 2026');
    expect(reminder?.text).toContain('Ann Walker: Oak-smoked salmon');
    expect(reminder?.text).toContain('Places nobody has taken');
    expect(reminder?.text).toContain('8');
    expect(reminder?.html).toContain(`href="https://pub.test/occasions/diners/${booking.dinerToken}"`);
    expect(reminder?.html).toContain('Your table’s choices are nearly due');
    const newLink = reminder?.text.match(/\/occasions\/organiser\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    expect((await organiser(newLink)).statusCode).toBe(200);
  });

  it('sends no reminder on the heels of the confirmation: a party booked inside the window waits a day', async () => {
    const bookedAt = new Date(DEADLINE.getTime() - 2 * DAY_MS);
    await confirmedBooking(t, { createdAt: bookedAt });
    t.setNow(new Date(bookedAt.getTime() + 60_000));
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 0 });
    t.setNow(new Date(bookedAt.getTime() + DAY_MS + 60_000));
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 1 });
  });

  it('reminds no one of a party where everyone has chosen', async () => {
    const booking = await confirmedBooking(t, { partySize: 2 });
    await choose(booking.dinerToken, choice('Ann Walker', { email: 'ann@example.com' }));
    await choose(booking.dinerToken, choice('Bill Walker'));
    t.setNow(new Date(DEADLINE.getTime() - 2 * DAY_MS));
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 0 });
  });

  it('reminds a diner with an e-mail whose course is still open, once', async () => {
    const booking = await confirmedBooking(t, { partySize: 2 });
    await choose(booking.dinerToken, choice('Ann Walker', { email: 'ann@example.com' }));
    await choose(booking.dinerToken, choice('Bill Walker'));
    // The kitchen took Ann's dessert off the menu after she chose: her dessert is open again.
    await t.app.db
      .update(occasionDiners)
      .set({ choices: { starter: 'smoked-salmon', main: 'braised-beef', dessert: 'withdrawn-dish' } })
      .where(eq(occasionDiners.name, 'Ann Walker'));
    t.setNow(new Date(DEADLINE.getTime() - 2 * DAY_MS));
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 2 });
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 0 });
    const mail = (await mailInOutboxFolder(t)).filter((message) => message.subject.startsWith('Reminder:'));
    expect(mail.map((message) => message.headers.get('to'))).toEqual(
      expect.arrayContaining([
        expect.stringContaining('ann@example.com'),
        expect.stringContaining('margaret@example.com'),
      ]),
    );
    const toAnn = mail.find((message) => String(message.headers.get('to')).includes('ann@example.com'));
    expect(toAnn?.text).toContain('please ask Margaret');
    expect(toAnn?.text).not.toContain('margaret@example.com');

    t.setNow(AFTER_DEADLINE);
    await t.app.preOrders.runDue();
    const [ann] = await t.app.db.select().from(occasionDiners).where(eq(occasionDiners.name, 'Ann Walker'));
    expect(ann).toMatchObject({ chosenBy: 'diner', defaultedCourses: ['dessert'] });
  });

  it('neither locks nor reminds a Christmas Day party: its order is Christmas’s, final when booked', async () => {
    const christmas = await insertChristmasBooking(t.app.db, {
      date: '2026-12-25',
      sittingId: 'xmas-early',
      sittingLabel: '12:00 sitting',
      name: 'Olive Harper',
      email: 'olive@example.com',
      phone: '07700 900321',
      partyAdults: 2,
      partyChildren: 0,
      partySize: 2,
      selections: {
        starters: [{ item: 'parsnip-soup', count: 2 }],
        mains: [{ item: 'roast-turkey', count: 2 }],
        desserts: [],
      },
      totalPence: 19000,
      source: 'online',
      createdAt: NOW,
    });
    for (const day of ['2026-12-20', '2026-12-24', '2026-12-26']) {
      t.setNow(new Date(`${day}T12:00:00Z`));
      expect(await t.app.preOrders.runDue(), day).toEqual({ locked: 0, reminded: 0 });
    }
    const diners = await t.app.db
      .select()
      .from(occasionDiners)
      .where(eq(occasionDiners.bookingId, christmas.id));
    expect(diners.map((diner) => diner.chosenBy)).toEqual(['organiser', 'organiser']);
    expect(await mailInOutboxFolder(t)).toEqual([]);
  });

  it('lets staff change a locked order, and refuses a diner more than the party', async () => {
    const booking = await confirmedBooking(t, { partySize: 2 });
    await choose(booking.dinerToken, choice('Ann Walker'));
    t.setNow(AFTER_DEADLINE);
    await t.app.preOrders.runDue();
    const { cookie } = await signedInAccount(t, 'staff');
    const [, guest] = (await organiser(booking.organiserToken)).json<OrganiserPage>().diners;
    expect(guest?.name).toBe('Guest 2');

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/occasions/bookings/${booking.id}/diners/${guest?.id}`,
      headers: { cookie },
      payload: choice('Bert Walker', {
        choices: { ...guest?.choices, main: 'nut-roast' },
        allergies: 'No shellfish',
      }),
    });
    expect(changed.statusCode).toBe(200);
    const [party] = await t.app.db.select().from(occasionBookings).where(eq(occasionBookings.id, booking.id));
    expect(party).toMatchObject({ changedBy: 'A staff', updatedAt: AFTER_DEADLINE });
    expect(changed.json<Diner>()).toMatchObject({
      name: 'Bert Walker',
      chosenBy: 'staff',
      choices: { main: 'nut-roast' },
      defaultedCourses: ['starter', 'dessert'],
    });
    const more = await t.app.inject({
      method: 'POST',
      url: `/api/admin/occasions/bookings/${booking.id}/diners`,
      headers: { cookie },
      payload: choice('Cath Walker'),
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe(PRE_ORDER_MESSAGES.full(2, false));
    expect(more.json().error).toMatch(/Change one of the diners’ choices instead\.$/);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/occasions/bookings/${booking.id}/diners`,
      payload: choice('Cath Walker'),
    });
    expect(anonymous.statusCode).toBe(401);
    const [entry] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'occasion.diner-changed'), eq(auditEvents.subjectId, booking.id)));
    expect(entry).toMatchObject({ actorKind: 'staff', actorName: 'A staff' });
    expect(entry?.changes).toMatchObject({
      chosenBy: { before: 'default', after: 'staff' },
      name: { before: '(personal data)', after: '(personal data)' },
    });
  });

  it('still shows a party whose occasion staff removed, by its stored name, closed to choices', async () => {
    const booking = await confirmedBooking(t, { partySize: 2 });
    await choose(booking.dinerToken, choice('Ann Walker'));
    const { version, document } = await t.app.content.latest('occasions');
    await t.app.content.save(
      'occasions',
      version,
      {
        ...document,
        occasions: document.occasions.filter((occasion) => occasion.slug !== 'christmas-party-nights'),
      },
      { email: 'tests@pub.test', at: NOW, actor: SYSTEM },
    );
    const page = await organiser(booking.organiserToken);
    expect(page.statusCode).toBe(200);
    expect(page.json<OrganiserPage>()).toMatchObject({
      occasion: { slug: 'christmas-party-nights', name: 'Christmas party nights', courses: [] },
      locked: true,
      diners: [{ name: 'Ann Walker' }],
    });
    const refused = await choose(booking.dinerToken, choice('Bill Walker'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'This occasion’s menu is no longer published, so its choices cannot be changed here. Please call us.',
    );
    t.setNow(AFTER_DEADLINE);
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 0, reminded: 0 });
  });

  it('keeps "none" of an optional course at the deadline, defaults a course left open, and counts None', async () => {
    const { version, document } = await t.app.content.latest('occasions');
    await t.app.content.save(
      'occasions',
      version,
      {
        ...document,
        occasions: document.occasions.map((occasion) =>
          occasion.slug === 'christmas-party-nights'
            ? {
                ...occasion,
                courses: occasion.courses.map((course) => ({ ...course, optional: course.id === 'dessert' })),
              }
            : occasion,
        ),
      },
      { email: 'tests@pub.test', at: NOW, actor: SYSTEM },
    );
    const booking = await confirmedBooking(t, { partySize: 4 });
    const without = { starter: 'smoked-salmon', main: 'braised-beef', dessert: NO_DISH };
    const ann = await choose(booking.dinerToken, choice('Ann Walker', { choices: without }));
    expect(ann.statusCode).toBe(201);
    expect(ann.json<Diner>().choices).toEqual(without);
    const noStarter = await choose(
      booking.dinerToken,
      choice('Bill Walker', { choices: { ...without, starter: NO_DISH } }),
    );
    expect(noStarter.statusCode).toBe(400);
    expect(noStarter.json().issues).toEqual([
      { path: 'choices.starter', message: 'Every diner has a starter: please choose one.' },
    ]);
    // Bill chose before the dessert was on the menu: his dessert is open, not "none".
    await t.app.db.insert(occasionDiners).values({
      bookingId: booking.id,
      name: 'Bill Walker',
      choices: { starter: 'smoked-salmon', main: 'braised-beef' },
      chosenBy: 'diner',
      createdAt: new Date(NOW.getTime() + 1),
      updatedAt: NOW,
    });

    t.setNow(AFTER_DEADLINE);
    expect(await t.app.preOrders.runDue()).toEqual({ locked: 1, reminded: 0 });
    const { diners } = (await organiser(booking.organiserToken)).json<OrganiserPage>();
    expect(diners).toMatchObject([
      { name: 'Ann Walker', chosenBy: 'diner', choices: without, defaultedCourses: [] },
      {
        name: 'Bill Walker',
        chosenBy: 'diner',
        choices: { dessert: 'christmas-pudding' },
        defaultedCourses: ['dessert'],
      },
      { name: 'Guest 3', choices: DEFAULTS },
      { name: 'Guest 4', choices: DEFAULTS },
    ]);

    const { cookie } = await signedInAccount(t, 'staff');
    const staffGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const prep = (
      await staffGet(`/api/admin/occasions/${PARTY_NIGHTS}/prep?date=${PARTY_NIGHT}`)
    ).json<PrepSheet>();
    const courses = prep.sittings.find((sitting) => sitting.sittingId === 'dinner')?.courses ?? [];
    for (const course of courses) {
      expect(
        course.dishes.reduce((sum, dish) => sum + dish.count, 0),
        course.name,
      ).toBe(4);
    }
    expect(courses.find((course) => course.courseId === 'dessert')?.dishes).toContainEqual({
      dishId: NO_DISH,
      name: 'None',
      count: 1,
      defaulted: 0,
    });
    expect(
      courses.find((course) => course.courseId === 'main')?.dishes.map((dish) => dish.name),
    ).not.toContain('None');
    const sheets = await staffGet(
      `/api/admin/occasions/${PARTY_NIGHTS}/sheets?date=${PARTY_NIGHT}&sittingId=dinner`,
    );
    expect(sheets.body).toMatch(/Ann Walker<\/th>(<td>[^<]+<\/td>){2}<td>None<\/td>/);
    const manager = await signedInAccount(t, 'manager');
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings.csv?date=${PARTY_NIGHT}`,
      headers: { cookie: manager.cookie },
    });
    const annLine = csv.body.split('\r\n').find((line) => line.includes('Ann Walker'));
    expect(annLine).toContain('Ann Walker,Oak-smoked salmon,Slow-braised beef,None,');
  });

  it('locks a party once when two passes run at once', async () => {
    const booking = await confirmedBooking(t, { partySize: 4 });
    await choose(booking.dinerToken, choice('Ann Walker'));
    const options = {
      db: t.app.db,
      now: AFTER_DEADLINE,
      content: await t.app.content.current(),
      log: t.app.log,
    };
    const passes = await Promise.all([lockDueOrders(options), lockDueOrders(options)]);
    expect(passes.sort()).toEqual([0, 1]);
    const rows = await t.app.db.select().from(occasionDiners).where(eq(occasionDiners.bookingId, booking.id));
    expect(rows.map((row) => row.name).sort()).toEqual(['Ann Walker', 'Guest 2', 'Guest 3', 'Guest 4']);
    const locks = await t.app.db.select().from(auditEvents).where(eq(auditEvents.type, 'occasion.locked'));
    expect(locks).toHaveLength(1);
  });
});

describe.skipIf(!postgres)('the last place at a table under a race', () => {
  const t = useTestApp(postgres as NonNullable<typeof postgres>, NOW, { per: 'test' });

  it('gives the last place to exactly one of ten diners choosing at once', async () => {
    const booking = await confirmedBooking(t, { partySize: 3 });
    await t.app.inject({
      method: 'POST',
      url: `/api/occasions/diners/${booking.dinerToken}`,
      payload: choice('Ann'),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/occasions/diners/${booking.dinerToken}`,
      payload: choice('Bill'),
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/occasions/diners/${booking.dinerToken}`,
          payload: choice(`Racer ${index}`),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const rows = await t.app.db.select().from(occasionDiners).where(eq(occasionDiners.bookingId, booking.id));
    expect(rows).toHaveLength(3);
  });
});
