import { z } from 'zod';
import { documentText } from '../schema/fields.ts';

const pence = (label: string) =>
  z
    .int(`${label} must be a whole number of pence.`)
    .min(500, `${label} must be at least £5.`)
    .max(100_000, `${label} must be at most £1,000.`);

/**
 * The `vouchers` content document (issue 33): whether vouchers are on sale, the amounts offered, the custom
 * amount's limits, how long a voucher lasts, and the words of the page and the terms shown before payment.
 * Its texts are `documentText` (no transform): the document is also a response schema, which encodes.
 */
export const voucherSettingsSchema = z
  .object({
    onSale: z.boolean(),
    amountsPence: z
      .array(pence('An amount'))
      .min(1, 'Offer at least one amount.')
      .max(8, 'Offer at most 8 amounts.'),
    allowCustom: z.boolean(),
    customMinPence: pence('The smallest custom amount'),
    customMaxPence: pence('The largest custom amount'),
    expiryMonths: z.int('must be whole months').min(1).max(60),
    headline: documentText(120).min(1, 'needs a headline'),
    intro: documentText(1000, { multiline: true }),
    terms: z.array(documentText(400).min(1, 'needs some text')).min(1, 'Write at least one term.').max(12),
  })
  .refine((settings) => settings.customMinPence <= settings.customMaxPence, {
    message: 'must be at least the smallest custom amount',
    path: ['customMaxPence'],
  });
export type VoucherSettings = z.infer<typeof voucherSettingsSchema>;
