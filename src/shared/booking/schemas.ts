import { z } from 'zod';
import type { GuestPayment } from '../deposits/payment-schemas.ts';
import { staffDepositChoiceSchema } from '../deposits/staff-choice.ts';
import { SLUG_PATTERN } from '../events/event.ts';
import { EVENT_FIELD_LIMITS } from '../events/form.ts';
import { manageVersionField } from '../manage/schemas.ts';
import { marketingConsentField } from '../privacy/consent-schemas.ts';
import { dateField, guestCount, textField } from '../schema/fields.ts';
import { CLOSURE_REASON_MAX_LENGTH } from '../staff/messages.ts';
import { TIME_PATTERN } from '../time/london-time.ts';
import { CANCELLED_BY } from './cancelled-by.ts';
import {
  allergiesField,
  guestContactFields,
  occasionNotesField,
  spamTrapField,
  specialNotesField,
} from './guest-field-schemas.ts';
import { SERVICES } from './rules.ts';
import { BOOKING_SOURCES, BOOKING_STATUSES, STAFF_BOOKING_SOURCES, statusChoiceMessage } from './status.ts';
import { BOOKING_FIELD_LIMITS, BOOKING_OCCASIONS } from './validation.ts';

/**
 * The table-booking API's shapes: the bodies it takes and the answers it gives. Zod stays out of the browser:
 * the web and the plain shared modules import these types with `import type` only.
 */

/** The body of POST /api/bookings (spec §3 "Table booking (sent)"); unknown keys are dropped. */
export const bookingRequestSchema = z.object(
  {
    website: spamTrapField,
    ...guestContactFields,
    date: textField('Date', 32),
    timeSlot: textField('Time', 32),
    partyAdults: guestCount('Adults'),
    partyChildren: guestCount('Children'),
    eventSlug: textField('Event', 200).transform((value) => value || null),
    hasAccessibilityNeeds: z
      .boolean({ error: 'Accessibility needs must be true or false.' })
      .nullish()
      .transform((value) => value ?? false),
    accessibilityNotes: textField('Accessibility notes', BOOKING_FIELD_LIMITS.accessibilityNotes, {
      multiline: true,
    }),
    occasion: z
      .string({ error: 'Please choose an occasion from the list.' })
      .nullish()
      .transform((value) => value?.trim() || 'None')
      .pipe(z.enum(BOOKING_OCCASIONS, { error: 'Please choose an occasion from the list.' })),
    occasionNotes: occasionNotesField,
    allergies: allergiesField,
    specialNotes: specialNotesField,
    marketingConsent: marketingConsentField,
  },
  { error: 'Please send the booking as a JSON object.' },
);

export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

/**
 * The body of POST /api/admin/bookings: a booking staff take by phone, at the bar or from an e-mail. The guest
 * form's fields (any party size; the e-mail may be blank), how it came, whether to e-mail the guest, and
 * whether staff book past the covers knowingly.
 */
/** A table or join of the `tables` document, by its id. */
const placeIdField = z.string().regex(/^[a-z0-9-]{1,40}$/, 'placeId must be the id of a table or join.');

export const staffBookingRequestSchema = bookingRequestSchema
  .omit({ website: true, marketingConsent: true })
  .extend({
    source: z.enum(STAFF_BOOKING_SOURCES, { error: 'Please choose how the booking came in.' }),
    notifyGuest: z
      .boolean({ error: 'notifyGuest must be true or false.' })
      .nullish()
      .transform((value) => value ?? true),
    overCapacity: z
      .boolean({ error: 'overCapacity must be true or false.' })
      .nullish()
      .transform((value) => value ?? false),
    /** In tables mode, the table or join staff chose; without it assignment picks (issue 28). */
    placeId: placeIdField.optional(),
    /** Where a deposit rule matches (issue 29): the guest e-mailed a link to pay, or the deposit waived. */
    deposit: staffDepositChoiceSchema.optional(),
  });
export type StaffBookingRequest = z.output<typeof staffBookingRequestSchema>;

/**
 * The body of PATCH /api/bookings/:id: the status (spec §7) and, for staff moving or correcting a booking,
 * its date, time, party and notes; whether to e-mail the guest about it, and whether to book past the covers.
 */
export const bookingChangeSchema = z
  .object(
    {
      status: z.enum(BOOKING_STATUSES, { error: statusChoiceMessage(BOOKING_STATUSES) }).optional(),
      date: dateField('date').optional(),
      timeSlot: z.string().regex(TIME_PATTERN, 'timeSlot must be a time (HH:MM).').optional(),
      partyAdults: z.int('partyAdults must be a whole number.').min(0).max(500).optional(),
      partyChildren: z.int('partyChildren must be a whole number.').min(0).max(500).optional(),
      allergies: allergiesField.optional(),
      specialNotes: specialNotesField.optional(),
      notifyGuest: z.boolean({ error: 'notifyGuest must be true or false.' }).optional(),
      overCapacity: z.boolean({ error: 'overCapacity must be true or false.' }).optional(),
      /** In tables mode, move the booking to this table or join (issue 28). */
      placeId: placeIdField.optional(),
    },
    { error: 'Please send the change as a JSON object.' },
  )
  .refine(
    (change) =>
      [
        change.status,
        change.date,
        change.timeSlot,
        change.partyAdults,
        change.partyChildren,
        change.placeId,
      ].some((value) => value !== undefined) ||
      change.allergies !== undefined ||
      change.specialNotes !== undefined,
    'Send at least one thing to change.',
  );
