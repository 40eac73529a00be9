import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { admins, recoveryCodes, staffTokens } from '#db/schema.ts';
import type { AuditChange } from '#shared/audit/types.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { INVITATION_HOURS, STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import type { Invitation, StaffAccount, StaffChange } from '#shared/staff/accounts.ts';
import { roleAllows, STAFF_ROLE_LABELS, type StaffRole } from '#shared/staff/roles.ts';
import { recordAudit, recordOwnAccountEvent, staffActor } from '../audit/trail.ts';
import { conflict, conflictingField, invalid, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { invitationEmail, invitationUrl } from './account-emails.ts';
import { type Admin, adminDisplayName, normaliseEmail, toAdmin } from './admins.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { endSessionsOf } from './sessions.ts';

const HOUR_MS = 60 * 60 * 1000;
/** 256 random bits, URL-safe, as the guests' links (server/manage/links.ts). */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type AdminRow = typeof admins.$inferSelect;
export type StaffTokenPurpose = 'invite' | 'reset';

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new single-use link for an account; only its hash is stored, so the database never holds a working link. */
export async function issueStaffToken(
  tx: Database,
  adminId: string,
  purpose: StaffTokenPurpose,
  lifetimeHours: number,
  now: Date,
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await tx.insert(staffTokens).values({
    tokenHash: hashOf(token),
    adminId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeHours * HOUR_MS),
  });
  return token;
}

/** The account a live (unused, unexpired) link opens, or null. */
async function liveTokenAccount(
  db: Database,
  token: string,
  purpose: StaffTokenPurpose,
  now: Date,
): Promise<AdminRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ admin: admins })
    .from(staffTokens)
    .innerJoin(admins, eq(admins.id, staffTokens.adminId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashOf(token)),
        eq(staffTokens.purpose, purpose),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row && !row.admin.disabledAt ? row.admin : null;
}

/**
 * Uses a link up: a compare-and-set, so of two requests racing with one link only one gets its account.
 * Every other unused link of the same purpose for that account goes with it. Null for a link that does not work.
 */
export async function consumeStaffToken(
  tx: Database,
  token: string,
  purpose: StaffTokenPurpose,
  now: Date,
): Promise<AdminRow | null> {
  const account = await liveTokenAccount(tx, token, purpose, now);
  if (!account) return null;
  const [used] = await tx
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.tokenHash, hashOf(token)), isNull(staffTokens.usedAt)))
    .returning({ adminId: staffTokens.adminId });
  if (!used) return null;
  await tx
    .update(staffTokens)
    .set({ usedAt: now })
    .where(
      and(eq(staffTokens.adminId, account.id), eq(staffTokens.purpose, purpose), isNull(staffTokens.usedAt)),
    );
  return account;
}

function toStaffAccount(row: AdminRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: adminDisplayName(row),
    role: row.role,
    disabled: row.disabledAt !== null,
    twoStepOn: row.totpEnabledAt !== null,
    invitationPending: row.passwordHash === null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** Every account, owners first, then by name. */
export async function listStaff(db: Database): Promise<StaffAccount[]> {
  const rows = await db.select().from(admins).orderBy(asc(admins.name), asc(admins.email));
  const rank: Record<StaffRole, number> = { owner: 0, manager: 1, staff: 2 };
  return rows.map(toStaffAccount).sort((a, b) => rank[a.role] - rank[b.role]);
}

/**
 * Invites a person (issue 19): an account with no password yet, and an e-mail with a single-use link
 * (72 hours) to choose one. Inviting an address whose invitation is still pending sends a fresh link and
 * retires the earlier ones; an address that already has an account is refused.
 */
export async function inviteStaff(
  db: Database,
  input: { email: string; name: string; role: StaffRole },
  context: { by: Admin; now: Date; venue: Venue; publicUrl: string },
): Promise<StaffAccount> {
  const { by, now, venue, publicUrl } = context;
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(admins).where(eq(admins.email, email)).for('update');
    if (existing?.passwordHash) throw conflictingField('email', STAFF_ACCOUNT_MESSAGES.alreadyActive(email));
    const values = { name: input.name, role: input.role, disabledAt: null };
    const [row] = existing
      ? await tx.update(admins).set(values).where(eq(admins.id, existing.id)).returning()
      : await tx
          .insert(admins)
          .values({ ...values, email, passwordHash: null, createdAt: now })
          .returning();
    if (!row) throw new Error('The invited account was not stored');
    if (existing) {
      await tx
        .update(staffTokens)
        .set({ usedAt: now })
        .where(
          and(eq(staffTokens.adminId, row.id), eq(staffTokens.purpose, 'invite'), isNull(staffTokens.usedAt)),
        );
    }
    const token = await issueStaffToken(tx, row.id, 'invite', INVITATION_HOURS, now);
    const account = toStaffAccount(row);
    await enqueueMail(tx, { kind: 'staff-invitation', reference: null, now }, [
      invitationEmail({
        venue,
        to: account,
        role: account.role,
        invitedBy: by,
        url: invitationUrl(publicUrl, token),
      }),
    ]);
    await recordAudit(
      tx,
      {
        actor: staffActor(by),
        type: 'staff.invited',
        subject: { type: 'staff', id: row.id },
        summary: `Invited ${account.name} (${account.email}) as ${STAFF_ROLE_LABELS[account.role]}`,
        changes: { role: { before: existing?.role ?? null, after: account.role } },
      },
      now,
    );
    return account;
  });
}

