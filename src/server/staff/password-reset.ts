import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { admins } from '#db/schema.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { RESET_HOURS } from '#shared/staff/account-messages.ts';
import { recordOwnAccountEvent } from '../audit/trail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetEmail, resetUrl } from './account-emails.ts';
import { issueStaffToken, setPasswordThroughLink } from './accounts.ts';
import { adminDisplayName, normaliseEmail, toAdmin } from './admins.ts';
import { endSessionsOf } from './sessions.ts';

/**
 * "Forgot your password?": e-mails a single-use link (1 hour) to an enabled account that has a password.
 * Answers whether one was queued, so the caller can nudge the sender: the person is told the same either way.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  context: { now: Date; venue: Venue; publicUrl: string },
): Promise<boolean> {
  const { now, venue, publicUrl } = context;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(admins)
      .where(eq(admins.email, normaliseEmail(email)))
      .limit(1);
    if (!account?.passwordHash || account.disabledAt) return false;
    const token = await issueStaffToken(tx, account.id, 'reset', RESET_HOURS, now);
    await enqueueMail(tx, { kind: 'staff-password-reset', reference: null, now }, [
      passwordResetEmail({
        venue,
        to: { name: adminDisplayName(account), email: account.email },
        url: resetUrl(publicUrl, token),
      }),
    ]);
    return true;
  });
}

/** A new password through a reset link: the link and its siblings are used up and every session ends. */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  now: Date,
): Promise<void> {
  await setPasswordThroughLink(db, { ...input, purpose: 'reset' }, now, async (tx, account, passwordHash) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, account.id));
    await endSessionsOf(tx, account.id);
    const admin = toAdmin(account);
    const summary = `${admin.name} chose a new password through a reset link`;
    await recordOwnAccountEvent(tx, admin, { type: 'staff.password-reset', summary }, now);
  });
}
