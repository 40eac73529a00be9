import type { SendMailOptions } from 'nodemailer';
import type { Venue } from '#shared/content/schemas.ts';
import { INVITATION_HOURS, RESET_HOURS } from '#shared/staff/account-messages.ts';
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, type StaffRole } from '#shared/staff/roles.ts';
import { plural } from '#shared/text/plural.ts';
import { html } from '../lib/html.ts';
import { ActionLink } from '../mail/layout.ts';
import { guestLetter, type LetterPart, paragraphPart } from '../mail/messages.ts';

function actionPart(label: string, url: string): LetterPart {
  return { html: html`<${ActionLink} href=${url}>${label}<//>`, text: `${label}: ${url}` };
}

export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/invite/${token}`;
}

export function resetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/reset/${token}`;
}

/**
 * How an invitation names who sent it: a name the account was given, with its address; an account named only
 * by its address's first half (the default) by the whole address, which the new member can recognise.
 */
export function inviterName(by: { name: string; email: string }): string {
  const name = by.name.trim();
  return name === '' || name === by.email.split('@')[0] ? by.email : `${name} (${by.email})`;
}

/** To a new member of the team: who invited them, as what, and the link to choose their password. */
export function invitationEmail(options: {
  venue: Venue;
  to: { name: string; email: string };
  role: StaffRole;
  invitedBy: { name: string; email: string };
  url: string;
}): SendMailOptions {
  const { venue, to, role, url } = options;
  const invitedBy = inviterName(options.invitedBy);
  return guestLetter(venue, to, {
    subject: `You’re invited to the staff admin of ${venue.name}`,
    kicker: 'Staff invitation',
    preheader: `Choose your password within ${INVITATION_HOURS} hours.`,
    title: 'Choose your password',
    parts: [
      paragraphPart(
        `${invitedBy} has invited you to the staff admin of ${venue.name} as ${STAFF_ROLE_LABELS[role]}: ` +
          STAFF_ROLE_DESCRIPTIONS[role],
      ),
      paragraphPart(`You sign in with this e-mail address, ${to.email}, and a password you choose now.`),
      actionPart('Choose your password', url),
      paragraphPart(
        `The link works once, for ${INVITATION_HOURS} hours. If it has run out, ask ${invitedBy} to invite you again.`,
      ),
    ],
    signOff: 'Welcome aboard',
  });
}

/** To a member of the team who forgot their password: a single-use link to choose a new one. */
export function passwordResetEmail(options: {
  venue: Venue;
  to: { name: string; email: string };
  url: string;
}): SendMailOptions {
  const { venue, to, url } = options;
  const lifetime = plural(RESET_HOURS, 'hour', 'hours');
  return guestLetter(venue, to, {
    subject: `Choose a new password for the staff admin of ${venue.name}`,
    kicker: 'Password reset',
    preheader: `The link works once, for ${lifetime}.`,
    title: 'Choose a new password',
    parts: [
      paragraphPart(`Someone asked for a new password for the staff account ${to.email}.`),
      actionPart('Choose a new password', url),
      paragraphPart(
        `The link works once, for ${lifetime}; choosing a new password signs your account out everywhere. ` +
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ),
    ],
    signOff: 'With best wishes',
  });
}
