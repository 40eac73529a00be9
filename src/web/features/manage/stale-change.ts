import { ApiError } from '#web/lib/api.ts';

/**
 * The booking as it stands, when the server refused a change made from an older version of it (another tab
 * changed it first, issue 26); null for any other failure.
 */
export function latestAfterStaleChange<T>(failure: unknown): T | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  return (failure.answer as { latest?: T } | undefined)?.latest ?? null;
}
