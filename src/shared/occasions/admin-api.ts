import { z } from 'zod';
import { guestContactFields } from '../booking/guest-field-schemas.ts';
import { STAFF_PAYMENT_METHODS, staffPaymentMethodMessage } from '../money/taken-by-staff.ts';
import { guestCount, textField } from '../schema/fields.ts';
import {
  dinerSchema,
  OCCASION_BOOKING_SOURCES,
  OCCASION_BOOKING_STATUSES,
  occasionPartyNoteFields,
} from './api.ts';

/** The staff side of occasions: bookings, phone bookings, closures and the kitchen's counts. */

/** GET /api/admin/occasions/:slug/bookings?date=YYYY-MM-DD (optional): one line per booking, HELD ones left out. */
export const staffOccasionBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  sittingId: z.string(),
  sittingLabel: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  adults: z.int(),
  children: z.int(),
  partySize: z.int(),
  status: z.enum(OCCASION_BOOKING_STATUSES),
  source: z.enum(OCCASION_BOOKING_SOURCES),
  totalPence: z.int(),
  paidPence: z.int(),
  /** How staff took a phone booking's payment; null online, with nothing due, or before it was recorded. */
  paymentMethod: z.enum(STAFF_PAYMENT_METHODS).nullable(),
  refundPence: z.int().nullable(),
  /**
   * What staff recorded of a cancelled booking's money they took (decision 051): given back at the till (the
   * pence), kept (0), or not yet recorded (null).
   */
  tillRefundPence: z.int().nullable(),
  /** What the diners' chosen dishes add to the bill, paid on the day. */
  supplementsPence: z.int(),
  notes: z.string(),
  /** The party's allergies and what it celebrates, as given at booking. */
  allergies: z.string(),
  occasionNotes: z.string(),
  locked: z.boolean(),
  /** The organiser answered the visit's reminder "Yes, we're coming". */
  comingConfirmed: z.boolean(),
  diners: z.array(dinerSchema),
});
export type StaffOccasionBooking = z.infer<typeof staffOccasionBookingSchema>;
export const staffOccasionBookingsSchema = z.object({ bookings: z.array(staffOccasionBookingSchema) });

/** One dish's count on a prep sheet, and how many of them the deadline's defaults made. */
export const prepDishCountSchema = z.object({
  dishId: z.string(),
  name: z.string(),
  count: z.int(),
  defaulted: z.int(),
});

/** GET /api/admin/occasions/:slug/prep?date=…: per sitting of that date, what the kitchen prepares. */
export const prepSittingSchema = z.object({
  sittingId: z.string(),
  label: z.string(),
  covers: z.int(),
  /** Diners still to choose (before the deadline): their covers count here, not in a dish. */
  notChosen: z.int(),
  courses: z.array(
    z.object({ courseId: z.string(), name: z.string(), dishes: z.array(prepDishCountSchema) }),
  ),
  /** Every allergy, by table: the party's own (`diner` names whose party) and each diner's. */
  allergies: z.array(z.object({ reference: z.string(), diner: z.string(), allergies: z.string() })),
});
export const prepSheetSchema = z.object({
  date: z.string(),
  locked: z.boolean(),
  sittings: z.array(prepSittingSchema),
});
export type PrepSheet = z.infer<typeof prepSheetSchema>;

/** POST /api/admin/occasions/:slug/bookings: a party booked by phone, confirmed at once (no online payment). */
export const staffOccasionBookingRequestSchema = z.object(
  {
    date: textField('Date', 10),
    sittingId: textField('Sitting', 64),
    adults: guestCount('Adults'),
    children: guestCount('Children'),
    ...guestContactFields,
    notes: textField('Notes', 500, { multiline: true }),
    ...occasionPartyNoteFields,
    /**
     * How staff took what the occasion asks ahead (its deposit, or the full price): the whole of it by card on
     * the phone or in cash, or waived. Needed whenever something is due (`staffPaymentProblem`).
     */
    paymentMethod: z
      .enum(STAFF_PAYMENT_METHODS, { error: staffPaymentMethodMessage('payment') })
      .nullable()
      .default(null),
  },
  { error: 'Please send the booking as a JSON object.' },
);

/** POST /api/admin/occasions/bookings/:id/party: staff change a confirmed party's numbers (`partyChangeProblem`). */
export const staffPartyChangeRequestSchema = z.object(
  { adults: guestCount('Adults'), children: guestCount('Children') },
  { error: 'Please send the party as a JSON object.' },
);
export type StaffPartyChangeRequest = z.infer<typeof staffPartyChangeRequestSchema>;

/**
 * POST /api/admin/occasions/bookings/:id/cancel: staff cancel a booking. `refund` refunds what was paid, `keep`
 * keeps it, `terms` (the default) does as the occasion's refund cut-off says, as for the organiser.
 */
export const staffOccasionCancelRequestSchema = z.object(
  { refund: z.enum(['terms', 'refund', 'keep']).default('terms') },
  { error: 'Please send the cancellation as a JSON object.' },
);

/** POST /api/admin/occasions/:slug/closures: closes one sitting of one date. */
export const occasionClosureRequestSchema = z.object({
  date: textField('Date', 10),
  sittingId: textField('Sitting', 64),
  reason: textField('Reason', 200),
});
export const occasionClosureSchema = z.object({
  id: z.string(),
  date: z.string(),
  sittingId: z.string(),
  reason: z.string(),
});
export const occasionClosuresSchema = z.object({ closures: z.array(occasionClosureSchema) });

/** One confirmed party on the day view: enough to greet them, the rest is on the occasions screen. */
export const occasionDayPartySchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  partySize: z.int(),
});

/**
 * GET /api/admin/occasions/day?date=YYYY-MM-DD: the day's confirmed occasion parties for the bookings day view, by
 * occasion and by sitting in the occasion's order. `start` and `end` are null for a sitting since removed.
 */
export const occasionDaySchema = z.object({
  date: z.string(),
  occasions: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      /** Its parties are counted in tickets (`countsTickets`); false for an occasion since removed. */
      countsTickets: z.boolean(),
      sittings: z.array(
        z.object({
          sittingId: z.string(),
          label: z.string(),
          start: z.string().nullable(),
          end: z.string().nullable(),
          guests: z.int(),
          parties: z.array(occasionDayPartySchema),
        }),
      ),
    }),
  ),
});
export type OccasionDay = z.infer<typeof occasionDaySchema>;
