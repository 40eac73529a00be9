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
    '/admin',
    '/admin/bookings',
    '/administrator',
  ])('stays closed on %s', (path) => {
    expect(promoOpensOn(path)).toBe(false);
  });
});
