import { z } from 'zod';
import { plainText } from '../schema/fields.ts';

/** The marketing consent API's shapes (issue 19). Zod stays out of the browser: the web imports types only. */

/** The optional box on the booking and Christmas forms: unticked unless the guest ticks it. */
export const marketingConsentField = z
  .boolean({ error: 'marketingConsent must be true or false.' })
  .nullish()
  .transform((value) => value ?? false);

/** The body of POST /api/marketing/unsubscribe. */
export const unsubscribeRequestSchema = z.object(
  {
    token: plainText(
      z.string({ error: 'Please send the link’s token.' }).min(1).max(200),
      'The link’s token',
    ),
  },
  { error: 'Please send the link’s token as a JSON object.' },
);
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true) });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
