import { z } from 'zod';
import { SERVICES } from '../booking/rules.ts';
import { BOOKING_SOURCES, BOOKING_STATUSES } from '../booking/status.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '../christmas/manage.ts';
import { RESERVATION_STATES } from '../christmas/reservation.ts';
import { CHRISTMAS_BOOKING_SOURCES, CHRISTMAS_BOOKING_STATUSES } from '../christmas/status.ts';
import { FEE_STATES, PAYMENT_STATES, REFUND_STATES } from '../deposits/payment.ts';
import { DEPOSIT_KINDS } from '../deposits/rule-schemas.ts';
import { ENQUIRY_STATUSES } from '../enquiries/status.ts';
import { MAIL_KINDS, OUTBOX_STATUSES } from '../mail/outbox.ts';
import { STAFF_PAYMENT_METHODS } from '../money/taken-by-staff.ts';
import { DINER_CHOSEN_BY, OCCASION_BOOKING_SOURCES, OCCASION_BOOKING_STATUSES } from '../occasions/api.ts';
import { QUEUE_STATUSES } from '../queue/status.ts';
import { plainText, tooLongMessage } from '../schema/fields.ts';
import { STANDBY_OFFER_STATES, STANDBY_SOURCES, STANDBY_STATUSES } from '../standby/status.ts';
import { VOUCHER_DELIVERY, VOUCHER_KINDS, VOUCHER_STATUSES } from '../vouchers/status.ts';
import { GUEST_DATA_MESSAGES, parseGuestQuery, UPCOMING_CHOICES } from './guest-query.ts';

/** The guests' data API's shapes (issue 19). Zod stays out of the browser: the web imports these types only. */

/** The longest e-mail address there is; a phone number is far shorter. */
const GUEST_QUERY_MAX_LENGTH = 320;

const guestQueryField = plainText(
  z
    .string({ error: GUEST_DATA_MESSAGES.wrongQuery })
    .max(GUEST_QUERY_MAX_LENGTH, tooLongMessage(GUEST_DATA_MESSAGES.searchLabel, GUEST_QUERY_MAX_LENGTH)),
  GUEST_DATA_MESSAGES.searchLabel,
).transform((text, context) => {
  const query = parseGuestQuery(text);
  if (!query) context.addIssue({ code: 'custom', message: GUEST_DATA_MESSAGES.wrongQuery });
  return query ?? z.NEVER;
});

/** The query of GET /api/admin/guests and /export. */
export const guestSearchQuerySchema = z.object({ q: guestQueryField });
/**
 * The body of POST /api/admin/guests/erase. `upcoming` is required when the person has upcoming bookings
 * (issue 26); `deposit` when one of those is a Christmas booking with a deposit and they are cancelled.
 */
export const guestEraseRequestSchema = z.object(
  {
    q: guestQueryField,
    upcoming: z
      .enum(UPCOMING_CHOICES, { error: GUEST_DATA_MESSAGES.wrongUpcomingChoice })
      .nullish()
      .transform((value) => value ?? null),
    deposit: z
      .enum(['refund', 'keep'], { error: CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice })
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: GUEST_DATA_MESSAGES.wrongQuery },
);
export type GuestEraseRequest = z.output<typeof guestEraseRequestSchema>;
export type GuestEraseRequestInput = z.input<typeof guestEraseRequestSchema>;

const instant = z.string();

/**
 * A table booking's deposit or card guarantee (issue 29): what its terms asked, what was taken, refunded, kept or
 * charged, and why staff kept, charged or waived it. The card itself is Stripe's: nothing of it is held here.
 */
