/**
 * One run of a page's largest contentful paint with its scripts and, right after it on the same browser and
 * machine, one of the same page without them: whatever else the machine was doing weighed on both alike.
 */
export interface LcpPair {
  withScriptsMs: number;
  withoutScriptsMs: number;
}

export function lcpRatio({ withScriptsMs, withoutScriptsMs }: LcpPair): number {
  return withScriptsMs / withoutScriptsMs;
}

/**
 * Issue 34's "≤ 1.15 in 3 of 3 runs": every pair must be within the budget, not their medians, so one slow
 * load with scripts is a miss rather than a run the median sets aside. A pair with no figure is a miss too.
 */
export function lcpPairsOverBudget(path: string, pass: string, pairs: LcpPair[], budget: number): string[] {
  const over = pairs.flatMap((pair, index) =>
    lcpRatio(pair) <= budget
      ? []
      : [
          `run ${index + 1}: ${(pair.withScriptsMs / 1000).toFixed(2)} s against ${(pair.withoutScriptsMs / 1000).toFixed(2)} s, ${lcpRatio(pair).toFixed(2)}×`,
        ],
  );
  if (over.length === 0) return [];
  return [
    `${path}: LCP over ${budget}× the page without scripts ${pass} in ${over.length} of ${pairs.length} runs (${over.join('; ')})`,
  ];
}
