import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD_COST_LOG2 } from '#tests/helpers/setup-node.ts';
import {
  hashNewPasswordsAt,
  hashPassword,
  PASSWORD_COST_LOG2,
  passwordProblem,
  verifyAgainstDecoy,
  verifyPassword,
} from './passwords.ts';

describe('passwords', () => {
  // The suites hash at a test cost; these tests hold the production one.
  beforeAll(() => hashNewPasswordsAt(PASSWORD_COST_LOG2));
  afterAll(() => hashNewPasswordsAt(TEST_PASSWORD_COST_LOG2));

  it('hashes with scrypt N=2^17, r=8, p=1 and a fresh salt each time', async () => {
    const [first, second] = await Promise.all([hashPassword('pint of best'), hashPassword('pint of best')]);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('pint of best', first)).toBe(true);
    expect(await verifyPassword('pint of bitter', first)).toBe(false);
  });

  it('refuses a stored value it does not understand', async () => {
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$x$y$z$a$b')).toBe(false);
  });

  it('checks a password against a decoy without revealing anything', async () => {
    await expect(verifyAgainstDecoy('whatever')).resolves.toBeUndefined();
  });

  it('refuses passwords under 10 characters', () => {
    expect(passwordProblem('123456789')).toBe('The password must be at least 10 characters long.');
    expect(passwordProblem('1234567890')).toBeNull();
    expect(passwordProblem('x'.repeat(1025))).toBe('The password must be at most 1024 characters long.');
  });
});
