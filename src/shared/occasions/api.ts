import { z } from 'zod';
import { allergiesField, guestContactFields, occasionNotesField } from '../booking/guest-field-schemas.ts';
import { UTM_SOURCE_PATTERN } from '../booking/utm-source.ts';
import { guestCount, textField } from '../schema/fields.ts';
import { occasionSchema } from './schema.ts';

/**
 * The occasions' HTTP contract: what the guest's pages, the diner's link and the staff screens send and get.
 * The web imports these types with `import type` only.
 */

export const occasionSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Unknown occasion.')
  .max(64);
/** A personal link's token (organiser or diner): 43 base64url characters. */
export const occasionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Unknown link.');

/** The party's own notes beside its diners' allergies, as the organiser or staff give them at booking. */
export const occasionPartyNoteFields = {
  allergies: allergiesField,
  occasionNotes: occasionNotesField,
};

export const OCCASION_BOOKING_STATUSES = ['HELD', 'CONFIRMED', 'CANCELLED', 'EXPIRED'] as const;
export type OccasionBookingStatus = (typeof OCCASION_BOOKING_STATUSES)[number];
export const OCCASION_BOOKING_SOURCES = ['online', 'phone'] as const;
export type OccasionBookingSource = (typeof OCCASION_BOOKING_SOURCES)[number];
/**
 * Why a checkout ended EXPIRED, never served: its hold lapsed (`expired`), the guest left the payment page
 * (`cancelled`), the payment failed (`payment_failed`), the payment page could not be opened or reach the guest
 * (`checkout_failed`), a newer checkout of the same guest replaced it (`replaced`), or it was paid when its
 * seats were gone and refunded (`unseatable`). Christmas's checkouts record the same reasons.
 */
export const OCCASION_CANCEL_REASONS = [
  'expired',
  'cancelled',
  'payment_failed',
  'checkout_failed',
  'replaced',
  'unseatable',
] as const;
export type OccasionCancelReason = (typeof OCCASION_CANCEL_REASONS)[number];
/** Who made a diner's choices: the diner, the organiser, staff, or the deadline's defaults. */
export const DINER_CHOSEN_BY = ['diner', 'organiser', 'staff', 'default'] as const;

/** GET /api/occasions: What's On's list of published occasions still to come. */
export const occasionSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  fromPricePence: z.int(),
  featured: z.boolean(),
  ticketed: z.boolean(),
});
export type OccasionSummary = z.infer<typeof occasionSummarySchema>;
export const occasionListSchema = z.array(occasionSummarySchema);

/** One sitting on one date: its seats, those left (confirmed and held bookings taken off), and whether it is closed. */
export const occasionSittingAvailabilitySchema = z.object({
  sittingId: z.string(),
  seats: z.int(),
  remaining: z.int(),
  closed: z.boolean(),
});
export const occasionDateAvailabilitySchema = z.object({
  date: z.string(),
  /** ISO instant: the last moment diners may choose. */
  preOrderDeadline: z.string(),
  /** ISO instant: until then a cancellation is refunded. */
  refundCutoff: z.string(),
  /** False once the date is past or its deadline has passed: online booking closed. */
  bookable: z.boolean(),
  sittings: z.array(occasionSittingAvailabilitySchema),
});

/** GET /api/occasions/:slug: the occasion as published, and every date still to come with its seats. */
export const occasionPageSchema = z.object({
  occasion: occasionSchema,
  dates: z.array(occasionDateAvailabilitySchema),
});
export type OccasionPage = z.infer<typeof occasionPageSchema>;

/** POST /api/occasions/:slug/bookings: the organiser's booking, paid (or not) as the occasion asks. */
export const occasionBookingRequestSchema = z.object(
  {
    date: textField('Date', 10),
    sittingId: textField('Sitting', 64),
    adults: guestCount('Adults'),
    children: guestCount('Children'),
    ...guestContactFields,
    notes: textField('Notes', 500, { multiline: true }),
    ...occasionPartyNoteFields,
    /** The occasion page's `?utm_source=`, when it had one that will do (`utmSourceOf`). */
    utmSource: z
      .string()
      .regex(UTM_SOURCE_PATTERN, 'Unknown source.')
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: 'Please send the booking as a JSON object.' },
);
export type OccasionBookingRequest = z.output<typeof occasionBookingRequestSchema>;

/** Where the browser goes next: the payment page, or (nothing to pay) the organiser's own page. */
export const occasionBookingStartedSchema = z.object({ url: z.string() });

/** GET /api/occasions/checkouts/:pid: the checkout's state, polled by the return page. */
export const occasionCheckoutStateSchema = z.object({
  status: z.enum(OCCASION_BOOKING_STATUSES),
  /** Once confirmed: the organiser's page. */
  organiserUrl: z.string().nullable(),
});

