import { z } from 'zod';
import { MANAGE_MESSAGES } from './messages.ts';

/**
 * The version of the booking a guest's change was made from: its `updatedAt` as their page had it (issue 26).
 * A change from an older version is refused, so a stale tab never overwrites a newer change.
 */
export const manageVersionField = z.iso.datetime({ error: MANAGE_MESSAGES.reloadToChange });
