import { describe, expect, it } from 'vitest';
import { inviterName } from './account-emails.ts';

describe('who an invitation says sent it', () => {
  it('names a named account with its address', () => {
    expect(inviterName({ name: 'Sam Carter', email: 'sam@pub.example' })).toBe(
      'Sam Carter (sam@pub.example)',
    );
  });

  it.each([
    ['the first half of its address', 'sam'],
    ['nothing', '  '],
  ])('names an account named by %s by its whole address', (_, name) => {
    expect(inviterName({ name, email: 'sam@pub.example' })).toBe('sam@pub.example');
  });
});
