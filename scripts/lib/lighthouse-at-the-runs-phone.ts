import type { Flags, RunnerResult } from 'lighthouse';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import { cpuSlowdownFor } from './cpu-slowdown.ts';

/** What a run was scored at: the host's benchmark index in that run, and the CPU slowdown it gave. */
export interface RunPhone {
  benchmarkIndex: number;
  cpuSlowdown: number;
}

/**
 * One Lighthouse navigation, scored on the phone of its own minute (decision 047). Lighthouse measures the
 * host's benchmark index at the start of every run; its simulation applies the CPU slowdown only when it
 * scores the trace, after the page has loaded. So the run is gathered as usual, then scored with the slowdown
 * `cpuSlowdownFor` gives for the index measured in that same run, not one measured minutes before on a
 * shared host whose speed halves and doubles from one minute to the next. Never above the preset's 4×. A run
 * compared with another (a page without its scripts, against the page) is scored at the other's slowdown.
 */
export async function lighthouseAtTheRunsPhone(
  url: string,
  flags: Flags,
  /** The slowdown to score at instead: that of the run this one is compared with. */
  pairedSlowdown?: number,
): Promise<{ runner: RunnerResult | undefined; phone: RunPhone }> {
  const { artifacts, runnerOptions } = await navigationGather(undefined, url, { flags });
  const benchmarkIndex = artifacts.BenchmarkIndex;
  const cpuSlowdown = pairedSlowdown ?? cpuSlowdownFor(benchmarkIndex);
  const { resolvedConfig } = runnerOptions;
  const settings = {
    ...resolvedConfig.settings,
    throttling: { ...resolvedConfig.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown },
  };
  const runner = await Runner.audit(
    { ...artifacts, settings },
    { resolvedConfig: { ...resolvedConfig, settings }, computedCache: new Map() },
  );
  return { runner, phone: { benchmarkIndex, cpuSlowdown } };
}
