import { describe, expect, it } from 'vitest';
import { splitCommaList } from './event.ts';
import { isValidCover, slugify } from './form.ts';

describe('event helpers', () => {
  it('splits comma lists, trimming and dropping blanks', () => {
    expect(splitCommaList(' quiz, ,music ,, ')).toEqual(['quiz', 'music']);
    expect(splitCommaList('')).toEqual([]);
  });

  it.each([
    ['', true],
    ['/images/events/quiz-night.svg', true],
    ['https://example.com/poster.jpg', true],
    ['http://example.com/poster.jpg', true],
    ['/images/../api/events', false],
    ['/elsewhere/poster.jpg', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://', false],
    ['poster.jpg', false],
  ])('a cover of %j is valid: %s', (cover, valid) => {
    expect(isValidCover(cover)).toBe(valid);
  });

  it('suggests slugs from titles', () => {
    expect(slugify('Quiz & Curry Night!')).toBe('quiz-curry-night');
    expect(slugify('  Crème Brûlée Tasting  ')).toBe('creme-brulee-tasting');
    expect(slugify('***')).toBe('');
    expect(slugify(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });
});
