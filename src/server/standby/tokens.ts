import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a guest's key to their place on the list, or to an offer. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new token and its SHA-256: only the hash is stored, so the database never holds a working link. */
export function newStandbyToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: createHash('sha256').update(token).digest('hex') };
}

/** The stored hash a token would have, or null: a token of the wrong shape opens nothing. */
export function standbyTokenHash(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}
