import type { SendMailOptions } from 'nodemailer';
import { Fragment, type ReactNode } from 'react';
import type { Venue } from '#shared/content/schemas.ts';
import { formatAddressLines } from '#shared/content/venue.ts';
import { plural } from '#shared/text/plural.ts';
import { html } from '../lib/html.ts';
import {
  ActionLink,
  BookingReference,
  DetailsTable,
  Heading,
  Paragraph,
  PhoneLink,
  renderMail,
} from './layout.ts';
import { type Row, textRows } from './text-rows.ts';

/** What a message is written with: the pub as it stands, and who at the pub hears of new bookings. */
export interface MailContext {
  venue: Venue;
  /** PUB_NOTIFY_EMAIL, when set; otherwise the venue's own address. */
  pubAddress: string | undefined;
}

/** One paragraph of a letter, as HTML and as plain text. */
export interface LetterPart {
  html: ReactNode;
  text: string;
}

export function paragraphPart(text: string): LetterPart {
  return { html: html`<${Paragraph}>${text}<//>`, text };
}

export function detailsPart(rows: readonly Row[]): LetterPart {
  return { html: html`<${DetailsTable} rows=${rows} />`, text: textRows(rows) };
}

/** The guest's own link to change or cancel their booking (issue 18). */
export function managePart(url: string): LetterPart {
  return {
    html: html`<${ActionLink} href=${url}>Change or cancel your booking<//>`,
    text: `Change or cancel your booking: ${url}`,
  };
}

/** "…call us on (phone) or reply to this e-mail, quoting your reference (reference)." */
export function changePart(lead: string, reference: string, venue: Venue): LetterPart {
  return {
    html: html`<${Paragraph}>
      ${lead} <${PhoneLink} /> or reply to this e-mail, quoting your reference${' '}
      <${BookingReference} reference=${reference} />.
    <//>`,
    text: `${lead} ${venue.phone} or reply to this e-mail, quoting your reference ${reference}.`,
  };
}

function textFooter(venue: Venue): string {
  return [venue.name, ...formatAddressLines(venue.address), venue.phone, venue.email].join('\n');
}

/** "The Rose & Crown" <hello@…>: the pub as the venue document names it (MAIL_FROM overrides it). */
function senderOf(venue: Venue): { name: string; address: string } {
  return { name: venue.name, address: venue.email };
}

/** A letter to a guest: greeting, its parts, a sign-off from the team, in HTML and plain text. */
export function guestLetter(
  venue: Venue,
  guest: { name: string; email: string },
  letter: {
    subject: string;
    kicker: string;
    preheader: string;
    title: string;
    parts: LetterPart[];
    signOff: string;
  },
): SendMailOptions {
  const { subject, kicker, preheader, title, parts, signOff } = letter;
  const to = { name: guest.name, address: guest.email };
  const content = html`<${Fragment}>
    <${Heading}>${title}<//>
    <${Paragraph}>Dear ${to.name},<//>
    ${parts.map((part, index) => html`<${Fragment} key=${index}>${part.html}<//>`)}
    <${Paragraph}>${signOff},<br />The team at ${venue.name}<//>
  <//>`;
  const text = [
    `Dear ${to.name},`,
    ...parts.map((part) => part.text),
    `${signOff},\nThe team at ${venue.name}`,
    `--\n${textFooter(venue)}`,
  ].join('\n\n');
  return {
    from: senderOf(venue),
    to,
    replyTo: venue.email,
    subject,
    text,
    html: renderMail({ venue, title: subject, kicker, preheader }, content),
  };
}

/** An empty value, as the pub's notices show it. */
const NONE = '—';
const WHAT_CHANGED = 'What changed';
const AS_IT_STANDS = 'The booking now';

/**
 * What differs between two versions of the same rows (the same labels, in the same order), each as
 * "before → after"; a blank value shows as "—".
 */
export function changedRows(before: readonly Row[], after: readonly Row[]): Row[] {
  const was = new Map(before);
  return after.flatMap(([label, value]): Row[] => {
    const previous = was.get(label) ?? '';
    return previous === value ? [] : [[label, `${previous || NONE} → ${value || NONE}`]];
  });
}

/** "New booking RC-ABC234: Tuesday 8 December at 7pm, 4 guests — Ann Lee": a booking's notice to the pub. */
export function pubNoticeSubject(
  what: string,
  booking: { reference: string; partySize: number; name: string },
  when: string,
): string {
  return `${what} ${booking.reference}: ${when}, ${plural(booking.partySize, 'guest', 'guests')} — ${booking.name}`;
}

/**
 * A booking told to the pub, with every detail; a reply goes to the guest. A change lists what changed, before
 * the booking as it stands.
 */
export function pubNotice(
  { venue, pubAddress }: MailContext,
  guest: { name: string; email: string },
  notice: {
    subject: string;
    kicker: string;
    title: string;
    /** How the booking was made, after the title in HTML. */
    summary: string;
    /** The plain text's first line. */
    textSummary: string;
    rows: readonly Row[];
    /** What a change changed, from `changedRows`. */
    changes?: readonly Row[];
  },
): SendMailOptions {
  const { subject, kicker, title, summary, textSummary, rows, changes } = notice;
  const content = html`<${Fragment}>
    <${Heading}>${title}<//>
    <${Paragraph}>${summary} Reply to this e-mail to write to ${guest.name}.<//>
    ${
      changes
        ? html`<${Fragment}>
          <${Paragraph}><strong>${WHAT_CHANGED}</strong><//>
          <${DetailsTable} rows=${changes} />
          <${Paragraph}><strong>${AS_IT_STANDS}</strong><//>
        <//>`
        : null
    }
    <${DetailsTable} rows=${rows} />
  <//>`;
  const changeText = changes ? [`${WHAT_CHANGED}:`, textRows(changes), '', `${AS_IT_STANDS}:`] : [];
  return {
    from: senderOf(venue),
    to: pubAddress ?? venue.email,
    replyTo: { name: guest.name, address: guest.email },
    subject,
    text: [textSummary, '', ...changeText, textRows(rows)].join('\n'),
    html: renderMail({ venue, title: subject, kicker, preheader: subject }, content),
  };
}
