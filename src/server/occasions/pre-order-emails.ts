import type { SendMailOptions } from 'nodemailer';
import { Fragment } from 'react';
import type { Venue } from '#shared/content/schemas.ts';
import { deadlineText, firstNameOf, PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { chosenDish, goesWithout, openCourses } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { html } from '../lib/html.ts';
import { ActionLink, Paragraph } from '../mail/layout.ts';
import { changePart, detailsPart, guestLetter, type LetterPart, paragraphPart } from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';
import type { OccasionBookingRow } from './organiser-links.ts';
import type { DinerRow } from './pre-orders.ts';

/** The pre-order reminders (issue 30): to the organiser, and to each diner who gave an e-mail. */

export const PRE_ORDER_REMINDER_SUBJECT = 'Reminder: choices due';

function linkPart(lead: string, label: string, url: string): LetterPart {
  return {
    html: html`<${Fragment}>
      <${Paragraph}>${lead}<//>
      <${ActionLink} href=${url}>${label}<//>
    <//>`,
    text: `${lead}\n${label}: ${url}`,
  };
}

function whenOf(booking: OccasionBookingRow): string {
  return `${formatLongDate(booking.date)}, ${booking.sittingLabel}`;
}

/** "Ann Lee: Soup, Turkey, No dessert": a diner's dishes, a course not chosen shown as such. */
function dinerLine(occasion: Occasion, diner: DinerRow): string {
  const dishes = occasion.courses.map(
    (course) =>
      chosenDish(course, diner.choices)?.name ??
      (course.optional && goesWithout(course, diner.choices)
        ? PRE_ORDER_MESSAGES.withoutCourse(course.name)
        : `${course.name} to choose`),
  );
  return `${diner.name}: ${dishes.join(', ')}`;
}

/**
 * To the organiser, a few days before the deadline: who has chosen, who has not, the link to share, their own
 * page, and what happens at the deadline.
 */
export function organiserReminderEmail(
  booking: OccasionBookingRow,
  {
    occasion,
    diners,
    venue,
    deadline,
    dinerUrl,
    organiserUrl,
  }: {
    occasion: Occasion;
    diners: readonly DinerRow[];
    venue: Venue;
    deadline: Date;
    dinerUrl: string;
    organiserUrl: string;
  },
): SendMailOptions {
  const due = deadlineText(deadline);
  const chosen = diners.filter((diner) => openCourses(occasion, diner.choices).length === 0);
  const unfinished = diners.filter((diner) => openCourses(occasion, diner.choices).length > 0);
  const placesOpen = Math.max(0, booking.partySize - diners.length);
  const rows: Row[] = [
    ['Reference', booking.reference],
    ['Occasion', booking.occasionName],
    ['When', whenOf(booking)],
    ['Choices due by', due],
    [
      `Chosen (${chosen.length} of ${booking.partySize})`,
      chosen.map((diner) => dinerLine(occasion, diner)).join('\n') || '—',
    ],
  ];
  if (unfinished.length > 0) {
    rows.push(['Still to choose a course', unfinished.map((diner) => dinerLine(occasion, diner)).join('\n')]);
  }
  if (placesOpen > 0) rows.push(['Places nobody has taken', String(placesOpen)]);
  const summary =
    `${plural(chosen.length, 'guest has', 'guests have')} chosen so far for your table of ${booking.partySize}. ` +
    `Choices are due by ${due}.`;
  return guestLetter(venue, booking, {
    subject: `${PRE_ORDER_REMINDER_SUBJECT} for ${booking.occasionName} at ${venue.name} — ${booking.reference}`,
    kicker: `${booking.occasionName} reminder`,
    preheader: summary,
    title: 'Your table’s choices are nearly due',
    parts: [
      paragraphPart(summary),
      detailsPart(rows),
      linkPart(
        'Anyone still to choose can add their name and dishes with the diners’ link:',
        'The diners’ link',
        dinerUrl,
      ),
      linkPart('Or choose for them yourself on your booking’s page:', 'Open your booking', organiserUrl),
      paragraphPart(
        `After ${due} anyone who has not chosen is served the set menu’s default dishes, and the order goes to ` +
          'the kitchen.',
      ),
      changePart('To change anything after that, call us on', booking.reference, venue),
    ],
    signOff: 'See you soon',
  });
}

/** To a diner who gave an e-mail and still has a course open (the menu changed since they chose). */
export function dinerReminderEmail(
  booking: OccasionBookingRow,
  diner: DinerRow & { email: string },
  { occasion, venue, deadline }: { occasion: Occasion; venue: Venue; deadline: Date },
): SendMailOptions {
  const due = deadlineText(deadline);
  const open = openCourses(occasion, diner.choices);
  const defaults = open.map((course) => {
    const dish = course.dishes.find((candidate) => candidate.id === course.defaultDishId);
    const others = course.optional ? 'another, or none' : 'another';
    return [course.name, `${dish?.name ?? course.defaultDishId} unless you choose ${others}`] as const;
  });
  const organiser = firstNameOf(booking.name);
  return guestLetter(venue, diner, {
    subject: `${PRE_ORDER_REMINDER_SUBJECT} for ${booking.occasionName} at ${venue.name}`,
    kicker: `${booking.occasionName} reminder`,
    preheader: `Your choices for ${whenOf(booking)} are due by ${due}.`,
    title: 'Your choices are nearly due',
    parts: [
      paragraphPart(
        `You are on ${organiser}’s table for ${booking.occasionName} on ${whenOf(booking)}, and ` +
          `${plural(open.length, 'course is', 'courses are')} still to choose. Choices are due by ${due}.`,
      ),
      detailsPart(defaults),
      paragraphPart(`To choose, please ask ${organiser}, who can change your dishes on the booking’s page.`),
      changePart('Or call us on', booking.reference, venue),
    ],
    signOff: 'See you soon',
  });
}
