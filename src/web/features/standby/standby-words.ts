import {
  formatLongDate,
  formatTime,
  formatTimeRange,
  londonTimeOfDay,
  londonToday,
} from '#shared/time/london-time.ts';

/**
 * The standby pages' own words (issue 31): titles, buttons and lines only the web shows. What the server and
 * the e-mails say too (not a booking, joined, removed, the refusals) is STANDBY_MESSAGES, written once.
 */
export const STANDBY_WORDS = {
  eyebrow: 'Standby list',
  join: 'Join the standby list',
  joining: 'Joining…',
  backToBooking: 'Back to booking',
  whenLegend: 'When you could come',
  windowHint: 'Any table that comes free between these times will do.',
  emailed: (email: string) =>
    `We’ve e-mailed the link to your place to ${email}: use it to see your place or to leave the list.`,
  seeYourPlace: 'See your place on the list',

  entryTitle: 'Your place on the standby list',
  entryLead: 'Where you stand for a table on the day you asked for.',
  leave: 'Leave the standby list',
  leaving: 'Leaving…',
  leaveQuestion: 'Leave the standby list?',
  leaveDetail: 'We won’t offer you a table that comes free for this service any more.',
  stay: 'Stay on the list',
  entryBooked: 'A table came free and is booked for you: your confirmation e-mail has its link.',
  failure: 'Sorry, that didn’t work. Please try again, or call us.',

  claimTitle: 'A table has come free',
  claimLead: 'It is held for you for a short while: the first guest on the list to claim it gets it.',
  claim: 'Claim this table',
  claiming: 'Claiming…',
  holdsUntil: (until: string) => `Held for you until ${until}.`,
  offerClaimed:
    'This table has been claimed and booked: the confirmation e-mail has the link to the booking.',
  seeBooking: 'See or change your booking',
} as const;

/** "7:45pm", or "7:45pm on Saturday 5 December 2026" when not today: London's clocks at an instant. */
export function londonMomentText(iso: string, now: Date = new Date()): string {
  const instant = new Date(iso);
  const time = formatTime(londonTimeOfDay(instant));
  const day = londonToday(instant);
  return day === londonToday(now) ? time : `${time} on ${formatLongDate(day)}`;
}

/** "6:30pm–8pm": a standby window. */
export const windowText = (start: string, end: string) =>
  start === end ? formatTime(start) : formatTimeRange(start, end);
