import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import type { SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { ServiceClosure } from '#shared/booking/schemas.ts';
import { termsFor } from '#shared/deposits/rules.ts';
import type { MailKind } from '#shared/mail/outbox.ts';
import { christmasBookingRow } from '#tests/helpers/christmas.ts';
import { depositRule } from '#tests/helpers/deposit-rules.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import {
  bookingCancelledEmail,
  bookingChangedEmail,
  bookingEmails,
  guestCancelledEmails,
  guestChangedPubNotice,
  serviceClosedApologyEmail,
} from '../booking/emails.ts';
import {
  christmasBookingEmails,
  christmasGuestConfirmation,
  christmasRefundEmail,
} from '../christmas/emails.ts';
import {
  christmasCancelledEmail,
  christmasChangedEmail,
  christmasChangedPubNotice,
  christmasGuestCancelledEmails,
} from '../christmas/manage-emails.ts';
import type { ReservationRow } from '../christmas/store.ts';
import { noShowFeeReceiptEmail, paymentRequestEmail, refundedEmail } from '../deposits/emails.ts';
import { enquiryAcknowledgement, enquiryNotification } from '../enquiries/emails.ts';
import {
  occasionCancelledEmail,
  occasionConfirmationEmail,
  occasionLateRefundEmail,
  occasionPartyChangedEmail,
  occasionPubNotice,
} from '../occasions/emails.ts';
import type { OccasionBookingRow } from '../occasions/organiser-links.ts';
import { dinerReminderEmail, organiserReminderEmail } from '../occasions/pre-order-emails.ts';
import type { DinerRow } from '../occasions/pre-orders.ts';
import { tableReadyEmail } from '../queue/emails.ts';
import { christmasReminderEmail, occasionReminderEmail, tableReminderEmail } from '../reminders/emails.ts';
import { invitationEmail, passwordResetEmail } from '../staff/account-emails.ts';
import {
  standbyGoneEmail,
  standbyJoinedEmail,
  standbyOfferEmail,
  standbyReopenedEmail,
} from '../standby/emails.ts';
import type { StandbyEntryRow } from '../standby/rows.ts';
import { voucherEmail, voucherReceiptEmail } from '../vouchers/emails.ts';
import type { VoucherRow } from '../vouchers/staff-voucher.ts';
import type { MailContext } from './messages.ts';

/*
 * Every e-mail the site sends, rendered as its builder writes it and scanned with axe-core: a layout table
 * without role="presentation", an image without alt text or a document without a language fails here. One
 * entry per mail kind (a new kind does not type-check until it is scanned), each with the letters of that kind.
 */

const { venue } = seedContent;
const PUBLIC_URL = 'https://roseandcrown.example';
const MAIL: MailContext = { venue, pubAddress: 'landlord@example.com' };
const CALENDAR = { publicUrl: PUBLIC_URL, settings: seedContent['booking-settings'] };
const MANAGE_URL = `${PUBLIC_URL}/manage/${'t'.repeat(43)}`;
const CREATED = new Date('2026-11-22T12:00:00.000Z');

/** Saturday 12 December 2026, 7pm, eight guests with something to say in every field. */
const BOOKING = storedBookingFixture({
  reference: 'RC-DEP8K2',
  date: '2026-12-12',
  timeSlot: '19:00',
  name: 'Priya Shah',
  email: 'priya@example.com',
  partyAdults: 6,
  partyChildren: 2,
  partySize: 8,
  hasAccessibilityNeeds: true,
  accessibilityNotes: 'One wheelchair user',
  occasion: 'Birthday',
  occasionNotes: 'Her 40th',
  allergies: 'Coeliac\nNo nuts',
  specialNotes: 'A quiet corner, please',
});
const MOVED = { ...BOOKING, timeSlot: '19:30', partyAdults: 7, partySize: 9, allergies: '' };
const DEPOSIT = termsFor(depositRule({ bookings: 'tables' }), { ...BOOKING, guests: BOOKING.partySize });
const GUARANTEE = termsFor(depositRule({ bookings: 'tables', kind: 'guarantee', perPersonPence: 1500 }), {
  ...BOOKING,
  guests: BOOKING.partySize,
});
const PAID = { terms: DEPOSIT, state: 'paid', paidPence: 8000 } as const;
const CLOSURE: ServiceClosure = { _id: 'c1', date: BOOKING.date, service: 'dinner', reason: 'A burst pipe' };

