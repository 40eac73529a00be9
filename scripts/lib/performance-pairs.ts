/**
 * One run's Lighthouse performance score (0–1) of a page with its scripts and, right after it on the same
 * phone, one of the same page without them (decision 052). Whatever the shared host's minute did to the page's
 * HTML and CSS, it did to both alike; what is left between them is what our scripts cost.
 */
export interface PerformancePair {
  withScripts: number;
  withoutScripts: number;
}

/**
 * The page's score over that of the page without its scripts. A pair whose page without scripts has no score
 * (0, or not a number) gives 0: a miss, never a pass by division.
 */
export function performanceRatio({ withScripts, withoutScripts }: PerformancePair): number {
  const ratio = withScripts / withoutScripts;
  return withoutScripts > 0 && Number.isFinite(ratio) ? ratio : 0;
}

/**
 * Lighthouse gives scores to two places, and a ratio that is the budget on paper can come out a hair under it
 * in floating point (0.72 / 0.80 is 0.8999999999999999): this much under still meets it.
 */
const ROUNDING = 1e-9;

/**
 * The team's rule, "speed targets are met as ratios measured in one run, medians": the median of the pairs'
 * ratios must be at least the budget. Unlike the LCP gate (every pair), one slow pair is set aside, as the
 * absolute score's median run set it aside before. With an even number of pairs the lower middle one decides
 * (the stricter of the two). No pairs at all is a miss.
 */
export function performanceOverBudget(path: string, pairs: PerformancePair[], budget: number): string[] {
  if (pairs.length === 0) return [`${path}: performance not scored against the page without its scripts`];
  const sorted = [...pairs].sort((a, b) => performanceRatio(a) - performanceRatio(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as PerformancePair;
  const ratio = performanceRatio(middle);
  if (ratio >= budget - ROUNDING) return [];
  return [
    `${path}: performance ${middle.withScripts.toFixed(2)} against ${middle.withoutScripts.toFixed(2)} without its scripts, ` +
      `${ratio.toFixed(3)}× (median of ${pairs.length} pairs; budget ≥ ${budget}×)`,
  ];
}
