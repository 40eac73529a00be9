import { z } from 'zod';
import { guestContactFields, spamTrapField } from '../booking/guest-field-schemas.ts';
import { SERVICES } from '../booking/rules.ts';
import { bookingCreatedSchema } from '../booking/schemas.ts';
import { paymentStartSchema } from '../deposits/payment-schemas.ts';
import { staffDepositChoiceSchema } from '../deposits/staff-choice.ts';
import { dateField, guestCount, textField } from '../schema/fields.ts';
import { TIME_PATTERN } from '../time/london-time.ts';
import { STANDBY_OFFER_STATES, STANDBY_SOURCES, STANDBY_STATUSES } from './status.ts';

/**
 * The standby list's answers (issue 31). The join request's own rule is `checkStandbyJoin` (rules.ts), which the
 * form and the server both run; its schema (`standbyJoinRequestSchema`) only shapes the body.
 */

/** The body of POST /api/standby: checked by `checkStandbyJoin` after this shapes it. */
export const standbyJoinRequestSchema = z.object(
  {
    website: spamTrapField,
    ...guestContactFields,
    date: textField('Date', 32),
    windowStart: textField('Earliest time', 5),
    windowEnd: textField('Latest time', 5),
    partyAdults: guestCount('Adults'),
    partyChildren: guestCount('Children'),
  },
  { error: 'Please send the standby request as a JSON object.' },
);
export type StandbyJoinRequest = z.output<typeof standbyJoinRequestSchema>;

/** An offer as its guest sees it: the slot, until when it holds, and what became of it. */
export const standbyOfferViewSchema = z.object({
  date: z.string(),
  timeSlot: z.string(),
  partySize: z.int(),
  name: z.string(),
  state: z.enum(STANDBY_OFFER_STATES),
  expiresAt: z.string(),
});
export type StandbyOfferView = z.infer<typeof standbyOfferViewSchema>;

/** A standby entry as its guest sees it from their own link. */
export const standbyEntryViewSchema = z.object({
  reference: z.string(),
  date: z.string(),
  service: z.enum(SERVICES),
  windowStart: z.string(),
  windowEnd: z.string(),
  partySize: z.int(),
  name: z.string(),
  status: z.enum(STANDBY_STATUSES),
});
export type StandbyEntryView = z.infer<typeof standbyEntryViewSchema>;

/** POST /api/standby's answer: the entry, and the guest's own link, answered once (it is e-mailed too). */
export const standbyJoinedSchema = standbyEntryViewSchema.extend({ entryUrl: z.string() });
export type StandbyJoined = z.infer<typeof standbyJoinedSchema>;

/** A claim that won: the booking, as POST /api/bookings answers it (a deposit's payment to follow, if a rule asks). */
export const standbyClaimedSchema = bookingCreatedSchema.extend({ payment: paymentStartSchema.optional() });
export type StandbyClaimed = z.infer<typeof standbyClaimedSchema>;

/** An offer as staff see it beside its entry. */
export const staffStandbyOfferSchema = z.object({
  id: z.string(),
  timeSlot: z.string(),
  state: z.enum(STANDBY_OFFER_STATES),
  expiresAt: z.string(),
  offeredBy: z.string().nullable(),
  createdAt: z.string(),
});

/** An entry on the staff's standby list of a service. */
export const staffStandbyEntrySchema = z.object({
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  service: z.enum(SERVICES),
  windowStart: z.string(),
  windowEnd: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  partySize: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(STANDBY_STATUSES),
  source: z.enum(STANDBY_SOURCES),
  changedBy: z.string().nullable(),
  bookingReference: z.string().nullable(),
  joinedAt: z.string(),
  offers: z.array(staffStandbyOfferSchema),
});
export type StaffStandbyEntry = z.infer<typeof staffStandbyEntrySchema>;

/** GET /api/admin/standby?date=: the date's list per service, in the order entries joined, and each cap. */
export const staffStandbyDaySchema = z.object({
  date: z.string(),
  services: z.array(
    z.object({
      service: z.enum(SERVICES),
      /** Guests the list may hold for this service (0: the list is off). */
      capGuests: z.int(),
      /** Guests waiting now. */
      waitingGuests: z.int(),
      entries: z.array(staffStandbyEntrySchema),
    }),
  ),
});
export type StaffStandbyDay = z.infer<typeof staffStandbyDaySchema>;

/** GET /api/admin/standby's query: the date whose lists staff see. */
export const staffStandbyDayQuerySchema = z.object({ date: dateField('date') });

const staffTimeSlot = z.string().regex(TIME_PATTERN, 'timeSlot must be a time (HH:MM).');

/** POST /api/admin/standby/:id/offer: the slot staff offer the entry by hand (a claim link e-mailed). */
export const staffStandbyOfferRequestSchema = z.object(
  { timeSlot: staffTimeSlot },
  { error: 'Please send the offer as a JSON object.' },
);
export type StaffStandbyOfferRequest = z.output<typeof staffStandbyOfferRequestSchema>;

/**
 * POST /api/admin/standby/:id/book: staff book the entry at a slot, past the covers only when they say so, and,
 * where a deposit rule matches, e-mail the guest a link to pay or waive it with a reason (as any staff booking).
 */
export const staffStandbyBookRequestSchema = z.object(
  {
    timeSlot: staffTimeSlot,
    overCapacity: z
      .boolean({ error: 'overCapacity must be true or false.' })
      .nullish()
      .transform((value) => value ?? false),
    deposit: staffDepositChoiceSchema.optional(),
  },
  { error: 'Please send the booking as a JSON object.' },
);
export type StaffStandbyBookRequest = z.output<typeof staffStandbyBookRequestSchema>;
