import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { conflict } from '../lib/errors.ts';

/**
 * A guest's booking page changes the booking it was opened on, or nothing (issue 26): its version is the row's
 * `updated_at`, compared on the row read `FOR UPDATE` in the change's own transaction, so of two changes made
 * from one version exactly one is saved.
 */

interface Versioned {
  updatedAt: Date;
}

/** Refuses a change made from an older version than the stored one, answering the booking as it stands. */
export function refuseIfStale<T>(row: Versioned, version: string, latest: () => T): void {
  if (new Date(version).getTime() !== row.updatedAt.getTime()) {
    throw conflict(MANAGE_MESSAGES.changedSinceOpened, { latest: latest() });
  }
}

/**
 * The `updated_at` of a change: now, or a millisecond after the version it replaces, so every change makes a
 * new version even within one millisecond, or with this process's clock behind another's.
 */
export function nextVersion(row: Versioned, now: Date): Date {
  return new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
}
