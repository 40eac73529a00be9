import { describe, expect, it } from 'vitest';
import { penceFromPounds, poundsText } from './pounds.ts';

describe('prices typed in pounds', () => {
  it.each([
    ['7.50', 750],
    ['7.5', 750],
    ['7', 700],
    ['£12', 1200],
    [' 0.05 ', 5],
  ])('reads “%s” as %i pence', (typed, pence) => {
    expect(penceFromPounds(typed)).toBe(pence);
  });

  it.each(['7.555', 'abc', '', '7.', '-3', '1,50'])('refuses “%s”', (typed) => {
    expect(penceFromPounds(typed)).toBeNull();
  });

  it('writes pence as staff type them', () => {
    expect(poundsText(750)).toBe('7.50');
    expect(poundsText(5)).toBe('0.05');
    expect(poundsText(1200)).toBe('12.00');
  });
});
