import { z } from 'zod';
import { guestContactFields, spamTrapField } from '../booking/guest-field-schemas.ts';
import { statusChoiceMessage } from '../booking/status.ts';
import { textField } from '../schema/fields.ts';
import { ENQUIRY_MESSAGES, ENQUIRY_NOTES_MAX_LENGTH } from './messages.ts';
import { ENQUIRY_STATUSES } from './status.ts';

/**
 * The large-party enquiry API's shapes. The rules a guest can break are checked by `checkEnquiry`
 * (validation.ts), which the form runs too. Zod stays out of the browser: the web imports these types with
 * `import type` only.
 */

const WHOLE_NUMBER = /^\s*\d{1,6}\s*$/;

/** The body of POST /api/enquiries; unknown keys are dropped. */
export const enquiryRequestSchema = z.object(
  {
    website: spamTrapField,
    ...guestContactFields,
    preferredDate: textField('Date', 32),
    preferredTime: textField('Time', 32),
    /** A number, or a form field's digits; anything else becomes NaN for `checkEnquiry` to refuse. */
    partySize: z
      .union([z.number(), z.string(), z.null()], { error: ENQUIRY_MESSAGES.party })
      .optional()
      .transform((value) => {
        if (typeof value === 'number') return value;
        return typeof value === 'string' && WHOLE_NUMBER.test(value) ? Number(value) : Number.NaN;
      }),
    notes: textField('Notes', ENQUIRY_NOTES_MAX_LENGTH, { multiline: true }),
  },
  { error: 'Please send the enquiry as a JSON object.' },
);
export type EnquiryRequest = z.output<typeof enquiryRequestSchema>;
export type EnquiryRequestInput = z.input<typeof enquiryRequestSchema>;

/** A stored enquiry as the API answers it: to the guest who sent it, and to staff. */
export const storedEnquirySchema = z.object({
  _id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  preferredDate: z.string(),
  preferredTime: z.string(),
  partySize: z.int(),
  notes: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredEnquiry = z.infer<typeof storedEnquirySchema>;

const statusField = z.enum(ENQUIRY_STATUSES, { error: statusChoiceMessage(ENQUIRY_STATUSES) });

/** The query of GET /api/admin/enquiries: every enquiry, or those of one status. */
export const enquiryListQuerySchema = z.object({ status: statusField.optional() });

/** The body of PATCH /api/admin/enquiries/:id: where the enquiry stands now. */
export const enquiryStatusChangeSchema = z.object(
  { status: statusField },
  { error: 'Please send the change as a JSON object.' },
);
export type EnquiryStatusChange = z.output<typeof enquiryStatusChangeSchema>;
