import { throttling } from 'lighthouse/core/config/constants.js';

/** Lighthouse's mobile preset slows the CPU 4×, meant for a host of benchmark index about 1,533. */
const PRESET_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

/**
 * The CPU slowdown that makes this host the phone Lighthouse's mobile preset stands for, from the host's
 * benchmark index: the Lighthouse CPU throttling calculator's formula (patrickhulce/lighthouse-cpu-throttling-
 * calculator, linked from Lighthouse's docs/throttling.md). Never above the preset's 4×, so a quick host is
 * audited as before; a slow one is no longer audited as a slower phone than the preset means. The shared
 * 2-core machines measure 870 to 2,200 from one minute to the next (decision 032), so each run is scored at the
 * slowdown of the index measured in that run (decision 047).
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  const calculated =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(Math.min(PRESET_SLOWDOWN, Math.max(1, calculated)) * 100) / 100;
}
