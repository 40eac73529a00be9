import type { SendMailOptions } from 'nodemailer';
import type { Venue } from '#shared/content/schemas.ts';
import { ENQUIRY_REPLY_WITHIN } from '#shared/enquiries/messages.ts';
import type { StoredEnquiry } from '#shared/enquiries/schemas.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import {
  changePart,
  detailsPart,
  guestLetter,
  type MailContext,
  paragraphPart,
  pubNotice,
} from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';

function whenText(enquiry: StoredEnquiry): string {
  return `${formatLongDate(enquiry.preferredDate)}, ${formatTime(enquiry.preferredTime)}`;
}

/** To the guest: their enquiry as we have it, when we will reply, and the phone number if it cannot wait. */
export function enquiryAcknowledgement(enquiry: StoredEnquiry, venue: Venue): SendMailOptions {
  const rows: Row[] = [
    ['Date', formatLongDate(enquiry.preferredDate)],
    ['Time', formatTime(enquiry.preferredTime)],
    ['Party', plural(enquiry.partySize, 'guest', 'guests')],
    ['Reference', enquiry.reference],
  ];
  if (enquiry.notes) rows.push(['Your notes', enquiry.notes]);
  return guestLetter(venue, enquiry, {
    subject: `Your enquiry to ${venue.name} — ${plural(enquiry.partySize, 'guest', 'guests')}, ${whenText(enquiry)}`,
    kicker: 'Enquiry received',
    preheader: `We’ll reply within ${ENQUIRY_REPLY_WITHIN}.`,
    title: 'We have your enquiry',
    parts: [
      paragraphPart(
        `Thank you for thinking of us for your party. This is not a booking yet: we’ll look at how best to ` +
          `seat you and reply within ${ENQUIRY_REPLY_WITHIN} by phone or e-mail.`,
      ),
      detailsPart(rows),
      changePart('If it cannot wait, call us on', enquiry.reference, venue),
    ],
    signOff: 'With best wishes',
  });
}

/** To the pub: a party of nine or more asking for a table, with every detail; a reply goes to the guest. */
export function enquiryNotification(
  enquiry: StoredEnquiry,
  { venue, pubAddress }: MailContext,
): SendMailOptions {
  const rows: Row[] = [
    ['Reference', enquiry.reference],
    ['Date', formatLongDate(enquiry.preferredDate)],
    ['Time', formatTime(enquiry.preferredTime)],
    ['Party', String(enquiry.partySize)],
    ['Name', enquiry.name],
    ['Phone', enquiry.phone],
    ['Email', enquiry.email],
    ['Notes', enquiry.notes || '—'],
    ['Sent', formatLondonMoment(enquiry.createdAt)],
  ];
  return pubNotice({ venue, pubAddress }, enquiry, {
    subject:
      `New enquiry ${enquiry.reference}: party of ${enquiry.partySize}, ${whenText(enquiry)} — ` +
      enquiry.name,
    kicker: 'Large-party enquiry',
    title: 'New large-party enquiry',
    summary: `Sent from the booking form; not booked yet. The guest was told we reply within ${ENQUIRY_REPLY_WITHIN}.`,
    textSummary: `New large-party enquiry from the booking form; not booked yet. The guest was told we reply within ${ENQUIRY_REPLY_WITHIN}.`,
    rows,
  });
}