const CHRISTMAS = { ...MAIL, season: seedSeason, publicUrl: PUBLIC_URL };
const XMAS = christmasBookingRow({ allergies: 'No shellfish', specialNotes: 'A high chair, please' });
const XMAS_BY_PHONE = christmasBookingRow({ reference: 'XMAS-PHON', source: 'phone', depositPaidPence: 0 });
const RESERVATION: ReservationRow = {
  id: '0f5b1f2e-6d1c-4f0e-9a55-3a2d1c0b9e8f',
  pid: 'p'.repeat(32),
  state: 'CANCELLED',
  sittingId: 'xmas-early',
  name: XMAS.name,
  email: XMAS.email,
  phone: XMAS.phone,
  partyAdults: 2,
  partyChildren: 1,
  selections: XMAS.selections,
  allergies: '',
  occasionNotes: '',
  specialNotes: '',
  totalPence: 24000,
  depositPence: 7500,
  utmSource: null,
  holderIp: null,
  expiresAt: CREATED,
  stripeSessionId: 'cs_test_late',
  paymentIntentId: 'pi_test_late',
  amountPaidPence: 7500,
  cancelReason: 'unseatable',
  refundId: 're_test_late',
  bookingId: null,
  createdAt: CREATED,
  updatedAt: CREATED,
};

const [PARTY_NIGHTS] = seedContent.occasions.occasions;
if (!PARTY_NIGHTS) throw new Error('The seeded occasions have no party nights');
/** A party night for ten, its deposit paid online: Friday 11 December 2026, dinner. */
const OCCASION: OccasionBookingRow = {
  id: '7c0d3f1a-2b4e-4c6d-8e9f-0a1b2c3d4e5f',
  reference: 'OC-7KQ2M9',
  occasionSlug: PARTY_NIGHTS.slug,
  occasionName: PARTY_NIGHTS.name,
  date: '2026-12-11',
  sittingId: 'dinner',
  sittingLabel: 'Dinner',
  status: 'CONFIRMED',
  pid: 'q'.repeat(32),
  holdExpiresAt: null,
  name: 'Helen Marsh',
  email: 'helen@example.com',
  phone: '07700 900321',
  partyAdults: 10,
  partyChildren: 0,
  partySize: 10,
  notes: 'The office party',
  allergies: 'One guest is coeliac',
  occasionNotes: 'The team’s year end',
  totalPence: 38000,
  paymentKind: 'deposit',
  amountDuePence: 10000,
  paidPence: 10000,
  paymentMethod: null,
  stripeSessionId: 'cs_test_party',
  paymentIntentId: 'pi_test_party',
  refundPence: null,
  refundId: null,
  tillRefundPence: null,
  cancelledBy: null,
  cancelReason: null,
  source: 'online',
  madeBy: null,
  changedBy: null,
  utmSource: null,
  holderIp: null,
  dinerToken: 'd'.repeat(43),
  lockedAt: null,
  remindedAt: null,
  visitRemindedAt: null,
  comingConfirmedAt: null,
  anonymisedAt: null,
  createdAt: CREATED,
  updatedAt: CREATED,
};
/** A diner who chose a starter only, and gave an e-mail for the reminder. */
const DINER: DinerRow = {
  id: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b',
  bookingId: OCCASION.id,
  name: 'Sam Okafor',
  email: 'sam@example.com',
  choices: { starter: 'winter-soup' },
  allergies: 'No nuts',
  chosenBy: 'diner',
  defaultedCourses: [],
  remindedAt: null,
  createdAt: CREATED,
  updatedAt: CREATED,
};
const SITTING = { start: new Date('2026-12-11T19:00:00Z'), end: new Date('2026-12-11T22:30:00Z') };
const PRE_ORDER_DEADLINE = new Date('2026-12-01T23:59:00Z');

const STANDBY: StandbyEntryRow = {
  id: '9b8a7f6e-5d4c-4b3a-8f1e-0d9c8b7a6f5e',
  reference: 'SB-4XK9P2',
  date: '2026-12-12',
  service: 'dinner',
  windowStart: '18:30',
  windowEnd: '20:30',
  partyAdults: 2,
  partyChildren: 1,
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '07700 900654',
  status: 'WAITING',
  source: 'online',
  tokenHash: 'h'.repeat(64),
  bookingId: null,
  changedBy: null,
  createdAt: CREATED,
  updatedAt: CREATED,
};
const OFFER = { timeSlot: '19:15', expiresAt: new Date('2026-12-12T17:45:00Z') };

