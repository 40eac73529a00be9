import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { admins } from '#db/schema.ts';
import type { SignedInAdmin } from '#shared/staff/session.ts';
import { TWO_STEP_TEXTS } from '#shared/staff/two-step.ts';
import { recordAudit, recordOwnAccountEvent, SYSTEM } from '../audit/trail.ts';
import { DomainError, invalidCredentials } from '../lib/errors.ts';
import { type Admin, authenticate, normaliseEmail } from './admins.ts';
import { startSession } from './sessions.ts';
import { isTwoStepOn, passSecondStep, startTwoStepChallenge, twoStepStatus } from './two-step.ts';

export type PasswordSignIn =
  | { outcome: 'signed-in'; admin: Admin; sessionToken: string }
  | { outcome: 'two-step'; challengeToken: string };

const refusedTwoStepCode = (outcome: 'wrong-code' | 'code-used') =>
  new DomainError(
    'unauthorized',
    outcome === 'code-used' ? TWO_STEP_TEXTS.codeUsed : TWO_STEP_TEXTS.wrongCode,
  );
export const challengeExpired = () => new DomainError('unauthorized', TWO_STEP_TEXTS.challengeExpired);

async function recordSignIn(tx: Database, admin: Admin, how: string, now: Date): Promise<void> {
  await recordOwnAccountEvent(
    tx,
    admin,
    { type: 'auth.signed-in', summary: `${admin.email} signed in ${how}` },
    now,
  );
}

/**
 * A failed sign-in names the account only when the e-mail tried is a staff account's: anything else typed in
 * the e-mail field (a stranger's guess, or a password typed in the wrong box) never reaches the trail, which
 * keeps everything for ever.
 */
async function recordFailedSignIn(db: Database, email: string, reason: string, now: Date): Promise<void> {
  const [account] = await db
    .select({ id: admins.id, email: admins.email })
    .from(admins)
    .where(eq(admins.email, normaliseEmail(email)))
    .limit(1);
  await recordAudit(
    db,
    {
      actor: SYSTEM,
      type: 'auth.sign-in-failed',
      subject: { type: 'staff', id: account?.id ?? null },
      summary: account
        ? `Failed sign-in as ${account.email}: ${reason}`
        : 'Failed sign-in with an e-mail address that is no staff account',
    },
    now,
  );
}

/** The first step: a right password signs in, or, with two-step sign-in on, answers the pass to the code step. */
export async function signInWithPassword(
  db: Database,
  email: string,
  password: string,
  now: Date,
): Promise<PasswordSignIn> {
  const admin = await authenticate(db, email, password, now);
  if (!admin) {
    await recordFailedSignIn(db, email, 'wrong password or account disabled', now);
    throw invalidCredentials();
  }
  if (await isTwoStepOn(db, admin.id)) {
    return { outcome: 'two-step', challengeToken: await startTwoStepChallenge(db, admin.id, now) };
  }
  const sessionToken = await db.transaction(async (tx) => {
    await recordSignIn(tx, admin, 'with a password', now);
    return startSession(tx, admin.id, now);
  });
  return { outcome: 'signed-in', admin, sessionToken };
}

/** The second step: the pass from the first and a code sign in; a wrong code is recorded and refused. */
export async function signInWithCode(
  db: Database,
  challengeToken: string,
  code: string,
  now: Date,
): Promise<{ admin: Admin; sessionToken: string }> {
  const result = await db.transaction(async (tx) => {
    const step = await passSecondStep(tx, challengeToken, code, now);
    if (step.outcome === 'no-challenge') throw challengeExpired();
    if (step.outcome !== 'passed') {
      const reason = step.outcome === 'code-used' ? 'two-step code already used' : 'wrong two-step code';
      await recordFailedSignIn(tx, step.admin.email, reason, now);
      return step;
    }
    const how = step.recoveryCodeUsed ? 'with a recovery code' : 'with two-step sign-in';
    await recordSignIn(tx, step.admin, how, now);
    const sessionToken = await startSession(tx, step.admin.id, now);
    return { ...step, sessionToken };
  });
  if (result.outcome !== 'passed') throw refusedTwoStepCode(result.outcome);
  return { admin: result.admin, sessionToken: result.sessionToken };
}

/** What the admin needs to know of the signed-in account, as sign-in, accepting an invitation and GET /api/auth/me answer it. */
export async function signedInAnswer(db: Database, admin: Admin): Promise<SignedInAdmin> {
  const twoStep = await twoStepStatus(db, admin);
  return {
    email: admin.email,
    name: admin.name,
    role: admin.role,
    twoStepOn: twoStep.on,
    twoStepRequired: twoStep.required,
  };
}
