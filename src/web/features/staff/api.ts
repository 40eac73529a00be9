import type {
  Invitation,
  MessageAnswer,
  StaffAccount,
  StaffChange,
  StaffInvite,
} from '#shared/staff/accounts.ts';
import type { LoginAnswer, SignedInAdmin } from '#shared/staff/session.ts';
import { call } from '#web/lib/api.ts';

/** Staff sign-in and sign-out. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const session = () => call<SignedInAdmin>('GET', '/api/auth/me');

export const signIn = (email: string, password: string) =>
  call<LoginAnswer>('POST', '/api/auth/login', { body: { email, password } });

export const signOut = () => call<void>('POST', '/api/auth/logout');

export const staffAccounts = () => call<StaffAccount[]>('GET', '/api/admin/staff');

export const inviteStaff = (invite: StaffInvite) =>
  call<StaffAccount>('POST', '/api/admin/staff', { body: invite });

export const changeStaff = (id: string, change: StaffChange) =>
  call<StaffAccount>('PATCH', `/api/admin/staff/${encodeURIComponent(id)}`, { body: change });

export const invitation = (token: string) =>
  call<Invitation>('GET', `/api/auth/invite/${encodeURIComponent(token)}`);

export const acceptInvitation = (token: string, password: string) =>
  call<SignedInAdmin>('POST', '/api/auth/invite/accept', { body: { token, password } });

export const forgotPassword = (email: string) =>
  call<MessageAnswer>('POST', '/api/auth/forgot', { body: { email } });

export const resetPassword = (token: string, password: string) =>
  call<MessageAnswer>('POST', '/api/auth/reset', { body: { token, password } });
