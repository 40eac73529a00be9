import { z } from 'zod';
import { guestCount, textField } from '../booking/request.ts';
import { BOOKING_FIELD_LIMITS } from '../booking/validation.ts';
import type { SittingId } from './ids.ts';
import { CHRISTMAS_MESSAGES } from './messages.ts';
import { christmasSeason } from './season.ts';
import { normaliseSittingId } from './sittings.ts';

/** More dishes than the menu has, or more of one than a sitting seats, is not an order but noise. */
const MAX_LINES_PER_COURSE = 20;
const MAX_COUNT = 500;

const dishSelectionSchema = z.object(
  {
    item: z
      .string({ error: CHRISTMAS_MESSAGES.unknownDish })
      .trim()
      .min(1, CHRISTMAS_MESSAGES.unknownDish)
      .max(64),
    count: z
      .number({ error: CHRISTMAS_MESSAGES.counts })
      .int(CHRISTMAS_MESSAGES.counts)
      .min(0, CHRISTMAS_MESSAGES.counts)
      .max(MAX_COUNT, CHRISTMAS_MESSAGES.counts),
  },
  { error: CHRISTMAS_MESSAGES.unknownDish },
);

const courseSchema = z
  .array(dishSelectionSchema, { error: CHRISTMAS_MESSAGES.unknownDish })
  .max(MAX_LINES_PER_COURSE, CHRISTMAS_MESSAGES.unknownDish)
  .nullish()
  .transform((value) => value ?? []);

const selectionsSchema = z
  .object(
    { starters: courseSchema, mains: courseSchema, desserts: courseSchema },
    { error: CHRISTMAS_MESSAGES.unknownDish },
  )
  .nullish()
  .transform((value) => value ?? { starters: [], mains: [], desserts: [] });

const partyCount = (label: string) =>
  guestCount(label).pipe(z.number().max(MAX_COUNT, `${label} is too large.`));

/**
 * The body of POST /api/stripe/create-checkout-session (spec §3 "Christmas checkout payload"), plus the
 * promo's utm_source. Shapes only: the rules of spec §5 run afterwards, in their order, in the service.
 */
export const christmasCheckoutSchema = z.object(
  {
    session: textField('Sitting', 64),
    partyAdults: partyCount('Adults'),
    partyChildren: partyCount('Children'),
    name: textField('Name', BOOKING_FIELD_LIMITS.name),
    phone: textField('Phone', BOOKING_FIELD_LIMITS.phone),
    email: textField('Email', BOOKING_FIELD_LIMITS.email),
    allergies: textField('Allergies', BOOKING_FIELD_LIMITS.allergies, { multiline: true }),
    occasionNotes: textField('Occasion notes', BOOKING_FIELD_LIMITS.occasionNotes, { multiline: true }),
    specialNotes: textField('Special notes', BOOKING_FIELD_LIMITS.specialNotes, { multiline: true }),
    selections: selectionsSchema,
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

/**
 * The body of POST /api/christmas/admin/bookings, a phone or walk-in booking (spec §3 "Christmas booking
 * (admin create)"). Shapes only: the rules of spec §5 "Christmas admin create" run in the service.
 */
export const christmasAdminBookingSchema = z.object(
  {
    sittingId: textField('Sitting', 64),
    partyAdults: partyCount('Adults'),
    partyChildren: partyCount('Children'),
    name: textField('Name', BOOKING_FIELD_LIMITS.name),
    phone: textField('Phone', BOOKING_FIELD_LIMITS.phone),
    email: textField('Email', BOOKING_FIELD_LIMITS.email),
    allergies: textField('Allergies', BOOKING_FIELD_LIMITS.allergies, { multiline: true }),
    occasionNotes: textField('Occasion notes', BOOKING_FIELD_LIMITS.occasionNotes, { multiline: true }),
    specialNotes: textField('Special notes', BOOKING_FIELD_LIMITS.specialNotes, { multiline: true }),
    selections: selectionsSchema,
  },
  { error: 'Please send the booking as a JSON object.' },
);

export type ChristmasAdminBookingRequest = z.output<typeof christmasAdminBookingSchema>;

/** Any spelling of a sitting (spec §5 "Sitting ids") as its id; anything else is refused. */
function sittingIdOf(value: string, context: z.RefinementCtx): SittingId {
  const sittingId = normaliseSittingId(value, christmasSeason);
  if (sittingId) return sittingId;
  context.addIssue({ code: 'custom', message: CHRISTMAS_MESSAGES.sitting });
  return z.NEVER;
}

const sittingText = z.string({ error: CHRISTMAS_MESSAGES.sitting }).max(64, CHRISTMAS_MESSAGES.sitting);

/** `?sittingId=` of the admin list and the downloads: one sitting, or blank for both. */
export const sittingFilterSchema = z.object({
  sittingId: sittingText
    .optional()
    .transform((value, context) =>
      value === undefined || value.trim() === '' ? null : sittingIdOf(value, context),
    ),
});

const CLOSURE_REASON_MAX_LENGTH = 200;

/** The body of POST /api/christmas/admin/closures (spec §7): a sitting and an optional reason. */
export const christmasClosureSchema = z.object(
  {
    sittingId: sittingText.transform(sittingIdOf),
    reason: textField('Reason', CLOSURE_REASON_MAX_LENGTH),
  },
  { error: 'Please send the closure as a JSON object.' },
);
