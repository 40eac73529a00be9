import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown.ts';

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.UTC(2026, 0, 1);
    const target = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(countdownParts(target, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      remainingMs: target - now,
      done: false,
    });
  });

  it('clamps at zero and is done once the target has passed', () => {
    expect(countdownParts(1000, 5000)).toMatchObject({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: true,
    });
    expect(countdownParts(1000, 1000).done).toBe(true);
  });
});
