import { describe } from 'vitest';
import { postgres, type TestDatabaseTarget } from './test-app.ts';

/**
 * A describe block of race proofs, given the PostgreSQL target; skipped where there is none (see `postgres`).
 */
export function describeOnPostgres(name: string, suite: (target: TestDatabaseTarget) => void): void {
  describe.skipIf(!postgres)(name, () => suite(postgres as TestDatabaseTarget));
}