const VOUCHERS = { venue, terms: seedContent.vouchers.terms, publicUrl: PUBLIC_URL };
/** A £50 voucher Tom bought for Anna, with a message, e-mailed to her on her birthday. */
const VOUCHER: VoucherRow = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  code: 'K7QM2XPA9RTB4WCE',
  kind: 'sold',
  status: 'ACTIVE',
  amountPence: 5000,
  balancePence: 5000,
  buyerName: 'Tom Adeyemi',
  buyerEmail: 'tom@example.com',
  recipientName: 'Anna Berg',
  recipientEmail: 'anna@example.com',
  message: 'Happy birthday! Dinner is on me.',
  deliverTo: 'recipient',
  deliverOn: '2026-12-20',
  deliveredAt: null,
  expiresOn: '2027-12-20',
  pid: 'v'.repeat(32),
  stripeSessionId: 'cs_test_voucher',
  paymentIntentId: 'pi_test_voucher',
  paidPence: 5000,
  refundId: null,
  issuedBy: null,
  anonymisedAt: null,
  createdAt: CREATED,
  updatedAt: CREATED,
};
/** The same voucher for Tom to give Anna himself, delivered with his receipt. */
const VOUCHER_TO_GIVE: VoucherRow = { ...VOUCHER, deliverTo: 'buyer', deliverOn: '2026-11-22', message: '' };
const TODAY = '2026-11-22';
/** The QR code's PNG, as the message attaches it; the scan never loads it. */
const QR_PNG = Buffer.from('not a real png').toString('base64');

const ENQUIRY = {
  _id: 'e1',
  reference: 'EQ-3PL8XN',
  name: 'Grace Hall',
  email: 'grace@example.com',
  phone: '07700 900987',
  preferredDate: '2027-01-16',
  preferredTime: '19:00',
  partySize: 24,
  notes: 'A retirement party\nwith speeches',
  status: 'NEW' as const,
  createdAt: CREATED.toISOString(),
  updatedAt: CREATED.toISOString(),
};

const NEW_STAFF = { name: 'Jo Park', email: 'jo@example.com' };

/** Every mail kind's letters, with HTML; the walk-in queue's text message has none. */
const LETTERS: Record<Exclude<MailKind, 'queue-table-ready-sms'>, () => SendMailOptions[]> = {
  'table-booking': () => [
    ...bookingEmails(BOOKING, MAIL, CALENDAR, MANAGE_URL, `${PUBLIC_URL}/unsubscribe/${'u'.repeat(43)}`),
    ...bookingEmails(BOOKING, MAIL, CALENDAR, MANAGE_URL, undefined, PAID),
  ],
  'table-booking-change': () => [
    bookingChangedEmail(MOVED, venue, CALENDAR, MANAGE_URL, true, PAID),
    guestChangedPubNotice(BOOKING, MOVED, MAIL),
  ],
  'table-booking-cancelled': () => [bookingCancelledEmail(BOOKING, venue, CALENDAR)],
  'table-booking-apology': () => [serviceClosedApologyEmail(BOOKING, CLOSURE, venue, CALENDAR)],
  'table-booking-guest-cancelled': () => guestCancelledEmails(BOOKING, MAIL, CALENDAR),
  'table-booking-reminder': () => [tableReminderEmail(BOOKING, venue, MANAGE_URL, CALENDAR)],
  'deposit-request': () => [
    paymentRequestEmail(BOOKING, DEPOSIT, venue, MANAGE_URL, new Date('2026-11-22T13:00:00Z')),
    paymentRequestEmail(BOOKING, GUARANTEE, venue, MANAGE_URL, new Date('2026-11-22T13:00:00Z')),
  ],
  'deposit-refund': () => [
    refundedEmail(BOOKING, { of: 'deposit', pence: 8000 }, venue),
    refundedEmail(BOOKING, { of: 'change', pence: 1000 }, venue),
  ],
  'no-show-fee': () => [noShowFeeReceiptEmail(BOOKING, 6000, venue)],
  'christmas-booking': () => christmasBookingEmails(XMAS, CHRISTMAS, MANAGE_URL),
  'christmas-phone-booking': () => [christmasGuestConfirmation(XMAS_BY_PHONE, CHRISTMAS, MANAGE_URL)],
  'christmas-refund': () => [christmasRefundEmail(RESERVATION, venue)],
  'christmas-change': () => [
    christmasChangedEmail(XMAS, CHRISTMAS, MANAGE_URL),
    christmasChangedPubNotice(christmasBookingRow(), XMAS, CHRISTMAS),
  ],
  'christmas-staff-change': () => [christmasChangedEmail(XMAS_BY_PHONE, CHRISTMAS, MANAGE_URL, 'staff')],
  'christmas-guest-cancelled': () => christmasGuestCancelledEmails({ ...XMAS, refundPence: 7500 }, CHRISTMAS),
  'christmas-cancelled': () => [christmasCancelledEmail(XMAS, CHRISTMAS)],
  'christmas-reminder': () => [christmasReminderEmail(XMAS, CHRISTMAS, MANAGE_URL)],
  'occasion-pre-order-reminder': () => [
    organiserReminderEmail(OCCASION, {
      occasion: PARTY_NIGHTS,
      diners: [DINER],
      venue,
      deadline: PRE_ORDER_DEADLINE,
      dinerUrl: `${PUBLIC_URL}/occasions/diners/${OCCASION.dinerToken}`,
      organiserUrl: MANAGE_URL,
    }),
  ],
  'occasion-diner-reminder': () => [
    dinerReminderEmail(OCCASION, DINER, { occasion: PARTY_NIGHTS, venue, deadline: PRE_ORDER_DEADLINE }),
  ],
  'occasion-booking': () => [
    occasionConfirmationEmail(
      OCCASION,
      { venue, occasion: PARTY_NIGHTS, publicUrl: PUBLIC_URL },
      'o'.repeat(43),
      CREATED,
    ),
    occasionPubNotice(OCCASION, MAIL),
  ],
  'occasion-refund': () => [occasionLateRefundEmail(OCCASION, venue)],
  'occasion-cancelled': () => [occasionCancelledEmail({ ...OCCASION, refundPence: 10000 }, venue)],
  'occasion-changed': () => [occasionPartyChangedEmail(OCCASION, { venue, occasion: PARTY_NIGHTS }, 350)],
  'occasion-reminder': () => [
    occasionReminderEmail(
      OCCASION,
      { venue, publicUrl: PUBLIC_URL, occasion: PARTY_NIGHTS, sitting: SITTING, supplements: 350 },
      MANAGE_URL,
    ),
  ],
  'standby-joined': () => [standbyJoinedEmail(STANDBY, venue, MANAGE_URL)],
  'standby-offer': () => [standbyOfferEmail(STANDBY, OFFER, venue, { url: MANAGE_URL, minutes: 20 })],
  'standby-gone': () => [standbyGoneEmail(STANDBY, OFFER, venue)],
  'standby-reopened': () => [standbyReopenedEmail(STANDBY, OFFER, venue)],
  'queue-table-ready': () => [tableReadyEmail(venue, { name: 'Ann Lee', email: 'ann@example.com' })],
  voucher: () => [voucherEmail(VOUCHER, VOUCHERS, QR_PNG), voucherEmail(VOUCHER_TO_GIVE, VOUCHERS, QR_PNG)],
  'voucher-receipt': () => [
    voucherReceiptEmail(VOUCHER, VOUCHERS, TODAY, null),
    voucherReceiptEmail(VOUCHER_TO_GIVE, VOUCHERS, TODAY, QR_PNG),
  ],
  enquiry: () => [enquiryNotification(ENQUIRY, MAIL)],
  'enquiry-ack': () => [enquiryAcknowledgement(ENQUIRY, venue)],
  'staff-invitation': () => [
    invitationEmail({
      venue,
      to: NEW_STAFF,
      role: 'manager',
      invitedBy: { name: 'Owner', email: 'owner@example.com' },
      url: MANAGE_URL,
    }),
  ],
  'staff-password-reset': () => [passwordResetEmail({ venue, to: NEW_STAFF, url: MANAGE_URL })],
};

