import type { SendMailOptions } from 'nodemailer';
import { partyText } from '#shared/booking/party.ts';
import { balanceDuePence } from '#shared/christmas/amounts.ts';
import { preOrderByCourse } from '#shared/christmas/courses.ts';
import { depositTakenByStaff } from '#shared/christmas/deposit.ts';
import { CHRISTMAS_MANAGE_MESSAGES } from '#shared/christmas/manage.ts';
import type { ChristmasSelections } from '#shared/christmas/schemas.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import { christmasBookingCalendarAttachment } from '../calendar/booking-calendar.ts';
import {
  changedRows,
  changePart,
  detailsPart,
  guestLetter,
  type LetterPart,
  managePart,
  paragraphPart,
  pubNotice,
  pubNoticeSubject,
} from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';
import { type ChristmasMailContext, christmasGuestRows, orderRows } from './emails.ts';
import type { ChristmasBookingRow } from './store.ts';

type GuestContext = Pick<ChristmasMailContext, 'venue' | 'season' | 'publicUrl'>;

/** "XMAS-ABCD (12pm–2pm, 2 adults and 1 child)" */
function bookingText(booking: ChristmasBookingRow): string {
  return (
    `${booking.reference} (${booking.sittingLabel}, ` +
    `${partyText(booking.partyAdults, booking.partyChildren)})`
  );
}

/**
 * What became of the deposit of a cancelled booking: refunded, settled with the pub (one staff took), kept as the
 * terms say, or none was paid.
 */
function depositParts(booking: ChristmasBookingRow, venue: Venue): LetterPart[] {
  if (booking.refundPence !== null) {
    return [paragraphPart(CHRISTMAS_MANAGE_MESSAGES.refundLine(booking.refundPence))];
  }
  if (depositTakenByStaff(booking)) {
    return [paragraphPart(CHRISTMAS_MANAGE_MESSAGES.depositSettled(booking.depositPaidPence, venue.phone))];
  }
  if (booking.depositPaidPence > 0) {
    return [paragraphPart(CHRISTMAS_MANAGE_MESSAGES.keptLine(booking.depositPaidPence))];
  }
  return [];
}

/** The words of a changed order: one the guest changed from their page, or one staff changed as they asked. */
const CHANGED_WORDS = {
  guest: {
    subject: (pub: string) => `Your Christmas Day order at ${pub} has changed`,
    kicker: 'Christmas Day order changed',
    title: 'Your order has changed',
    lead: 'Your Christmas Day order is changed.',
    call: 'To change your numbers, call us on',
  },
  staff: {
    subject: (pub: string) => `We have changed your Christmas Day booking at ${pub}`,
    kicker: 'Christmas Day booking changed',
    title: 'Your booking has changed',
    lead: 'As you asked, we have changed your Christmas Day booking.',
    call: 'To change anything else, call us on',
  },
} as const;

/**
 * To a guest whose order changed, by their own hand from its page or by staff as they asked on the phone: the
 * order as it stands now, with a fresh link.
 */
export function christmasChangedEmail(
  booking: ChristmasBookingRow,
  { venue, season, publicUrl }: GuestContext,
  manageUrl: string,
  changedBy: keyof typeof CHANGED_WORDS = 'guest',
): SendMailOptions {
  const words = CHANGED_WORDS[changedBy];
  const letter = guestLetter(venue, booking, {
    subject: `${words.subject(venue.name)} — ${booking.reference}`,
    kicker: words.kicker,
    preheader: `${words.lead} This is how it stands now.`,
    title: words.title,
    parts: [
      paragraphPart(`${words.lead} This is how it stands now:`),
      detailsPart(orderRows(booking, season)),
      managePart(manageUrl),
      changePart(words.call, booking.reference, venue),
    ],
    signOff: 'Merry Christmas',
  });
  return {
    ...letter,
    attachments: [christmasBookingCalendarAttachment(booking, venue, { season, publicUrl, manageUrl })],
  };
}

/** What a guest may change of their order from its page, as the pub reads it: each course, notes, the balance. */
function guestChangeableRows(booking: ChristmasBookingRow, season: GuestContext['season']): Row[] {
  return [
    ...preOrderByCourse(booking.selections as ChristmasSelections, season),
    ['Allergies', booking.allergies],
    ['Occasion notes', booking.occasionNotes],
    ['Special notes', booking.specialNotes],
    ['Balance due', formatMoney(balanceDuePence(booking))],
  ];
}

