import type { AdminEndpoint } from './access.ts';

/** Two-step sign-in (issue 19): a TOTP code from an authenticator app after the password. */
export const TWO_STEP_ISSUER = 'The Rose and Crown';
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's pass to the code step lasts. */
export const TWO_STEP_CHALLENGE_MINUTES = 5;

export const TWO_STEP_TEXTS = {
  turnOnToContinue: 'Turn on two-step sign-in to continue.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  /** A right code already used: the app still shows it until its next one (each code works once). */
  codeUsed: 'That code has just been used. Please wait for your app to show the next one, then enter it.',
  challengeExpired: 'Your sign-in has timed out. Please enter your e-mail and password again.',
  alreadyOn: 'Two-step sign-in is already on.',
  notStarted: 'Start setting up two-step sign-in first.',
  notOn: 'Two-step sign-in is not on.',
  requiredForRole: 'The owner requires two-step sign-in for managers and owners, so it cannot be turned off.',
  wrongPassword: 'That password is not right.',
  ownerFirst: 'Turn on two-step sign-in for your own account first.',
} as const;

/** The endpoints still open to a manager or owner who must turn two-step sign-in on before anything else. */
export const TWO_STEP_SETUP_ENDPOINTS: readonly AdminEndpoint[] = [
  'GET /api/auth/me',
  'GET /api/auth/two-step',
  'POST /api/auth/two-step/setup',
  'POST /api/auth/two-step/enable',
];

export function isTwoStepSetupEndpoint(endpoint: string): boolean {
  return (TWO_STEP_SETUP_ENDPOINTS as readonly string[]).includes(endpoint);
}
