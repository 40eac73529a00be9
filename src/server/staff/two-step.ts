import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '#db/client.ts';
import { admins, recoveryCodes, staffTokens } from '#db/schema.ts';
import { roleAllows } from '#shared/staff/roles.ts';
import {
  RECOVERY_CODE_COUNT,
  TWO_STEP_CHALLENGE_MINUTES,
  TWO_STEP_ISSUER,
  TWO_STEP_TEXTS,
} from '#shared/staff/two-step.ts';
import type { QrCode, TwoStepSetup, TwoStepStatus } from '#shared/staff/two-step-schemas.ts';
import { recordOwnAccountEvent } from '../audit/trail.ts';
import { conflict, DomainError, invalid } from '../lib/errors.ts';
import { type Admin, toAdmin } from './admins.ts';
import { verifyPassword } from './passwords.ts';
import { readStaffSettings } from './staff-settings.ts';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after the server's is accepted too: phones' clocks drift. */
const WINDOW = 1;
const SECRET_BYTES = 20;
/** Crockford's base32 alphabet: no I, L, O or U to misread when a recovery code is typed from paper. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_LENGTH = 10;
const TOTP_CODE = /^\d{6}$/;

export const turnOnTwoStepToContinue = () => new DomainError('forbidden', TWO_STEP_TEXTS.turnOnToContinue);

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TWO_STEP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a 6-digit code is right for (within the window), or null. */
function stepOfCode(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * Marks an account's time step used, once: a code seen once is refused while it is still in the window, even
 * by a request racing this one. The mark is a `two-step` staff token whose key is the step itself (never a
 * hash, so no cookie can name it) and which lapses when the step leaves the window.
 */
async function claimStep(tx: Database, adminId: string, step: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(staffTokens)
    .values({
      tokenHash: `totp-step:${adminId}:${step}`,
      adminId,
      purpose: 'two-step',
      usedAt: now,
      expiresAt: new Date((step + WINDOW + 1) * PERIOD_SECONDS * 1000),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ tokenHash: staffTokens.tokenHash });
  return claimed.length > 0;
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  const characters = [...randomBytes(RECOVERY_CODE_LENGTH)].map(
    (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length],
  );
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** Uses one of the account's recovery codes, once (a compare-and-set, so two requests cannot both use it). */
async function spendRecoveryCode(tx: Database, adminId: string, code: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.adminId, adminId),
        eq(recoveryCodes.codeHash, sha256(normaliseRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

async function recoveryCodesLeft(db: Database, adminId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
  return row?.value ?? 0;
}

async function accountRow(db: Database, adminId: string) {
  const [row] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!row) throw new Error('The signed-in account is gone');
  return row;
}

/** Whether the owner requires two-step sign-in of this account's role (managers and owners). */
async function requiredFor(db: Database, admin: Admin): Promise<boolean> {
  if (!roleAllows(admin.role, 'manager')) return false;
  return (await readStaffSettings(db)).requireTwoStep;
}

export async function isTwoStepOn(db: Database, adminId: string): Promise<boolean> {
  return (await accountRow(db, adminId)).totpEnabledAt !== null;
}

/** The guard's question: must this account turn two-step sign-in on before it may do anything else? */
export async function mustTurnOnTwoStep(db: Database, admin: Admin): Promise<boolean> {
  return (await requiredFor(db, admin)) && !(await isTwoStepOn(db, admin.id));
}

export async function twoStepStatus(db: Database, admin: Admin): Promise<TwoStepStatus> {
  return {
    on: await isTwoStepOn(db, admin.id),
    required: await requiredFor(db, admin),
    recoveryCodesLeft: await recoveryCodesLeft(db, admin.id),
  };
}

/**
 * The QR code of `text` as one SVG path, a square per dark module, inside a 4-module quiet zone. The
 * encoder loads with the first setup: no start needs it.
 */
async function qrCodeOf(text: string): Promise<QrCode> {
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const margin = 4;
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) squares.push(`M${column + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * margin, path: squares.join('') };
}

/**
 * A new secret for the account, kept unconfirmed until a code from it turns two-step sign-in on (a setup
 * started again replaces it).
 */
export async function startTwoStepSetup(db: Database, admin: Admin): Promise<TwoStepSetup> {
  if (await isTwoStepOn(db, admin.id)) throw conflict(TWO_STEP_TEXTS.alreadyOn);
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  await db.update(admins).set({ totpSecret: secret }).where(eq(admins.id, admin.id));
  const uri = totpOf(secret, admin.email).toString();
  return { uri, secret, qr: await qrCodeOf(uri) };
}

/** Turns two-step sign-in on with a code of the new secret; answers the ten recovery codes, shown only now. */
export async function enableTwoStep(db: Database, admin: Admin, code: string, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await accountRow(tx, admin.id);
    if (row.totpEnabledAt) throw conflict(TWO_STEP_TEXTS.alreadyOn);
    if (!row.totpSecret) throw conflict(TWO_STEP_TEXTS.notStarted);
    const step = TOTP_CODE.test(code) ? stepOfCode(row.totpSecret, code, now) : null;
    if (step === null) throw invalid(TWO_STEP_TEXTS.wrongCode);
    if (!(await claimStep(tx, admin.id, step, now))) throw invalid(TWO_STEP_TEXTS.codeUsed);
    const turnedOn = await tx
      .update(admins)
      .set({ totpEnabledAt: now })
      .where(and(eq(admins.id, admin.id), isNull(admins.totpEnabledAt)))
      .returning({ id: admins.id });
    if (turnedOn.length === 0) throw conflict(TWO_STEP_TEXTS.alreadyOn);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id));
    await tx
      .insert(recoveryCodes)
      .values(
        codes.map((recovery) => ({ adminId: admin.id, codeHash: sha256(normaliseRecoveryCode(recovery)) })),
      );
    await recordTwoStepTurned(tx, admin, 'on', now);
    return codes;
  });
}

/** Turns two-step sign-in off, with the account's password; refused while the owner requires it of the role. */
export async function disableTwoStep(db: Database, admin: Admin, password: string, now: Date): Promise<void> {
  if (await requiredFor(db, admin)) throw conflict(TWO_STEP_TEXTS.requiredForRole);
  const row = await accountRow(db, admin.id);
  if (!row.totpEnabledAt) throw conflict(TWO_STEP_TEXTS.notOn);
  if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
    throw invalid(TWO_STEP_TEXTS.wrongPassword);
  }
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ totpSecret: null, totpEnabledAt: null }).where(eq(admins.id, admin.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id));
    await recordTwoStepTurned(tx, admin, 'off', now);
  });
}

async function recordTwoStepTurned(
  tx: Database,
  admin: Admin,
  turned: 'on' | 'off',
  now: Date,
): Promise<void> {
  await recordOwnAccountEvent(
    tx,
    admin,
    {
      type: 'staff.two-step',
      summary: `Two-step sign-in turned ${turned} for ${admin.email}`,
      changes: { twoStep: { before: turned === 'on' ? 'off' : 'on', after: turned } },
    },
    now,
  );
}

/**
 * The pass from a right password to the code step: 256 random bits for an HttpOnly cookie, only the hash
 * stored, for 5 minutes and one sign-in. Lapsed passes and step marks are cleared on the way.
 */
export async function startTwoStepChallenge(db: Database, adminId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(staffTokens)
    .where(and(eq(staffTokens.purpose, 'two-step'), lt(staffTokens.expiresAt, now)));
  await db.insert(staffTokens).values({
    tokenHash: sha256(token),
    adminId,
    purpose: 'two-step',
    expiresAt: new Date(now.getTime() + TWO_STEP_CHALLENGE_MINUTES * 60_000),
    createdAt: now,
  });
  return token;
}

function liveChallenge(token: string, now: Date) {
  return and(
    eq(staffTokens.tokenHash, sha256(token)),
    eq(staffTokens.purpose, 'two-step'),
    isNull(staffTokens.usedAt),
    gt(staffTokens.expiresAt, now),
  );
}

/** The account a live pass belongs to (the second step's rate limit counts per account), or null. */
export async function challengeAccountId(db: Database, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ adminId: staffTokens.adminId })
    .from(staffTokens)
    .where(liveChallenge(token, now))
    .limit(1);
  return row?.adminId ?? null;
}

export type SecondStep =
  | { outcome: 'passed'; admin: Admin; recoveryCodeUsed: boolean }
  | { outcome: 'wrong-code' | 'code-used'; admin: Admin }
  | { outcome: 'no-challenge' };

/**
 * Checks the second step's code (an authenticator code not used before, or an unused recovery code) against
 * the account of a live pass, inside the caller's transaction; a pass that is used is used up.
 */
export async function passSecondStep(
  tx: Database,
  token: string,
  code: string,
  now: Date,
): Promise<SecondStep> {
  const [row] = await tx
    .select({ account: admins })
    .from(staffTokens)
    .innerJoin(admins, eq(admins.id, staffTokens.adminId))
    .where(liveChallenge(token, now))
    .limit(1);
  const account = row?.account;
  if (!account?.totpSecret || !account.totpEnabledAt || account.disabledAt)
    return { outcome: 'no-challenge' };
  const admin = toAdmin(account);
  let recoveryCodeUsed = false;
  if (TOTP_CODE.test(code)) {
    const step = stepOfCode(account.totpSecret, code, now);
    if (step === null) return { outcome: 'wrong-code', admin };
    if (!(await claimStep(tx, admin.id, step, now))) return { outcome: 'code-used', admin };
  } else {
    if (!(await spendRecoveryCode(tx, admin.id, code, now))) return { outcome: 'wrong-code', admin };
    recoveryCodeUsed = true;
  }
  const usedUp = await tx
    .update(staffTokens)
    .set({ usedAt: now })
    .where(liveChallenge(token, now))
    .returning({ tokenHash: staffTokens.tokenHash });
  if (usedUp.length === 0) return { outcome: 'no-challenge' };
  if (recoveryCodeUsed) {
    const left = await recoveryCodesLeft(tx, admin.id);
    await recordOwnAccountEvent(
      tx,
      admin,
      { type: 'staff.two-step', summary: `Recovery code used to sign in as ${admin.email} (${left} left)` },
      now,
    );
  }
  return { outcome: 'passed', admin, recoveryCodeUsed };
}
