import { plural } from '../text/plural.ts';
import { STAFF_ROLE_LABELS, type StaffRole } from './roles.ts';

/** A staff password's length: the server's rule (server/staff/passwords.ts) and the forms' hint. */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

/** How long an invitation link works, in hours (issue 19). */
export const INVITATION_HOURS = 72;
/** How long a password-reset link works, in hours. */
export const RESET_HOURS = 1;

/** The staff accounts' texts (issue 19): what the server answers and the screens show. */
export const STAFF_ACCOUNT_MESSAGES = {
  notFound: 'Staff account not found',
  alreadyActive: (email: string) =>
    `${email} already has an account. Change its role or enable it in the list instead.`,
  notYourself: 'You cannot disable your own account or lower your own role.',
  ownTwoStep: 'Turn your own two-step sign-in off on your Account page, with your password.',
  lastOwner: 'The pub must keep at least one active owner: make someone else an owner first.',
  inviteLinkUnusable:
    'This invitation has expired or has already been used. Ask the owner to invite you again.',
  resetLinkUnusable: 'This link has expired or has already been used. Ask for a new one below.',
  resetRequested: (email: string) =>
    `If ${email} belongs to a staff account, a link to choose a new password is on its way. It works once, for ${plural(RESET_HOURS, 'hour', 'hours')}.`,
  passwordChanged:
    'Your password is changed, and your account is signed out everywhere. Sign in with your new password.',
  tooManyAttempts: 'Too many attempts. Please wait 15 minutes and try again.',
  passwordsDiffer: 'The two passwords are not the same.',
  passwordHint: `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`,
  loadFailed: 'Could not load the staff accounts.',
  invited: (name: string, email: string) =>
    `${name} is invited: a link to choose a password is on its way to ${email}. It works for ${INVITATION_HOURS} hours.`,
  roleChanged: (name: string, role: StaffRole) => `${name}’s role is now ${STAFF_ROLE_LABELS[role]}.`,
  disabled: (name: string) => `${name} is disabled and signed out everywhere.`,
  enabled: (name: string) => `${name} can sign in again.`,
  changeFailed: 'Could not change the account. Please try again.',
  confirmDisable: (name: string) => `Disable ${name}’s account?`,
  twoStepTurnedOff: (name: string) =>
    `${name}’s two-step sign-in is off: they sign in with their password and can turn it on again.`,
  disableExplanation:
    'They are signed out at once and cannot sign in until you enable the account again. What they did stays in the records.',
} as const;