/**
 * GET /api/occasions/checkouts/:pid/demo: what the demo payment page shows, only while the demo provider stands in
 * for Stripe (404 otherwise). Its Pay is POST /api/occasions/checkouts/:pid/demo-pay → `occasionBookingStartedSchema`
 * (the return page's address); its Cancel goes to `cancelUrl`.
 */
export const occasionDemoCheckoutSchema = z.object({
  status: z.enum(OCCASION_BOOKING_STATUSES),
  occasionName: z.string(),
  ticketed: z.boolean(),
  date: z.string(),
  sittingLabel: z.string(),
  adults: z.int(),
  children: z.int(),
  amountPence: z.int(),
  /** ISO instant until which cancelling refunds this payment; null when the date is already within its refund cut-off. */
  refundableUntil: z.string().nullable(),
  email: z.string(),
  cancelUrl: z.string(),
});
export type OccasionDemoCheckout = z.infer<typeof occasionDemoCheckoutSchema>;

/**
 * POST /api/occasions/organiser/:token/cancel (the organiser) and POST /api/admin/occasions/bookings/:id/cancel
 * (staff): the booking cancelled, what is refunded (null: nothing), and a sentence saying so.
 */
export const occasionCancelledSchema = z.object({
  status: z.enum(OCCASION_BOOKING_STATUSES),
  refundPence: z.int().nullable(),
  message: z.string(),
});
export type OccasionCancelled = z.infer<typeof occasionCancelledSchema>;

export const dinerChoicesSchema = z.record(z.string().max(64), z.string().max(64));

export const dinerSchema = z.object({
  id: z.string(),
  name: z.string(),
  choices: dinerChoicesSchema,
  allergies: z.string(),
  chosenBy: z.enum(DINER_CHOSEN_BY),
  /** Courses the deadline filled with their default dish. */
  defaultedCourses: z.array(z.string()),
});
export type Diner = z.infer<typeof dinerSchema>;

/** GET /api/occasions/organiser/:token: the organiser's page. */
export const organiserPageSchema = z.object({
  reference: z.string(),
  occasion: occasionSchema,
  date: z.string(),
  sittingId: z.string(),
  name: z.string(),
  partySize: z.int(),
  /** The party's allergies and what it celebrates, as given at booking. */
  allergies: z.string(),
  occasionNotes: z.string(),
  status: z.enum(OCCASION_BOOKING_STATUSES),
  totalPence: z.int(),
  paidPence: z.int(),
  /** A cancelled booking's refund (null: nothing refunded), and whether the provider has made it or it is owed. */
  refundPence: z.int().nullable(),
  refundMade: z.boolean(),
  /** What was paid was taken by staff (decision 045): a cancellation settles it at the till, not online. */
  paidToStaff: z.boolean(),
  /** What staff recorded of it once cancelled (decision 051): given back (its pence), kept (0), or not yet (null). */
  tillRefundPence: z.int().nullable(),
  preOrderDeadline: z.string(),
  refundCutoff: z.string(),
  locked: z.boolean(),
  /** When the organiser answered the visit's reminder "Yes, we're coming". */
  comingConfirmedAt: z.string().nullable(),
  /** The link to share with the diners. */
  dinerUrl: z.string(),
  diners: z.array(dinerSchema),
});
export type OrganiserPage = z.infer<typeof organiserPageSchema>;

/**
 * A diner's choices, sent by the diner (POST /api/occasions/diners/:token → 201 `dinerSchema`), by the organiser
 * for someone (POST …/organiser/:token/diners, PUT …/organiser/:token/diners/:dinerId → 200 the organiser's page
 * as it then stands), or by staff (POST /api/admin/occasions/bookings/:id/diners → 201, PUT …/diners/:dinerId →
 * 200, `dinerSchema`). A refused choice answers 400 with `issues`, each at `choices.<course id>`.
 */
export const dinerChoiceRequestSchema = z.object(
  {
    name: textField('Name', 80),
    /** Optional: a diner who gives one is reminded before the deadline. */
    email: textField('Email', 254),
    choices: dinerChoicesSchema,
    allergies: textField('Allergies', 500, { multiline: true }),
  },
  { error: 'Please send the choices as a JSON object.' },
);
export type DinerChoiceRequest = z.output<typeof dinerChoiceRequestSchema>;

/** GET /api/occasions/diners/:token: what a diner's link shows. */
export const dinerPageSchema = z.object({
  occasion: occasionSchema,
  date: z.string(),
  sittingId: z.string(),
  organiserFirstName: z.string(),
  preOrderDeadline: z.string(),
  locked: z.boolean(),
  placesLeft: z.int(),
});
export type DinerPage = z.infer<typeof dinerPageSchema>;