/** Whom an invitation link greets; not found for a link that is unknown, used, expired or disabled. */
export async function findInvitation(db: Database, token: string, now: Date): Promise<Invitation> {
  const account = await liveTokenAccount(db, token, 'invite', now);
  if (!account) throw notFound(STAFF_ACCOUNT_MESSAGES.inviteLinkUnusable);
  return { name: adminDisplayName(account), email: account.email };
}

const UNUSABLE_LINK = {
  invite: STAFF_ACCOUNT_MESSAGES.inviteLinkUnusable,
  reset: STAFF_ACCOUNT_MESSAGES.resetLinkUnusable,
};

/**
 * A password chosen through a staff link: checked and hashed, then `store`d in one transaction that uses the
 * link up. A link that does not work is not found.
 */
export async function setPasswordThroughLink<Result>(
  db: Database,
  input: { token: string; password: string; purpose: keyof typeof UNUSABLE_LINK },
  now: Date,
  store: (tx: Database, account: AdminRow, passwordHash: string) => Promise<Result>,
): Promise<Result> {
  const problem = passwordProblem(input.password);
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const account = await consumeStaffToken(tx, input.token, input.purpose, now);
    if (!account) throw notFound(UNUSABLE_LINK[input.purpose]);
    return store(tx, account, passwordHash);
  });
}

/** The invited person's chosen password, set once through their link; answers the account to sign in. */
export async function acceptInvitation(
  db: Database,
  input: { token: string; password: string },
  now: Date,
): Promise<Admin> {
  return setPasswordThroughLink(
    db,
    { ...input, purpose: 'invite' },
    now,
    async (tx, account, passwordHash) => {
      const [row] = await tx
        .update(admins)
        .set({ passwordHash, lastLoginAt: now })
        .where(eq(admins.id, account.id))
        .returning();
      if (!row) throw notFound(UNUSABLE_LINK.invite);
      const admin = toAdmin(row);
      const summary = `${admin.name} accepted the invitation as ${STAFF_ROLE_LABELS[admin.role]}`;
      await recordOwnAccountEvent(tx, admin, { type: 'staff.joined', summary }, now);
      return admin;
    },
  );
}

function activeOwner(row: AdminRow): boolean {
  return row.role === 'owner' && row.disabledAt === null;
}

function changeSummary(name: string, change: StaffChange, before: AdminRow): string {
  if ('role' in change) {
    return `${name}: ${STAFF_ROLE_LABELS[before.role]} → ${STAFF_ROLE_LABELS[change.role]}`;
  }
  if ('twoStep' in change) return `${name}: two-step sign-in turned off by the owner`;
  return change.disabled ? `${name} disabled` : `${name} enabled`;
}

/**
 * The owner changes an account's role, or disables (its sessions end at once) or enables it. Nobody may lower
 * or disable their own account, and the last active owner stays one: every owner's row is locked first, so
 * two owners demoting each other at once cannot leave the pub with none.
 */
export async function changeStaff(
  db: Database,
  id: string,
  change: StaffChange,
  context: { by: Admin; now: Date },
): Promise<StaffAccount> {
  const { by, now } = context;
  if (!isUuid(id)) throw notFound(STAFF_ACCOUNT_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const owners = await tx
      .select()
      .from(admins)
      .where(eq(admins.role, 'owner'))
      .orderBy(asc(admins.id))
      .for('update');
    const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!before) throw notFound(STAFF_ACCOUNT_MESSAGES.notFound);
    const after: Partial<AdminRow> =
      'role' in change
        ? { role: change.role }
        : 'disabled' in change
          ? { disabledAt: change.disabled ? (before.disabledAt ?? now) : null }
          : { totpSecret: null, totpEnabledAt: null };
    if (before.id === by.id && 'twoStep' in change) throw conflict(STAFF_ACCOUNT_MESSAGES.ownTwoStep);
    const lowersOwnAccount =
      before.id === by.id &&
      ('role' in change ? !roleAllows(change.role, before.role) : 'disabled' in change && change.disabled);
    if (lowersOwnAccount) throw conflict(STAFF_ACCOUNT_MESSAGES.notYourself);
    const endsAnOwner = activeOwner(before) && !activeOwner({ ...before, ...after });
    if (endsAnOwner && owners.filter(activeOwner).length <= 1) {
      throw conflict(STAFF_ACCOUNT_MESSAGES.lastOwner);
    }
    const [row] = await tx.update(admins).set(after).where(eq(admins.id, id)).returning();
    if (!row) throw notFound(STAFF_ACCOUNT_MESSAGES.notFound);
    const changes: Record<string, AuditChange> =
      'role' in change
        ? { role: { before: before.role, after: row.role } }
        : 'disabled' in change
          ? { disabled: { before: before.disabledAt !== null, after: row.disabledAt !== null } }
          : { twoStep: { before: before.totpEnabledAt ? 'on' : 'off', after: 'off' } };
    if (Object.values(changes).some((field) => field.before !== field.after)) {
      if (row.disabledAt) await endSessionsOf(tx, row.id);
      if ('twoStep' in change) await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, row.id));
      await recordAudit(
        tx,
        {
          actor: staffActor(by),
          type: 'staff.changed',
          subject: { type: 'staff', id: row.id },
          summary: changeSummary(adminDisplayName(row), change, before),
          changes,
        },
        now,
      );
    }
    return toStaffAccount(row);
  });
}
