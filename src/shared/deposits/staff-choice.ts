import { z } from 'zod';

/** A staff reason for a money action: required, and short enough for the audit trail's line. */
export const moneyReasonField = z
  .string({ error: 'Please give a reason.' })
  .trim()
  .min(1, 'Please give a reason.')
  .max(300, 'Please keep the reason under 300 characters.');

/** A staff booking that a rule matches: waived with a reason, or the guest e-mailed a link to pay. */
export const staffDepositChoiceSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('waive'), reason: moneyReasonField }),
  z.object({ choice: z.literal('request') }),
]);
export type StaffDepositChoice = z.infer<typeof staffDepositChoiceSchema>;