export type BookingChange = z.output<typeof bookingChangeSchema>;
export type StaffBookingRequestInput = z.input<typeof staffBookingRequestSchema>;

/** The `Idempotency-Key` header: the same key again returns the first answer instead of booking twice. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7e]{1,200}$/, 'The Idempotency-Key header must be 1 to 200 printable characters.');

/** A stored table booking as the API answers it (spec §3 "Table booking (stored)"). */
export const storedBookingSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  date: z.string(),
  service: z.enum(SERVICES),
  timeSlot: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  partySize: z.int(),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  eventSlug: z.string().nullable(),
  /** Who cancelled a CANCELLED booking, when known: the guest from their link, or staff. */
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /** When the guest answered "Yes, we're coming" from their reminder (issue 18); null until then. */
  comingConfirmedAt: z.string().nullable(),
  /** The staff member who took it (issue 19); null when the guest booked online. */
  madeBy: z.string().nullable(),
  /** Who last changed it: a staff member's name, "Guest" or "System"; null if never changed. */
  changedBy: z.string().nullable(),
  hasAccessibilityNeeds: z.boolean(),
  accessibilityNotes: z.string(),
  occasion: z.enum(BOOKING_OCCASIONS),
  occasionNotes: z.string(),
  allergies: z.string(),
  specialNotes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredBooking = z.infer<typeof storedBookingSchema>;

/**
 * The answer of POST /api/bookings: the booking, and the guest's own link to it (issue 18) when it was made
 * by this request; a replayed answer has none, as the link is never stored.
 */
export const bookingCreatedSchema = storedBookingSchema.extend({ manageUrl: z.string().optional() });
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

/** One slot of GET /api/availability: its service and time, whether it is closed, and the places left. */
export const availabilitySlotSchema = z.object({
  service: z.enum(SERVICES),
  time: z.string(),
  closed: z.boolean(),
  remaining: z.int().min(0),
  /** The slot's time has gone by (a closed slot): a guest who chose it before is told so, not that it closed. */
  passed: z.literal(true).optional(),
  /** The slug of the event this slot is the time of (asked with `event`): its covers are the event's own. */
  event: z.string().optional(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** The party being booked, as a query parameter: each slot's `remaining` is then the covers it has left for them. */
export const partyQueryField = z.coerce
  .number({ error: 'party must be a whole number of guests.' })
  .int('party must be a whole number of guests.')
  .min(1, 'party must be at least 1.')
  .max(500, 'party is too large.')
  .optional();

/** The event being booked, as a query parameter: its own time is then one of the slots. */
export const eventQueryField = z
  .string()
  .max(EVENT_FIELD_LIMITS.slug, 'event must be an event’s slug.')
  .regex(SLUG_PATTERN, 'event must be an event’s slug.')
  .optional();

/** A lunch or dinner closure as the API answers it (spec §3 "Closure (table)"). */
export const serviceClosureSchema = z.object({
  _id: z.string(),
  date: z.string(),
  service: z.enum(SERVICES),
  reason: z.string(),
});
export type ServiceClosure = z.infer<typeof serviceClosureSchema>;

/**
 * The body of POST /api/closures: the service to close, the reason staff give, and whether to cancel the
 * service's active bookings, e-mailing each guest with an address an apology (issue 17). Without it the
 * bookings stand and the closure only stops new online bookings.
 */
export const serviceClosureRequestSchema = z.object({
  date: dateField('date'),
  service: z.enum(SERVICES, { error: 'service must be lunch or dinner.' }),
  reason: textField('Reason', CLOSURE_REASON_MAX_LENGTH),
  cancelBookings: z
    .boolean({ error: 'cancelBookings must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
});
export type ServiceClosureRequest = z.output<typeof serviceClosureRequestSchema>;
export type ServiceClosureRequestInput = z.input<typeof serviceClosureRequestSchema>;

/** The answer of POST /api/closures: the closure, the bookings it cancelled, and how many guests were e-mailed. */
export const closedServiceSchema = z.object({
  closure: serviceClosureSchema,
  cancelledBookings: z.array(storedBookingSchema),
  guestsEmailed: z.int().min(0),
});
export type ClosedService = z.infer<typeof closedServiceSchema>;

/** The body of PATCH /api/bookings/manage/:token: what a guest may change of their own booking (issue 18). */
export const guestBookingChangeSchema = z.object(
  {
    date: textField('Date', 32),
    timeSlot: textField('Time', 32),
    partyAdults: guestCount('Adults'),
    partyChildren: guestCount('Children'),
    allergies: allergiesField,
    specialNotes: specialNotesField,
    /** The booking's `updatedAt` as the guest's page had it. */
    version: manageVersionField,
  },
  { error: 'Please send the change as a JSON object.' },
);
export type GuestBookingChange = z.output<typeof guestBookingChangeSchema>;
export type GuestBookingChangeInput = z.input<typeof guestBookingChangeSchema>;

/** A guest's own booking as its page shows it, and whether it has started (no more online changes then). */
export const managedBookingSchema = z.object({
  booking: storedBookingSchema.omit({
    _id: true,
    source: true,
    cancelledBy: true,
    madeBy: true,
    changedBy: true,
  }),
  started: z.boolean(),
});
/** With its deposit or card guarantee (issue 29; `ownBookingSchema` in shared/deposits checks it), null when no rule applied. */
export type ManagedBooking = z.infer<typeof managedBookingSchema> & { payment?: GuestPayment | null };
