import { describe, expect, it } from 'vitest';
import { textRows } from './text-rows.ts';

describe('textRows', () => {
  it('lines the values up in a column of 22 when every label is short', () => {
    expect(
      textRows([
        ['Date', 'Friday 25 December 2026'],
        ['Party', '2 adults'],
      ]),
    ).toBe('Date:                 Friday 25 December 2026\nParty:                2 adults');
  });

  it('keeps a long label one space clear of its value, and every value in the same column', () => {
    const lines = textRows([
      ['Deposit paid', '£75.00'],
      ['Balance due on the day', '£165.00'],
      ['A label longer than that one', 'x'],
    ]).split('\n');
    expect(lines).toEqual([
      'Deposit paid:                 £75.00',
      'Balance due on the day:       £165.00',
      'A label longer than that one: x',
    ]);
  });

  it('indents the further lines of a value to its column', () => {
    expect(
      textRows([
        ['Balance due on the day', '£165.00'],
        ['Pre-order', 'Mains: 3 × turkey\r\nDesserts: none'],
      ]),
    ).toBe(
      [
        'Balance due on the day: £165.00',
        'Pre-order:              Mains: 3 × turkey',
        '                        Desserts: none',
      ].join('\n'),
    );
  });
});