/** To the pub when a guest changed their own order from its page (issue 26): what changed, then the order. */
export function christmasChangedPubNotice(
  before: ChristmasBookingRow,
  after: ChristmasBookingRow,
  { venue, season, pubAddress }: ChristmasMailContext,
): SendMailOptions {
  return pubNotice({ venue, pubAddress }, after, {
    subject: pubNoticeSubject('Order changed by the guest', after, `Christmas Day ${after.sittingLabel}`),
    kicker: 'Christmas order changed',
    title: 'Order changed by the guest',
    summary: 'The guest changed their Christmas Day order from their confirmation link.',
    textSummary: 'Christmas Day order changed by the guest from their confirmation link.',
    changes: changedRows(guestChangeableRows(before, season), guestChangeableRows(after, season)),
    rows: [
      ...christmasGuestRows(after),
      ['Party', partyText(after.partyAdults, after.partyChildren)],
      ...guestChangeableRows(after, season).map(([label, value]): Row => [label, value || '—']),
    ],
  });
}

/** The cancelled booking as a calendar cancellation (METHOD:CANCEL), so the guest's calendar drops it. */
function withCancellation(letter: SendMailOptions, booking: ChristmasBookingRow, context: GuestContext) {
  const { venue, season, publicUrl } = context;
  return {
    ...letter,
    attachments: [christmasBookingCalendarAttachment(booking, venue, { season, publicUrl })],
  };
}

/** To a guest who cancelled their own Christmas booking from its page, and to the pub (issue 18). */
export function christmasGuestCancelledEmails(
  booking: ChristmasBookingRow,
  mail: ChristmasMailContext,
): SendMailOptions[] {
  const { venue } = mail;
  const guest = guestLetter(venue, booking, {
    subject: `You have cancelled your Christmas Day booking at ${venue.name} — ${booking.reference}`,
    kicker: 'Christmas Day cancelled',
    preheader: `Your Christmas Day booking ${booking.reference} is cancelled.`,
    title: 'Your booking is cancelled',
    parts: [
      paragraphPart(
        `As you asked, your Christmas Day booking ${bookingText(booking)} is cancelled. ` +
          'Thank you for letting us know.',
      ),
      ...depositParts(booking, venue),
      changePart('If this is a mistake, call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
  const deposit =
    booking.refundPence !== null
      ? `${formatMoney(booking.refundPence)} refunded to the guest`
      : depositTakenByStaff(booking)
        ? paidToStaffNotRefundedOnline(booking.depositPaidPence)
        : booking.depositPaidPence > 0
          ? `${formatMoney(booking.depositPaidPence)} kept (cancelled after the refund date)`
          : 'None paid';
  const pub = pubNotice(mail, booking, {
    subject: pubNoticeSubject('Cancelled by the guest', booking, `Christmas Day ${booking.sittingLabel}`),
    kicker: 'Christmas booking cancelled',
    title: 'Cancelled by the guest',
    summary:
      'The guest cancelled this Christmas booking from their confirmation link; the seats are free again.',
    textSummary: 'Cancelled by the guest from their confirmation link; the seats are free again.',
    rows: [...christmasGuestRows(booking), ['Guests', String(booking.partySize)], ['Deposit', deposit]],
  });
  return [withCancellation(guest, booking, mail), pub];
}

/** To a guest whose Christmas booking staff cancelled: the deposit refunded or kept, as staff chose. */
export function christmasCancelledEmail(
  booking: ChristmasBookingRow,
  context: GuestContext,
): SendMailOptions {
  const { venue } = context;
  const letter = guestLetter(venue, booking, {
    subject: `Your Christmas Day booking at ${venue.name} is cancelled — ${booking.reference}`,
    kicker: 'Christmas Day cancelled',
    preheader: `Your Christmas Day booking ${booking.reference} is cancelled.`,
    title: 'Your booking is cancelled',
    parts: [
      paragraphPart(`Your Christmas Day booking ${bookingText(booking)} is cancelled.`),
      ...depositParts(booking, venue),
      changePart('If this is a mistake, or to book again, call us on', booking.reference, venue),
    ],
    signOff: 'With best wishes',
  });
  return withCancellation(letter, booking, context);
}
