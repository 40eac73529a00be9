import { z } from 'zod';
import { CANCELLED_BY } from '../booking/cancelled-by.ts';
import { guestContactFields, guestNoteFields } from '../booking/guest-field-schemas.ts';
import { statusChoiceMessage } from '../booking/status.ts';
import { manageVersionField } from '../manage/schemas.ts';
import { STAFF_PAYMENT_METHODS } from '../money/taken-by-staff.ts';
import { guestCount, textField } from '../schema/fields.ts';
import { CLOSURE_REASON_MAX_LENGTH } from '../staff/messages.ts';
import { COURSES, SITTING_IDS } from './ids.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES, DEPOSITS_ON_CANCEL, REFUND_STATES } from './manage.ts';
import { CHRISTMAS_ADMIN_MESSAGES, CHRISTMAS_MESSAGES } from './messages.ts';
import { CHRISTMAS_BOOKING_SOURCES, CHRISTMAS_BOOKING_STATUSES } from './status.ts';

/**
 * The Christmas API's shapes: the bodies it takes and the answers it gives. Zod stays out of the browser: the
 * web and the plain shared modules (admin.ts, courses.ts, reservation.ts, sittings.ts) import these types
 * with `import type` only.
 */

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

export const selectionsSchema = z
  .object(
    { starters: courseSchema, mains: courseSchema, desserts: courseSchema },
    { error: CHRISTMAS_MESSAGES.unknownDish },
  )
  .nullish()
  .transform((value) => value ?? { starters: [], mains: [], desserts: [] });

export const partyCount = (label: string) =>
  guestCount(label).pipe(z.number().max(MAX_COUNT, `${label} is too large.`));

/**
 * The body of POST /api/christmas/admin/bookings, a phone or walk-in booking (spec §3 "Christmas booking
 * (admin create)"). Shapes only: the rules of spec §5 "Christmas admin create" run in the service.
 */
export const christmasAdminBookingSchema = z.object(
  {
    sittingId: textField('Sitting', 64),
    partyAdults: partyCount('Adults'),
    partyChildren: partyCount('Children'),
    ...guestContactFields,
    ...guestNoteFields,
    selections: selectionsSchema,
    depositMethod: z.enum(STAFF_PAYMENT_METHODS, { error: CHRISTMAS_ADMIN_MESSAGES.depositMethod }),
  },
  { error: 'Please send the booking as a JSON object.' },
);

export type ChristmasAdminBookingRequest = z.output<typeof christmasAdminBookingSchema>;

/**
 * The body of PUT /api/christmas/admin/bookings/:id/order: a confirmed booking's party, dishes and notes as
 * staff change them by phone, each field as a phone booking takes it.
 */
export const christmasStaffChangeSchema = christmasAdminBookingSchema.pick({
  partyAdults: true,
  partyChildren: true,
  selections: true,
  allergies: true,
  occasionNotes: true,
  specialNotes: true,
});
export type ChristmasStaffChange = z.output<typeof christmasStaffChangeSchema>;
export type ChristmasStaffChangeInput = z.input<typeof christmasStaffChangeSchema>;

/**
 * Any spelling of a sitting (spec §5 "Sitting ids"): the service reads it against this season's sittings
 * (`normaliseSittingId`), as their times are the staff's to change.
 */
const sittingText = z
  .string({ error: CHRISTMAS_MESSAGES.sitting })
  .max(64, CHRISTMAS_MESSAGES.sitting)
  .transform((value) => value.trim());

/** `?sittingId=` of the admin list and the downloads: one sitting, or blank for both. */
export const sittingFilterSchema = z.object({
  sittingId: sittingText.optional().transform((value) => (value ? value : null)),
});

/** The body of POST /api/christmas/admin/closures (spec §7): a sitting and an optional reason. */
export const christmasClosureRequestSchema = z.object(
  {
    sittingId: sittingText,
    reason: textField('Reason', CLOSURE_REASON_MAX_LENGTH),
  },
  { error: 'Please send the closure as a JSON object.' },
);

/** A pre-order as stored and answered: per course, the dishes chosen (by menu id) and how many of each. */
export const christmasSelectionsSchema = z.record(
  z.enum(COURSES),
  z.array(z.object({ item: z.string(), count: z.int().min(0) })),
);
export type ChristmasSelections = z.infer<typeof christmasSelectionsSchema>;

export const sittingIdSchema = z.enum(SITTING_IDS);

