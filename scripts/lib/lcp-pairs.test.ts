import { describe, expect, it } from 'vitest';
import { lcpPairsOverBudget, lcpRatio } from './lcp-pairs.ts';

describe('the largest paint against the page without scripts, run by run', () => {
  it('divides the run with scripts by the run beside it without', () => {
    expect(lcpRatio({ withScriptsMs: 1500, withoutScriptsMs: 1200 })).toBe(1.25);
  });

  it('passes a page only when every pair is within the budget, the edge included', () => {
    const pairs = [
      { withScriptsMs: 1150, withoutScriptsMs: 1000 },
      { withScriptsMs: 900, withoutScriptsMs: 1000 },
      { withScriptsMs: 1300, withoutScriptsMs: 1300 },
    ];
    expect(lcpPairsOverBudget('/menu', 'idle', pairs, 1.15)).toEqual([]);
  });

  it('misses on one slow pair even when the medians would pass, and names it', () => {
    const pairs = [
      { withScriptsMs: 1000, withoutScriptsMs: 1000 },
      { withScriptsMs: 1500, withoutScriptsMs: 1200 },
      { withScriptsMs: 1000, withoutScriptsMs: 1000 },
    ];
    expect(lcpPairsOverBudget('/menu', 'with one core busy', pairs, 1.15)).toEqual([
      '/menu: LCP over 1.15× the page without scripts with one core busy in 1 of 3 runs (run 2: 1.50 s against 1.20 s, 1.25×)',
    ]);
  });

  it('counts a pair without a figure as a miss', () => {
    expect(
      lcpPairsOverBudget('/', 'idle', [{ withScriptsMs: Number.NaN, withoutScriptsMs: 1000 }], 1.15),
    ).toHaveLength(1);
  });
});
