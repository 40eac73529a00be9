import { z } from 'zod';
import { SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import { plainText } from '../schema/fields.ts';
import { staffRoleSchema } from './roles.ts';

/** The API's schemas for staff accounts (issue 19); the web imports the types only. */

const EMAIL_MAX_LENGTH = 320;
const NAME_MAX_LENGTH = 100;
/** A link's token is 43 characters; anything much longer names no link. */
const TOKEN_MAX_LENGTH = 100;

const emailField = plainText(z.string().trim().max(EMAIL_MAX_LENGTH), 'Email').refine(
  (value) => SIMPLE_EMAIL_PATTERN.test(value),
  'Please give a valid e-mail address.',
);

/** One account as the owner's list shows it. */
export const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  twoStepOn: z.boolean(),
  /** Invited, and no password chosen yet. */
  invitationPending: z.boolean(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffInviteSchema = z.object({
  email: emailField,
  name: plainText(
    z.string().trim().min(1, 'Please give their name.').max(NAME_MAX_LENGTH, 'The name is too long.'),
    'Name',
  ),
  role: staffRoleSchema,
});
export type StaffInvite = z.input<typeof staffInviteSchema>;

/**
 * One change at a time: a new role, the account disabled or enabled, or its two-step sign-in turned off (for
 * someone who lost their phone and their recovery codes).
 */
export const staffChangeSchema = z.union([
  z.object({ role: staffRoleSchema }).strict(),
  z.object({ disabled: z.boolean() }).strict(),
  z.object({ twoStep: z.literal(false) }).strict(),
]);
export type StaffChange = z.infer<typeof staffChangeSchema>;

export const linkTokenSchema = z.string().max(TOKEN_MAX_LENGTH);

/** Whom an invitation greets. */
export const invitationSchema = z.object({ name: z.string(), email: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

/** The password is checked by the server's own rule (length), so its message is the one the form shows. */
export const newPasswordSchema = z.object({ token: linkTokenSchema, password: z.string() });

export const forgotPasswordSchema = z.object({ email: emailField });

/** An answer that is only words for the person. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
