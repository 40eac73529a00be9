import { describe, expect, it } from 'vitest';
import { performanceOverBudget, performanceRatio } from './performance-pairs.ts';

describe('the performance score against the page without scripts, median of the pairs', () => {
  it('divides the score with scripts by the score beside it without', () => {
    expect(performanceRatio({ withScripts: 0.8, withoutScripts: 0.94 })).toBeCloseTo(0.851, 3);
    expect(performanceRatio({ withScripts: 0.9, withoutScripts: 1 })).toBe(0.9);
  });

  it('counts a page without scripts that has no score as a miss', () => {
    expect(performanceRatio({ withScripts: 0.9, withoutScripts: 0 })).toBe(0);
    expect(performanceRatio({ withScripts: 0.9, withoutScripts: Number.NaN })).toBe(0);
    expect(performanceRatio({ withScripts: Number.NaN, withoutScripts: 0.9 })).toBe(0);
    const pairs = [
      { withScripts: 0.9, withoutScripts: 0 },
      { withScripts: 0.9, withoutScripts: Number.NaN },
      { withScripts: 1, withoutScripts: 1 },
    ];
    expect(performanceOverBudget('/privacy', pairs, 0.9)).toHaveLength(1);
  });

  it('passes a median exactly at the budget, the floating point of 0.72 / 0.80 included', () => {
    const pairs = [
      { withScripts: 0.72, withoutScripts: 0.8 },
      { withScripts: 0.72, withoutScripts: 0.8 },
      { withScripts: 0.72, withoutScripts: 0.8 },
    ];
    expect(performanceOverBudget('/bookings', pairs, 0.9)).toEqual([]);
    expect(performanceOverBudget('/bookings', [{ withScripts: 0.9, withoutScripts: 1 }], 0.9)).toEqual([]);
  });

  it('fails a median below the budget, and shows the median pair', () => {
    const pairs = [
      { withScripts: 0.8, withoutScripts: 0.94 },
      { withScripts: 0.79, withoutScripts: 0.95 },
      { withScripts: 0.9, withoutScripts: 0.93 },
    ];
    expect(performanceOverBudget('/christmas', pairs, 0.9)).toEqual([
      '/christmas: performance 0.80 against 0.94 without its scripts, 0.851× (median of 3 pairs; budget ≥ 0.9×)',
    ]);
  });

  it('lets the median decide, not the mean nor the worst pair', () => {
    // Mean 0.83 and worst 0.50, but the median pair is 0.95: a pass.
    const oneSlowPair = [
      { withScripts: 0.5, withoutScripts: 1 },
      { withScripts: 0.95, withoutScripts: 1 },
      { withScripts: 1, withoutScripts: 1 },
    ];
    expect(performanceOverBudget('/', oneSlowPair, 0.9)).toEqual([]);
    // Mean 0.91 and best 1.00, but the median pair is 0.88: a miss.
    const oneQuickPair = [
      { withScripts: 0.85, withoutScripts: 1 },
      { withScripts: 1, withoutScripts: 1 },
      { withScripts: 0.88, withoutScripts: 1 },
    ];
    expect(performanceOverBudget('/', oneQuickPair, 0.9)).toHaveLength(1);
  });

  it('fails a page with no pairs at all', () => {
    expect(performanceOverBudget('/menu', [], 0.9)).toHaveLength(1);
  });
});
