import { z } from 'zod';
import { plainText } from '../schema/fields.ts';

/** The zod schemas of two-step sign-in's API (texts and rules: two-step.ts, free of zod for the web). */
/** A 6-digit authenticator code, or a recovery code such as `7k2mq-x9bdf` (spaces and dashes ignored). */
export const twoStepCodeSchema = z.object({
  code: plainText(z.string().trim().min(1, 'Enter a code.').max(40), 'The code'),
});

export const twoStepStatusSchema = z.object({
  on: z.boolean(),
  /** The owner requires it for this account's role. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** A QR code as one SVG path over a square of `size` modules (a quiet zone included). */
export const qrCodeSchema = z.object({ size: z.number().int(), path: z.string() });
export type QrCode = z.infer<typeof qrCodeSchema>;

export const twoStepSetupSchema = z.object({
  uri: z.string(),
  /** The base32 secret, for an app that cannot scan. */
  secret: z.string(),
  qr: qrCodeSchema,
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const disableTwoStepSchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(1024),
});

/** The owner's staff settings. */
export const staffSettingsSchema = z.object({
  /** Managers and owners must use two-step sign-in. */
  requireTwoStep: z.boolean(),
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;
