import { z } from 'zod';
import { guestCount, textField } from '../schema/fields.ts';
import { SERVICES } from './rules.ts';
import { BOOKING_STATUSES } from './status.ts';
import { BOOKING_FIELD_LIMITS, BOOKING_OCCASIONS } from './validation.ts';

/**
 * The table-booking API's shapes: the bodies it takes and the answers it gives. Zod stays out of the browser:
 * the web and the plain shared modules import these types with `import type` only.
 */

/** The body of POST /api/bookings (spec §3 "Table booking (sent)"); unknown keys are dropped. */
export const bookingRequestSchema = z.object(
  {
    /** The hidden spam field: people leave it empty. */
    website: textField('Website', 1000, { multiline: true }),
    name: textField('Name', BOOKING_FIELD_LIMITS.name),
    phone: textField('Phone', BOOKING_FIELD_LIMITS.phone),
    email: textField('Email', BOOKING_FIELD_LIMITS.email),
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
    occasionNotes: textField('Occasion notes', BOOKING_FIELD_LIMITS.occasionNotes, { multiline: true }),
    allergies: textField('Allergies', BOOKING_FIELD_LIMITS.allergies, { multiline: true }),
    specialNotes: textField('Special notes', BOOKING_FIELD_LIMITS.specialNotes, { multiline: true }),
  },
  { error: 'Please send the booking as a JSON object.' },
);

export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

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
  eventSlug: z.string().nullable(),
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

/** One slot of GET /api/availability: its service and time, whether it is closed, and the places left. */
export const availabilitySlotSchema = z.object({
  service: z.enum(SERVICES),
  time: z.string(),
  closed: z.boolean(),
  remaining: z.int().min(0),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** A lunch or dinner closure as the API answers it (spec §3 "Closure (table)"). */
export const serviceClosureSchema = z.object({
  _id: z.string(),
  date: z.string(),
  service: z.enum(SERVICES),
  reason: z.string(),
});
export type ServiceClosure = z.infer<typeof serviceClosureSchema>;