/** A Christmas booking as the admin API answers it (spec §3 "Christmas booking", stored). */
export const storedChristmasBookingSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  sittingId: sittingIdSchema,
  sittingLabel: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  partySize: z.int(),
  status: z.enum(CHRISTMAS_BOOKING_STATUSES),
  selections: christmasSelectionsSchema,
  allergies: z.string(),
  occasionNotes: z.string(),
  specialNotes: z.string(),
  totalPence: z.int(),
  depositPaidPence: z.int(),
  /** How staff took a phone booking's deposit (issue 27); null when paid online, or taken before it was recorded. */
  depositMethod: z.enum(STAFF_PAYMENT_METHODS).nullable(),
  source: z.enum(CHRISTMAS_BOOKING_SOURCES),
  /** Who cancelled a CANCELLED booking: the guest from their link, or staff. */
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /** The deposit a cancellation owes back, pending until the payment provider has made the refund. */
  refund: z.object({ pence: z.int(), state: z.enum(REFUND_STATES) }).nullable(),
  /**
   * What staff recorded of a cancelled booking's deposit they took (decision 051): given back at the till (the
   * pence), kept (0), or not yet recorded (null).
   */
  tillRefundPence: z.int().nullable(),
  /** When the guest answered the reminder's "Yes, we're coming" (issue 18). */
  comingConfirmedAt: z.string().nullable(),
  /** The staff member who took it (issue 19); null when the guest booked online. */
  madeBy: z.string().nullable(),
  /** Who last changed it: a staff member's name, "Guest" or "System"; null if never changed. */
  changedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredChristmasBooking = z.infer<typeof storedChristmasBookingSchema>;

/** The body of PATCH /api/christmas/admin/bookings/:id; cancelling an online booking's deposit needs `deposit`. */
export const christmasStatusChangeSchema = z.object(
  {
    status: z.enum(CHRISTMAS_BOOKING_STATUSES, { error: statusChoiceMessage(CHRISTMAS_BOOKING_STATUSES) }),
    deposit: z
      .enum(['refund', 'keep'], { error: CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice })
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: 'Please send the status as a JSON object.' },
);
export type ChristmasStatusChange = z.output<typeof christmasStatusChangeSchema>;
export type ChristmasStatusChangeInput = z.input<typeof christmasStatusChangeSchema>;

/** The body of PATCH /api/christmas/manage/:token: what a guest may change of their own order (issue 18). */
export const christmasGuestChangeSchema = z.object(
  {
    selections: selectionsSchema,
    ...guestNoteFields,
    /** The booking's `updatedAt` as the guest's page had it. */
    version: manageVersionField,
  },
  { error: 'Please send the change as a JSON object.' },
);
export type ChristmasGuestChange = z.output<typeof christmasGuestChangeSchema>;
export type ChristmasGuestChangeInput = z.input<typeof christmasGuestChangeSchema>;

/**
 * A guest's own Christmas booking as its page shows it: the order as the confirmation showed it, whether it
 * may still be changed (until the online cut-off) or cancelled (until its sitting starts), and what a
 * cancellation now would do with the deposit.
 */
export const managedChristmasBookingSchema = z.object({
  booking: storedChristmasBookingSchema
    .pick({
      reference: true,
      sittingId: true,
      sittingLabel: true,
      name: true,
      partyAdults: true,
      partyChildren: true,
      partySize: true,
      status: true,
      selections: true,
      allergies: true,
      occasionNotes: true,
      specialNotes: true,
      totalPence: true,
      depositPaidPence: true,
      source: true,
      tillRefundPence: true,
      /** The version a change from this page is made from (issue 26). */
      updatedAt: true,
    })
    .extend({
      balanceDuePence: z.int(),
      refundPence: z.int().nullable(),
      /** When the guest answered the reminder's "Yes, we're coming". */
      comingConfirmedAt: z.string().nullable(),
    }),
  changeable: z.boolean(),
  cancellable: z.boolean(),
  depositOnCancel: z.enum(DEPOSITS_ON_CANCEL),
});
export type ManagedChristmasBooking = z.infer<typeof managedChristmasBookingSchema>;

/** Spec §3 "Christmas closure". */
export const christmasClosureSchema = z.object({
  _id: z.string(),
  sittingId: sittingIdSchema,
  reason: z.string(),
  createdAt: z.string(),
});
export type ChristmasClosure = z.infer<typeof christmasClosureSchema>;

/** One sitting as staff see it: guests booked, guests in live checkouts, and why it is closed online. */
const sittingSeatsSchema = z.object({
  capacity: z.int(),
  /** Guests of CONFIRMED bookings. */
  booked: z.int(),
  /** Guests in checkouts still holding their seats. */
  held: z.int(),
  remaining: z.int(),
  /** Closed by staff (`closure`) or past the online cut-off (`pastCutoff`). */
  closed: z.boolean(),
  pastCutoff: z.boolean(),
  closure: christmasClosureSchema.nullable(),
});
export type SittingSeats = z.infer<typeof sittingSeatsSchema>;
export const christmasSeatsOverviewSchema = z.record(sittingIdSchema, sittingSeatsSchema);
export type ChristmasSeatsOverview = z.infer<typeof christmasSeatsOverviewSchema>;