export const guestTablePaymentSchema = z.object({
  kind: z.enum(DEPOSIT_KINDS),
  state: z.enum(PAYMENT_STATES),
  /** The terms' headline as the guest was shown it: "£80.00 deposit". */
  terms: z.string(),
  paidPence: z.int(),
  refund: z.object({ pence: z.int(), state: z.enum(REFUND_STATES) }).nullable(),
  kept: z.object({ reason: z.string() }).nullable(),
  fee: z.object({ pence: z.int(), state: z.enum(FEE_STATES), reason: z.string() }).nullable(),
  waived: z.object({ reason: z.string() }).nullable(),
  createdAt: instant,
});
export type GuestTablePayment = z.infer<typeof guestTablePaymentSchema>;

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
  /** The night itself as staff marked it (issue 28): when the party came, sat down, left, or never came. */
  arrivedAt: instant.nullable(),
  seatedAt: instant.nullable(),
  leftAt: instant.nullable(),
  noShowAt: instant.nullable(),
  /** Reminder sent: when the e-mail reminding them of the visit went (issue 18); null until it has. */
  remindedAt: instant.nullable(),
  /** Said they were coming: when they answered the reminder "Yes, we're coming"; null if they have not. */
  comingConfirmedAt: instant.nullable(),
  /** Cancelled: when it was cancelled, by them or the pub; null while it stands. */
  cancelledAt: instant.nullable(),
  /** The tables it was given (tables mode), by their names; absent in covers mode. */
  tables: z.array(z.string()).optional(),
  /** Its deposit or card guarantee; null (or absent) when no rule asked for one. */
  payment: guestTablePaymentSchema.nullable().optional(),
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
  depositMethod: z.enum(STAFF_PAYMENT_METHODS).nullable(),
  /** Reminder sent: when the e-mail reminding them of Christmas Day went (issue 18); null until it has. */
  remindedAt: instant.nullable(),
  /** Said they were coming: when they answered the reminder "Yes, we're coming"; null if they have not. */
  comingConfirmedAt: instant.nullable(),
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

/** An occasion booking the person made as its organiser (issue 30); its diners are others, shown by number. */
export const guestOccasionBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  occasionName: z.string(),
  date: z.string(),
  sittingLabel: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  status: z.enum(OCCASION_BOOKING_STATUSES),
  source: z.enum(OCCASION_BOOKING_SOURCES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  /** The party's allergies and what it celebrated, as they gave them at booking. */
  allergies: z.string(),
  occasionNotes: z.string(),
  totalPence: z.int(),
  paidPence: z.int(),
  /** How staff took a phone booking's payment. */
  paymentMethod: z.enum(STAFF_PAYMENT_METHODS).nullable(),
  refundPence: z.int().nullable(),
  /** What staff gave back at the till of a phone booking's payment once cancelled: 0 when kept, null unrecorded. */
  tillRefundPence: z.int().nullable(),
  /** The address the checkout came from. */
  holderIp: z.string().nullable(),
  diners: z.int(),
  /** Pre-order reminder sent: when the e-mail asking for the party's dish choices went; null until it has. */
  preOrderRemindedAt: instant.nullable(),
  /** Reminder sent: when the e-mail reminding them of the visit went; null until it has. */
  visitRemindedAt: instant.nullable(),
  /** Said they were coming: when they answered the visit's reminder "Yes, we're coming"; null if they have not. */
  comingConfirmedAt: instant.nullable(),
  createdAt: instant,
  anonymisedAt: instant.nullable(),
});

/** The person as a diner of someone's party (found by the e-mail they gave for the reminder): their own choices. */
export const guestOccasionDinerSchema = z.object({
  id: z.string(),
  reference: z.string(),
  occasionName: z.string(),
  date: z.string(),
  name: z.string(),
  email: z.string(),
  choices: z.record(z.string(), z.string()),
  allergies: z.string(),
  chosenBy: z.enum(DINER_CHOSEN_BY),
  createdAt: instant,
});

/** A freed place offered to the person's standby entry (issue 31): the slot, and what became of the offer. */
export const guestStandbyOfferSchema = z.object({
  timeSlot: z.string(),
  state: z.enum(STANDBY_OFFER_STATES),
  expiresAt: instant,
  createdAt: instant,
});

