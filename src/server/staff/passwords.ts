import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#shared/staff/account-messages.ts';

/** The cost new passwords are hashed at (N = 2^17), stored with each hash so it can be raised later. */
export const PASSWORD_COST_LOG2 = 17;
let costLog2 = PASSWORD_COST_LOG2;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is below the 128 MiB that N=2^17, r=8 needs.
  const maxmem = 2 * 128 * (options.N ?? 0) * (options.r ?? 0) * (options.p ?? 1);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `null` when acceptable, else the reason (shared by the admin:create command and start-up). */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  }
  return null;
}

/** scrypt with N=2^17, r=8, p=1, stored as `scrypt$17$8$1$<salt>$<hash>` so the cost can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N: 2 ** costLog2, r: BLOCK_SIZE, p: PARALLELISM }, KEY_LENGTH);
  return ['scrypt', costLog2, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costLog2, blockSize, parallelism, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64'),
    { N: 2 ** Number(costLog2), r: Number(blockSize), p: Number(parallelism) },
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

let decoyHash: Promise<string> | undefined;

/**
 * Test suites only (`tests/helpers/setup-node.ts`): new hashes, and the decoy, at a cheaper cost. At 2^17 each
 * account a suite makes through the API, and each sign-in to an unknown address, spends 0.4 s of a core.
 */
export function hashNewPasswordsAt(log2: number): void {
  costLog2 = log2;
  decoyHash = undefined;
}

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoyHash);
}
