import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, poundsToPence } from './money.ts';

describe('money', () => {
  const britishPounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

  it('writes any amount in pence as Intl writes British pounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (pence) => {
        expect(formatMoney(pence)).toBe(britishPounds.format(pence / 100));
      }),
      { numRuns: 5000 },
    );
  });

  it('shows pence always, and thousands with commas', () => {
    expect(formatMoney(7500)).toBe('£75.00');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(123_450)).toBe('£1,234.50');
    expect(formatMoney(-500)).toBe('-£5.00');
    expect(formatMoney(0)).toBe('£0.00');
  });

  it('drops .00 from a headline price only', () => {
    expect(formatPrice(7500)).toBe('£75');
    expect(formatPrice(750)).toBe('£7.50');
    expect(formatPrice(100_000)).toBe('£1,000');
  });

  it('turns pounds into whole pence without floating-point pennies', () => {
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
  });
});
