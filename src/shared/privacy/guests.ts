import { z } from 'zod';
import { BOOKING_SOURCES, BOOKING_STATUSES } from '../booking/status.ts';
import { RESERVATION_STATES } from '../christmas/reservation.ts';
import { CHRISTMAS_BOOKING_SOURCES, CHRISTMAS_BOOKING_STATUSES } from '../christmas/status.ts';
import { ENQUIRY_STATUSES } from '../enquiries/status.ts';
import { MAIL_KINDS, OUTBOX_STATUSES } from '../mail/outbox.ts';
import { GUEST_DATA_MESSAGES, parseGuestQuery } from './guest-query.ts';

/** The guests' data API's shapes (issue 19). Zod stays out of the browser: the web imports these types only. */

const guestQueryField = z.string({ error: GUEST_DATA_MESSAGES.wrongQuery }).transform((text, context) => {
  const query = parseGuestQuery(text);
  if (!query) context.addIssue({ code: 'custom', message: GUEST_DATA_MESSAGES.wrongQuery });
  return query ?? z.NEVER;
});

/** The query of GET /api/admin/guests and /export. */
export const guestSearchQuerySchema = z.object({ q: guestQueryField });
/** The body of POST /api/admin/guests/erase. */
export const guestEraseRequestSchema = z.object(
  { q: guestQueryField },
  { error: GUEST_DATA_MESSAGES.wrongQuery },
);

const instant = z.string();

export const guestTableBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  timeSlot: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  eventSlug: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  hasAccessibilityNeeds: z.boolean(),
  accessibilityNotes: z.string(),
  occasion: z.string(),
  occasionNotes: z.string(),
  allergies: z.string(),
  specialNotes: z.string(),
  createdAt: instant,
  anonymisedAt: instant.nullable(),
});

export const guestChristmasBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  sittingLabel: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  status: z.enum(CHRISTMAS_BOOKING_STATUSES),
  source: z.enum(CHRISTMAS_BOOKING_SOURCES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  selections: z.unknown(),
  allergies: z.string(),
  occasionNotes: z.string(),
  specialNotes: z.string(),
  totalPence: z.int(),
  depositPaidPence: z.int(),
  createdAt: instant,
  anonymisedAt: instant.nullable(),
});

export const guestChristmasReservationSchema = z.object({
  id: z.string(),
  state: z.enum(RESERVATION_STATES),
  sittingId: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  selections: z.unknown(),
  allergies: z.string(),
  occasionNotes: z.string(),
  specialNotes: z.string(),
  depositPence: z.int(),
  amountPaidPence: z.int().nullable(),
  /** The address the checkout came from. */
  holderIp: z.string().nullable(),
  createdAt: instant,
});

export const guestEnquirySchema = z.object({
  id: z.string(),
  reference: z.string(),
  preferredDate: z.string(),
  preferredTime: z.string(),
  partySize: z.int(),
  status: z.enum(ENQUIRY_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  createdAt: instant,
  anonymisedAt: instant.nullable(),
});

export const guestConsentSchema = z.object({
  email: z.string(),
  name: z.string(),
  source: z.string(),
  wording: z.string(),
  givenAt: instant,
  withdrawnAt: instant.nullable(),
});

/** An e-mail the site sent (or will send) to the guest or about them: never its body. */
export const guestEmailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  reference: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  createdAt: instant,
  sentAt: instant.nullable(),
});

/** Everything held about one person: GET /api/admin/guests answers it, and the export is this as a file. */
export const guestDataSchema = z.object({
  query: z.string(),
  bookings: z.array(guestTableBookingSchema),
  christmasBookings: z.array(guestChristmasBookingSchema),
  christmasReservations: z.array(guestChristmasReservationSchema),
  enquiries: z.array(guestEnquirySchema),
  marketingConsents: z.array(guestConsentSchema),
  emails: z.array(guestEmailSchema),
});
export type GuestData = z.infer<typeof guestDataSchema>;

export const guestDataExportSchema = guestDataSchema.extend({ exportedAt: instant });
export type GuestDataExport = z.infer<typeof guestDataExportSchema>;

/** What an erasure changed: how many of each were anonymised or deleted. */
export const guestErasureSchema = z.object({
  bookingsAnonymised: z.int(),
  christmasBookingsAnonymised: z.int(),
  christmasReservationsAnonymised: z.int(),
  enquiriesAnonymised: z.int(),
  marketingConsentsDeleted: z.int(),
  emailsDeleted: z.int(),
  manageLinksDeleted: z.int(),
  storedAnswersDeleted: z.int(),
});
export type GuestErasure = z.infer<typeof guestErasureSchema>;
