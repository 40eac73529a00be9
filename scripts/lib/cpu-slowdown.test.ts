import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown.ts';

describe('the CPU slowdown for the host', () => {
  it("keeps Lighthouse's 4× on a host as quick as the preset means, or quicker", () => {
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(2100)).toBe(4);
  });

  it("follows the calculator's formula on a slower host, never below 1×", () => {
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(100)).toBe(1);
  });
});
