import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './prepared-answer.ts';

describe('the encoding a browser accepts', () => {
  it('prefers brotli, then gzip, by the weights given, and nothing when neither is accepted', () => {
    const cases: [string | undefined, ReturnType<typeof acceptedEncoding>][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip;q=0.2', 'gzip'],
      ['br;q=0, gzip;q=0', null],
      ['*', 'br'],
      ['identity', null],
      ['', null],
      [undefined, null],
    ];
    // Twice over: the second answer of each comes from what the first read kept.
    for (const round of [1, 2])
      for (const [header, encoding] of cases)
        expect(acceptedEncoding(header), `${header} (${round})`).toBe(encoding);
  });

  it('answers rightly past the headers it keeps', () => {
    for (let index = 0; index < 200; index++) {
      expect(acceptedEncoding(`gzip;q=0.${(index % 9) + 1}, x-${index}`)).toBe('gzip');
      expect(acceptedEncoding(`br, x-${index}`)).toBe('br');
    }
    expect(acceptedEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
  });
});