/** The person on the standby list of a full service (issue 31), with the places offered to them. */
export const guestStandbyEntrySchema = z.object({
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  service: z.enum(SERVICES),
  windowStart: z.string(),
  windowEnd: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  status: z.enum(STANDBY_STATUSES),
  source: z.enum(STANDBY_SOURCES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The booking a claim or staff made of it. */
  bookingReference: z.string().nullable(),
  offers: z.array(guestStandbyOfferSchema),
  createdAt: instant,
});

/** The person's party in a night's walk-in queue (issue 31); seated, it lives on as its walk-in booking. */
export const guestQueuePartySchema = z.object({
  id: z.string(),
  date: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  status: z.enum(QUEUE_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  notifiedAt: instant.nullable(),
  bookingReference: z.string().nullable(),
  createdAt: instant,
});

/**
 * A gift voucher the person bought or was given (issue 33): its code only by its last characters. Erasure and
 * retention anonymise it; the money (amount, balance) stays.
 */
export const guestVoucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  status: z.enum(VOUCHER_STATUSES),
  amountPence: z.int(),
  balancePence: z.int(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  deliverTo: z.enum(VOUCHER_DELIVERY),
  deliverOn: z.string(),
  deliveredAt: instant.nullable(),
  expiresOn: z.string(),
  createdAt: instant,
});

/** The profile staff keep on the person (issue 32): their tags, the staff note and the numbers confirmed as theirs. */
export const guestProfileRowSchema = z.object({
  email: z.string(),
  confirmedPhones: z.array(z.string()),
  tags: z.array(z.string()),
  note: z.string(),
  noteBy: z.string().nullable(),
  noteAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
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
  /** A cancellation an erasure queued: deleted once it is sent (issue 26). */
  erasedWhenSent: z.boolean(),
});

/**
 * A booking of the person's still to come (not cancelled, today or later in London): a table booking, or a
 * Christmas booking, dated by the Christmas Day it is for. `time` is a table's slot ("19:00") or the sitting.
 */
export const guestUpcomingBookingSchema = z.object({
  kind: z.enum(['table', 'christmas', 'occasion']),
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  time: z.string(),
  partySize: z.int(),
  depositPaidPence: z.int(),
});
export type GuestUpcomingBooking = z.infer<typeof guestUpcomingBookingSchema>;

/** An erasure staff asked for after the person's visits (issue 26): it holds the search until it is done. */
export const guestScheduledErasureSchema = z.object({
  query: z.string(),
  dueOn: z.string(),
  requestedAt: instant,
});

/** Everything held about one person: GET /api/admin/guests answers it, and the export is this as a file. */
export const guestDataSchema = z.object({
  query: z.string(),
  bookings: z.array(guestTableBookingSchema),
  christmasBookings: z.array(guestChristmasBookingSchema),
  christmasReservations: z.array(guestChristmasReservationSchema),
  occasionBookings: z.array(guestOccasionBookingSchema),
  occasionDiners: z.array(guestOccasionDinerSchema),
  standbyEntries: z.array(guestStandbyEntrySchema),
  queueParties: z.array(guestQueuePartySchema),
  guestProfiles: z.array(guestProfileRowSchema),
  vouchers: z.array(guestVoucherSchema),
  enquiries: z.array(guestEnquirySchema),
  marketingConsents: z.array(guestConsentSchema),
  emails: z.array(guestEmailSchema),
  scheduledErasures: z.array(guestScheduledErasureSchema),
  /** Of the bookings above, those still to come: what an erasure must cancel or wait for. */
  upcomingBookings: z.array(guestUpcomingBookingSchema),
});
export type GuestData = z.infer<typeof guestDataSchema>;

export const guestDataExportSchema = guestDataSchema.extend({ exportedAt: instant });
export type GuestDataExport = z.infer<typeof guestDataExportSchema>;

/**
 * What an erasure changed: how many of each were anonymised or deleted. Standby entries (their offers with them)
 * and queue parties are deleted, not anonymised: they are not bookings, and a booking made of one stays as such;
 * so is the profile staff kept on the guest.
 */
export const guestErasureSchema = z.object({
  bookingsAnonymised: z.int(),
  christmasBookingsAnonymised: z.int(),
  christmasReservationsAnonymised: z.int(),
  occasionBookingsAnonymised: z.int(),
  occasionDinersAnonymised: z.int(),
  enquiriesAnonymised: z.int(),
  standbyEntriesDeleted: z.int(),
  standbyOffersDeleted: z.int(),
  queuePartiesDeleted: z.int(),
  /** The profile staff kept on them (issue 32), its tags and note with it. */
  profilesDeleted: z.int(),
  /** Gift vouchers they bought or were given (issue 33): their people blanked, their money kept. */
  vouchersAnonymised: z.int(),
  marketingConsentsDeleted: z.int(),
  emailsDeleted: z.int(),
  manageLinksDeleted: z.int(),
  /** The organiser's personal links to their occasion bookings. */
  organiserLinksDeleted: z.int(),
  storedAnswersDeleted: z.int(),
  scheduledErasuresDeleted: z.int(),
});
export type GuestErasure = z.infer<typeof guestErasureSchema>;

/** The erase API's answer: erased now (after cancelling any upcoming bookings), or scheduled for `dueOn`. */
export const guestEraseAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('erased'), bookingsCancelled: z.int(), erasure: guestErasureSchema }),
  z.object({ outcome: z.literal('scheduled'), dueOn: z.string() }),
]);
export type GuestEraseAnswer = z.infer<typeof guestEraseAnswerSchema>;
