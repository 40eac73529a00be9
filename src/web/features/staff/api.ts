import type { SignedInAdmin } from '../../../shared/staff/session.ts';
import { call } from '../../lib/api.ts';

/** Staff sign-in and sign-out. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const session = () => call<SignedInAdmin>('GET', '/api/auth/me');

export const signIn = (email: string, password: string) =>
  call<SignedInAdmin>('POST', '/api/auth/login', { body: { email, password } });

export const signOut = () => call<void>('POST', '/api/auth/logout');
