import { hashNewPasswordsAt } from '#server/staff/passwords.ts';

/** The scrypt cost the suites hash new passwords at: 2^10, as the test admin's stored password. */
export const TEST_PASSWORD_COST_LOG2 = 10;

hashNewPasswordsAt(TEST_PASSWORD_COST_LOG2);
