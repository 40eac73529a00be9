import { describe, expect, it } from 'vitest';
import { promoOpensOn } from './promo.ts';

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
    '/admin',
    '/admin/bookings',
    '/administrator',
  ])('stays closed on %s', (path) => {
    expect(promoOpensOn(path)).toBe(false);
  });
});
