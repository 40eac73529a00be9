import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bookings } from '#db/schema.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { describeOnPostgres } from '#tests/helpers/postgres-suite.ts';
import { offerFreedPlaces } from './offers.ts';
import {
  cancelBooking,
  claimTokenIn,
  fillSaturdayEvening,
  joined,
  mailOf,
  NOW,
  offersMade,
} from './standby-test-kit.ts';

const MINUTE = 60_000;

describeOnPostgres('the last place on PostgreSQL', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', signedIn: true });

  /** Saturday full, Edith then Sybil waiting for two, and Margaret's two cancelled. */
  async function placeFreed() {
    const margaret = await fillSaturdayEvening(t);
    await joined(t, 1);
    const sybil = await joined(t, 2, { name: 'Sybil Branson', email: 'sybil@example.com' });
    t.setNow(new Date(NOW.getTime() + 10 * MINUTE));
    await cancelBooking(t, margaret.bookingId);
    return sybil;
  }

  it('gives it to one of two guests claiming at once, and tells the other it was taken', async () => {
    const sybil = await placeFreed();
    await t.app.standby.runDue();
    const [sybilEntry] = (
      (await t.asStaff({ method: 'GET', url: `/api/admin/standby?date=${sybil.date}` })).json() as {
        services: { entries: { id: string; email: string }[] }[];
      }
    ).services.flatMap((service) => service.entries.filter((entry) => entry.email === 'sybil@example.com'));
    // Staff offer Sybil the same place by hand: two claim links for one table.
    const byHand = await t.asStaff({
      method: 'POST',
      url: `/api/admin/standby/${sybilEntry?.id}/offer`,
      payload: { timeSlot: '19:00' },
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const tokens = (await mailOf(t, 'standby-offer')).map((mail) => claimTokenIn(mail.text));
    expect(tokens).toHaveLength(2);
    const claims = await Promise.all(
      tokens.map((token) => t.app.inject({ method: 'POST', url: `/api/standby/offers/${token}/claim` })),
    );
    expect(claims.map((claim) => claim.statusCode).sort()).toEqual([201, 409]);
    const refused = claims.find((claim) => claim.statusCode === 409);
    expect(refused?.json()).toEqual({ error: STANDBY_MESSAGES.alreadyTaken });
    const made = await t.database.db.select().from(bookings).where(eq(bookings.source, 'standby'));
    expect(made).toHaveLength(1);
    expect((await offersMade(t)).map((offer) => offer.state).sort()).toEqual(['CLAIMED', 'GONE']);
    // The guest who lost is told the table has gone and that they stay on the list.
    const gone = await mailOf(t, 'standby-gone');
    expect(gone.map((mail) => mail.to)).toEqual(
      (await offersMade(t)).filter((offer) => offer.state === 'GONE').map((offer) => offer.email),
    );
    expect(gone[0]?.text).toContain('still on the standby list');
  });

  it('offers a freed place once when two servers pass at the same moment', async () => {
    await placeFreed();
    const pass = async () =>
      offerFreedPlaces({
        db: t.app.db,
        now: t.app.clock(),
        content: await t.app.content.current(),
        publicUrl: t.app.config.publicUrl,
        log: t.app.log,
      });
    const passes = await Promise.all([pass(), pass(), t.app.standby.runDue()]);
    expect(passes.reduce((sum, each) => sum + each.offered, 0)).toBe(1);
    expect(await offersMade(t)).toMatchObject([{ email: 'edith@example.com', state: 'OPEN' }]);
    expect(await mailOf(t, 'standby-offer')).toHaveLength(1);
  });
});
