import type { SignedInAdmin } from '#shared/staff/session.ts';
import type {
  RecoveryCodes,
  StaffSettings,
  TwoStepSetup,
  TwoStepStatus,
} from '#shared/staff/two-step-schemas.ts';
import { call } from '#web/lib/api.ts';

/** Two-step sign-in and the owner's staff settings, through the one API client; import as `* as twoStepApi`. */
export const status = () => call<TwoStepStatus>('GET', '/api/auth/two-step');

export const startSetup = () => call<TwoStepSetup>('POST', '/api/auth/two-step/setup');

export const enable = (code: string) =>
  call<RecoveryCodes>('POST', '/api/auth/two-step/enable', { body: { code } });

export const disable = (password: string) =>
  call<void>('POST', '/api/auth/two-step/disable', { body: { password } });

/** The sign-in's second step: the code after the password. */
export const signInWithCode = (code: string) =>
  call<SignedInAdmin>('POST', '/api/auth/login/two-step', { body: { code } });

export const staffSettings = () => call<StaffSettings>('GET', '/api/admin/staff/settings');

export const saveStaffSettings = (settings: StaffSettings) =>
  call<StaffSettings>('PUT', '/api/admin/staff/settings', { body: settings });
