import { z } from 'zod';
import { guestContactFields, guestNoteFields } from '../booking/guest-field-schemas.ts';
import { marketingConsentField } from '../privacy/consent-schemas.ts';
import { textField } from '../schema/fields.ts';
import { RESERVATION_STATES } from './reservation.ts';
import { christmasSelectionsSchema, partyCount, selectionsSchema, sittingIdSchema } from './schemas.ts';

/**
 * The guest's way to a Christmas booking: the seats left, the order sent to checkout, the checkout's state and
 * the confirmation. Zod stays out of the browser: the web imports these types with `import type` only.
 */

/**
 * The body of POST /api/stripe/create-checkout-session (spec §3 "Christmas checkout payload"), plus the
 * promo's utm_source. Shapes only: the rules of spec §5 run afterwards, in their order, in the service.
 */
export const christmasCheckoutSchema = z.object(
  {
    session: textField('Sitting', 64),
    partyAdults: partyCount('Adults'),
    partyChildren: partyCount('Children'),
    ...guestContactFields,
    ...guestNoteFields,
    selections: selectionsSchema,
    marketingConsent: marketingConsentField,
    /** Where the guest came from, e.g. "modal" for the promo; anything odd is simply not recorded. */
    utmSource: z
      .unknown()
      .optional()
      .transform((value) =>
        typeof value === 'string' && /^[\w.-]{1,64}$/.test(value.trim()) ? value.trim() : null,
      ),
  },
  { error: 'Please send the order as a JSON object.' },
);

export type ChristmasCheckoutRequest = z.output<typeof christmasCheckoutSchema>;

/** The reservation id in a URL: 32 base64url characters. */
export const pidSchema = z.string().regex(/^[\w-]{16,64}$/, 'Unknown reservation.');

/** GET /api/christmas/availability (spec §7): per sitting, its seats, those left, and whether it is closed. */
const sittingAvailabilitySchema = z.object({
  capacity: z.int(),
  remaining: z.int(),
  closed: z.boolean(),
});
export type SittingAvailability = z.infer<typeof sittingAvailabilitySchema>;
export const christmasAvailabilitySchema = z.record(sittingIdSchema, sittingAvailabilitySchema);
export type ChristmasAvailability = z.infer<typeof christmasAvailabilitySchema>;

/** Where the browser goes next: the checkout page, or the success page once the demo checkout is paid. */
export const checkoutRedirectSchema = z.object({ url: z.string() });

export const reservationStateSchema = z.enum(RESERVATION_STATES);

/** What the success page shows of a confirmed booking. */
export const christmasConfirmationSchema = z.object({
  reference: z.string(),
  sittingId: sittingIdSchema,
  sittingLabel: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  selections: christmasSelectionsSchema,
  depositPaidPence: z.int(),
  totalPence: z.int(),
  balanceDuePence: z.int(),
  email: z.string(),
});
export type ChristmasConfirmation = z.infer<typeof christmasConfirmationSchema>;

/** Spec §4 "Pending reservation state", as GET /api/christmas/pending/:pid answers it. */
export const pendingStatusSchema = z.object({
  state: reservationStateSchema,
  reference: z.string().optional(),
  confirmation: christmasConfirmationSchema.optional(),
});
export type PendingStatus = z.infer<typeof pendingStatusSchema>;

/** What the demo checkout page shows: the amount, the party and the sitting. */
export const demoCheckoutDetailsSchema = z.object({
  state: reservationStateSchema,
  sittingLabel: z.string(),
  date: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  depositPerGuestPence: z.int(),
  depositPence: z.int(),
  totalPence: z.int(),
  email: z.string(),
  expiresAt: z.string(),
  cancelUrl: z.string(),
});
export type DemoCheckoutDetails = z.infer<typeof demoCheckoutDetailsSchema>;
