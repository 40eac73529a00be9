import { describe, expect, it } from 'vitest';
import type { OccasionSummary } from '../occasions/api.ts';
import { promoOpensOn, promotedOffer } from './promo.ts';

const occasion = (slug: string, featured: boolean): OccasionSummary => ({
  slug,
  name: slug,
  summary: '',
  firstDate: '2026-12-04',
  lastDate: '2026-12-19',
  fromPricePence: 3800,
  featured,
  ticketed: false,
});
const christmasDay = { onlineCutoff: '2026-12-23T23:59' };

describe('promotedOffer', () => {
  const beforeCutoff = new Date('2026-12-23T23:59:30Z');
  const afterCutoff = new Date('2026-12-24T00:00:00Z');

  it('is the featured occasion, before and after Christmas Day’s cut-off', () => {
    const listed = [occasion('supper-club', false), occasion('party-nights', true)];
    for (const now of [beforeCutoff, afterCutoff])
      expect(promotedOffer(listed, christmasDay, now)).toEqual({ kind: 'occasion', occasion: listed[1] });
  });

  it('is Christmas Day when it is the one featured, until its online cut-off; then nothing', () => {
    const listed = [occasion('supper-club', false), occasion('christmas-day', true)];
    expect(promotedOffer(listed, christmasDay, beforeCutoff)).toEqual({ kind: 'christmas-day' });
    expect(promotedOffer(listed, christmasDay, afterCutoff)).toBeNull();
  });

  it('is nothing when none is featured, Christmas Day listed or not, or when none is listed', () => {
    const listed = [occasion('christmas-day', false), occasion('supper-club', false)];
    expect(promotedOffer(listed, christmasDay, beforeCutoff)).toBeNull();
    expect(promotedOffer([], christmasDay, beforeCutoff)).toBeNull();
  });
});

describe('promoOpensOn', () => {
  it.each([
    '/',
    '/events',
    '/events/quiz',
    '/menu',
    '/gallery',
    '/about',
    '/contact',
    '/christmasy',
    '/bookingsy',
    '/vouchersy',
  ])('opens on %s', (path) => {
    expect(promoOpensOn(path)).toBe(true);
  });
  it.each([
    '/christmas',
    '/christmas/',
    '/christmas/success',
    '/christmas/cancel',
    '/christmas/manage/abc',
    '/bookings',
    '/bookings/',
    '/bookings/manage/abc',
    '/privacy',
    '/unsubscribe/abc',
    '/vouchers',
    '/vouchers/bought',
    '/vouchers/v/7K3M9QXDA2B4C6E8',
    '/occasions/christmas-party-nights',
    '/occasions/checkout',
    '/occasions/organiser/abc',
    '/occasions/diners/abc',
    '/standby/abc',
    '/standby/claim/abc',
    '/admin',
    '/admin/bookings',
    '/administrator',
  ])('stays closed on %s', (path) => {
    expect(promoOpensOn(path)).toBe(false);
  });
});
