import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('CSV', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Margaret Ellis')).toBe('Margaret Ellis');
    expect(csvField(4)).toBe('4');
    expect(csvField(-2)).toBe('-2');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('Smith, John')).toBe('"Smith, John"');
    expect(csvField('The "Snug"')).toBe('"The ""Snug"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ])('neutralises the formula-like cell %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes a BOM, a header row and CRLF line ends', () => {
    expect(
      toCsv(
        ['Name', 'Total'],
        [
          ['Ann', 2],
          ['Bo, B', 3],
        ],
      ),
    ).toBe('\uFEFFName,Total\r\nAnn,2\r\n"Bo, B",3\r\n');
    expect(toCsv(['Only'], [])).toBe('\uFEFFOnly\r\n');
  });
});
