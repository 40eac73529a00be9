import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTOR_KINDS } from '#shared/audit/actors.ts';
import { STAFF_ROLES } from '#shared/staff/roles.ts';

/* Staff accounts, their sessions and sign-in tokens, and the audit trail. */

/** Staff accounts (issue 19: named, with a role); e-mail is stored lower-cased. */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  role: text('role', { enum: STAFF_ROLES }).notNull().default('owner'),
  /** scrypt$N$r$p$salt$hash (see server/staff/passwords.ts); null while an invitation is not yet accepted. */
  passwordHash: text('password_hash'),
  /** A disabled account cannot sign in and its sessions are ended. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The base32 TOTP secret of two-step sign-in; it is on once `totpEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/**
 * Single-use links and steps of a staff account: an invitation (72 h), a password reset (1 h), and the
 * second step of a sign-in with two-step on (minutes). Only the SHA-256 of the token is kept.
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset', 'two-step'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_tokens_admin_idx').on(table.adminId, table.purpose)],
);

/** The ten single-use recovery codes of two-step sign-in, as hashes. */
export const recoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_admin_idx').on(table.adminId)],
);

/** The owner's settings of the staff side, one row per key (e.g. whether managers must use two-step sign-in). */
export const staffSettings = pgTable('staff_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed-in staff: only a SHA-256 of the cookie's token is kept, so a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute end, however active the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_admin_idx').on(table.adminId),
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The audit trail (issue 19): every change by staff, guests or the system, written in the change's own
 * transaction. A trigger of the migration refuses UPDATE and DELETE, so nothing in the app can rewrite it.
 * It never holds a guest's personal data (decision 018): personal fields are recorded as changed, not their values.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The staff account, for a staff actor. */
    actorId: uuid('actor_id'),
    /** The staff member's name (or e-mail) at the time, "Guest" or "System". */
    actorName: text('actor_name').notNull(),
    type: text('type').notNull(),
    /** What it is about: "booking", "christmas-booking", "event", "closure", "content", "staff", … */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
    /** { field: { before, after } } for the fields that changed. */
    changes: jsonb('changes'),
  },
  (table) => [
    index('audit_events_at_idx').on(table.at),
    index('audit_events_subject_idx').on(table.subjectType, table.subjectId),
    index('audit_events_actor_idx').on(table.actorId, table.at),
    index('audit_events_type_idx').on(table.type, table.at),
  ],
);
