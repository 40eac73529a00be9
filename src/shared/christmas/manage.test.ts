import { describe, expect, it } from 'vitest';
import { seedSeason } from '#tests/helpers/seed-content.ts';
import { christmasTerms } from './amounts.ts';
import {
  depositOnGuestCancel,
  isWithinRefundWindow,
  refundableUntilOf,
  refundDeadlineText,
} from './manage.ts';

const season = { ...seedSeason, refundableUntil: undefined };

describe('the Christmas refund window', () => {
  it('defaults to the end of the day a week before Christmas Day, for seasons stored without one', () => {
    expect(refundableUntilOf(season)).toBe('2026-12-18T23:59');
    expect(refundDeadlineText(season)).toBe('the end of Friday 18 December');
    expect(isWithinRefundWindow(season, new Date('2026-12-18T23:59:59Z'))).toBe(true);
    expect(isWithinRefundWindow(season, new Date('2026-12-19T00:00:00Z'))).toBe(false);
  });

  it('takes the season’s own date and time, London time', () => {
    const own = { ...season, date: '2027-12-25', refundableUntil: '2027-12-10T18:00' };
    expect(refundableUntilOf(own)).toBe('2027-12-10T18:00');
    expect(refundDeadlineText(own)).toBe('6pm on Friday 10 December');
    expect(isWithinRefundWindow(own, new Date('2027-12-10T18:00:30Z'))).toBe(true);
    expect(isWithinRefundWindow(own, new Date('2027-12-10T18:01:00Z'))).toBe(false);
  });

  it('refunds or keeps a deposit paid online, settles one staff took; a booking without one has none to lose', () => {
    const before = new Date('2026-12-01T10:00:00Z');
    const after = new Date('2026-12-20T10:00:00Z');
    const online = { source: 'online', depositPaidPence: 5000 } as const;
    expect(depositOnGuestCancel(online, season, before)).toBe('refund');
    expect(depositOnGuestCancel(online, season, after)).toBe('keep');
    expect(depositOnGuestCancel({ source: 'phone', depositPaidPence: 7500 }, season, before)).toBe('settle');
    expect(depositOnGuestCancel({ source: 'phone', depositPaidPence: 0 }, season, before)).toBe('none');
  });

  it('is stated in the deposit terms', () => {
    expect(christmasTerms(season)).toContain(
      'If you cancel by the end of Friday 18 December, we refund your deposit in full; after that, it is kept.',
    );
  });
});
