import { z } from 'zod';
import { staffRoleSchema } from './roles.ts';

/** Who is signed in, as POST /api/auth/login and GET /api/auth/me answer it; the web imports the type only. */
export const signedInAdminSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** Two-step sign-in is on for this account. */
  twoStepOn: z.boolean(),
  /** The owner requires two-step sign-in for this account's role: while it is off, only setting it up works. */
  twoStepRequired: z.boolean(),
});
export type SignedInAdmin = z.infer<typeof signedInAdminSchema>;

/** The password was right, and the account's authenticator code is asked for next (POST /api/auth/login/two-step). */
export const twoStepNeededSchema = z.object({ twoStep: z.literal(true) });

/** What POST /api/auth/login answers: signed in, or the second step to take (`'twoStep' in answer`). */
export const loginAnswerSchema = z.union([signedInAdminSchema, twoStepNeededSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
