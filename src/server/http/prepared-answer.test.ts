import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { acceptedEncoding, prepareAnswer } from './prepared-answer.ts';

/** A page's worth of menu: the same markup around different dishes, as the public pages are. */
const MENU_PAGE = Array.from(
  { length: 400 },
  (_, index) =>
    `<li class="border-t border-cream-200 py-3.5"><p class="font-serif text-green-900">Dish ${index * 7919} ` +
    `of ${['beef', 'ham', 'haddock', 'leek', 'cheddar', 'fig'][index % 6]} and ${(index * 104729) % 9973}</p></li>`,
).join('\n');

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

describe('a prepared answer', () => {
  it('is compressed again at brotli’s best once it is sent often, off the main thread, to the same body', async () => {
    const answer = prepareAnswer(MENU_PAGE, 'text/html; charset=utf-8');
    const first = answer.encoded('br');
    for (let send = 2; send < 512; send++) expect(answer.encoded('br')).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answer.encoded('br')).toBe(first);
    // The 512th send started the work; it was still sent what the first one was.
    const firstBytes = answer.bytes;
    await vi.waitFor(() => expect(answer.bytes).toBeLessThan(firstBytes), { timeout: 10_000 });
    const best = answer.encoded('br');
    expect(brotliDecompressSync(best).toString()).toBe(MENU_PAGE);
    expect(answer.bytes).toBe(Buffer.byteLength(MENU_PAGE) + best.length);
  });

  it('keeps a body the build compressed as it came, however often it is sent', async () => {
    const built = brotliCompressSync(MENU_PAGE);
    const answer = prepareAnswer(MENU_PAGE, 'text/html; charset=utf-8', { encoded: { br: built } });
    for (let send = 0; send < 1000; send++) expect(answer.encoded('br')).toBe(built);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answer.encoded('br')).toBe(built);
  });
});