/**
 * jsdom lays nothing out, so colour contrast is left to the palette (mail/layout.ts); an e-mail is one document
 * without landmarks, which mail clients drop.
 */
const rules = {
  'color-contrast': { enabled: false },
  region: { enabled: false },
  'landmark-one-main': { enabled: false },
};

/**
 * axe-core's violations in a letter's HTML, one line each with the elements at fault, and any rule that could not
 * run in jsdom (so none is skipped unseen).
 */
async function violationsOf(mail: SendMailOptions): Promise<string[]> {
  const dom = new JSDOM(String(mail.html), { runScripts: 'outside-only' });
  try {
    // Nothing is laid out, so nothing lies at any point (jsdom has no elementsFromPoint): no dialog covers the
    // letter when axe looks for its level-one heading.
    dom.window.document.elementsFromPoint = () => [];
    dom.window.eval(axe.source);
    const inPage = (dom.window as unknown as { axe: typeof axe }).axe;
    const results = await inPage.run(dom.window.document, { rules });
    const line = (result: axe.Result) =>
      `${mail.subject}: ${result.id}: ${result.help} (${result.nodes.map((node) => node.target.join(' ')).join(', ')})`;
    // A table in a letter lays it out, and says so: axe cannot tell a layout table from data.
    const dataTables = dom.window.document.querySelectorAll('table:not([role="presentation"])').length;
    return [
      ...results.violations.map(line),
      ...results.incomplete
        .filter((result) => 'error' in result)
        .map((result) => `${line(result)} could not run`),
      ...(dataTables > 0 ? [`${mail.subject}: ${dataTables} table(s) without role="presentation"`] : []),
    ];
  } finally {
    dom.window.close();
  }
}

describe('the HTML of every e-mail', () => {
  it.each(Object.entries(LETTERS))('has no axe violations: %s', async (_kind, letters) => {
    const mails = letters();
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.html, String(mail.subject)).toEqual(expect.stringContaining('<html lang="en-GB">'));
      expect(await violationsOf(mail)).toEqual([]);
    }
  });
});
