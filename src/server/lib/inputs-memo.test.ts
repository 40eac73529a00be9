import { describe, expect, it } from 'vitest';
import { inputsMemo } from './inputs-memo.ts';

describe('answers kept while what they were made from is unchanged', () => {
  it('finds a value only while every input is the very one it was made from', () => {
    const memo = inputsMemo<[object, number], string>(10);
    const rows = { seats: 4 };
    expect(memo.find('a', [rows, 1])).toBeUndefined();
    expect(memo.keep('a', [rows, 1], 'made')).toBe('made');
    expect(memo.find('a', [rows, 1])).toBe('made');
    // An equal copy of the rows is not the rows it was made from: a new read is a change.
    expect(memo.find('a', [{ seats: 4 }, 1])).toBeUndefined();
    expect(memo.find('a', [rows, 2])).toBeUndefined();
    expect(memo.find('b', [rows, 1])).toBeUndefined();
  });

  it('starts again empty past its bound, and a key kept again replaces its value', () => {
    const memo = inputsMemo<[number], number>(2);
    memo.keep('a', [1], 1);
    memo.keep('a', [2], 2);
    expect(memo.find('a', [1])).toBeUndefined();
    memo.keep('b', [1], 3);
    expect(memo.find('a', [2])).toBe(2);
    memo.keep('c', [1], 4);
    expect(memo.find('a', [2])).toBeUndefined();
    expect(memo.find('c', [1])).toBe(4);
  });
});
