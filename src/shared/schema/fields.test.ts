import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptableText, documentText, plainText, textField, textProblem } from './fields.ts';
import { documentIssues } from './issues.ts';

/** `String.prototype.isWellFormed` (ES2024, in Node), which the rule's own test must agree with. */
const isWellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('the text rule', () => {
  it('accepts text in any language, emoji included', () => {
    for (const text of ['The Rose & Crown', 'Crème brûlée', 'Čaj 🍺 ١٢', '', 'Fish\u00a0& chips']) {
      expect(textProblem(text), text).toBeUndefined();
    }
  });

  it('refuses control characters, a NUL among them', () => {
    for (const text of ['a\u0000b', '\u0007', '\u001b[31m', 'a\u007fb', 'a\u0085b', 'tab\there']) {
      expect(textProblem(text), JSON.stringify(text)).toBe('characters');
    }
  });

  it('refuses text that is not well-formed Unicode: a lone half of a character', () => {
    const samples = ['\ud800', '\udfff', 'a\ud83cb', 'a\udf7ab', '\udf7a\ud83c', '🍺', 'a🍺b', 'plain'];
    for (const text of samples) {
      expect(textProblem(text) === 'characters', JSON.stringify(text)).toBe(!isWellFormed(text));
    }
  });

  it('refuses a line break in a line, U+2028 and U+2029 included, and keeps them where text is multiline', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\rb', 'a\u2028b', 'a\u2029b']) {
      expect(textProblem(text), JSON.stringify(text)).toBe('line-break');
      expect(textProblem(text, { multiline: true }), JSON.stringify(text)).toBeUndefined();
    }
    expect(textProblem('a\tb', { multiline: true })).toBeUndefined();
    expect(textProblem('a\n\u0000b', { multiline: true })).toBe('characters');
    expect(textProblem('a\n\ud800', { multiline: true })).toBe('characters');
  });

  it('mends a stored text into one the rule accepts', () => {
    expect(acceptableText('The Rose\r\n\tand Crown\u0007\ud800')).toBe('The Rose and Crown');
    expect(acceptableText('One.\n\nTwo.\u0000', { multiline: true })).toBe('One.\n\nTwo.');
  });
});

describe('textField, as a form sends text', () => {
  const name = textField('Name', 12);
  const notes = textField('Notes', 12, { multiline: true });

  it('says which field and what is wrong, once', () => {
    expect(messagesOf(name, 'Ada\nLovelace')).toEqual(['Name must be on one line.']);
    expect(messagesOf(name, 'Ada\u0000')).toEqual(['Name contains characters we cannot accept.']);
    expect(messagesOf(name, 'Ada\ud800')).toEqual(['Name contains characters we cannot accept.']);
    expect(messagesOf(name, 'x'.repeat(13))).toEqual(['Name is too long (12 characters at most).']);
    expect(messagesOf(notes, 'No\nnuts')).toEqual([]);
    expect(messagesOf(notes, 'No\u2028nuts')).toEqual([]);
    expect(messagesOf(notes, 'No\udfffnuts')).toEqual(['Notes contains characters we cannot accept.']);
  });

  it('trims, and reads missing as blank', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.parse(undefined)).toBe('');
  });
});

describe('plainText, for a schema with its own shape', () => {
  const title = plainText(z.string().trim().min(1).max(20), 'Title');

  it('applies the same rule with the field’s name', () => {
    expect(messagesOf(title, 'Quiz\u2029night')).toEqual(['Title must be on one line.']);
    expect(messagesOf(title, 'Quiz\ud800')).toEqual(['Title contains characters we cannot accept.']);
    expect(title.parse(' Quiz night ')).toBe('Quiz night');
  });
});

describe('documentText, a content document’s text', () => {
  const schema = z.object({
    name: documentText(10).min(1),
    story: documentText(20, { multiline: true }),
  });
  const issues = (value: object) => documentIssues(schema, { name: 'Crown', story: '', ...value });

  it('names the field by its path and says what is wrong in the editors’ words', () => {
    expect(issues({ name: 'The\nCrown' })).toEqual([{ path: 'name', message: 'must be on one line' }]);
    expect(issues({ name: 'Crown\u0000' })).toEqual([
      { path: 'name', message: 'contains characters we cannot accept' },
    ]);
    expect(issues({ story: 'A\ud800' })).toEqual([
      { path: 'story', message: 'contains characters we cannot accept' },
    ]);
    expect(issues({ name: 'x'.repeat(11) })).toEqual([
      { path: 'name', message: 'must be 10 characters or fewer' },
    ]);
    expect(issues({ name: '   ' })).toEqual([{ path: 'name', message: 'must not be blank' }]);
  });

  it('keeps the line breaks of prose, and trims', () => {
    expect(issues({ story: 'One.\n\nTwo.' })).toEqual([]);
    expect(schema.parse({ name: ' Crown ', story: '\nOne.\n' })).toEqual({ name: 'Crown', story: 'One.' });
  });
});
