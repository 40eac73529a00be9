/** The walk-in queue's words (issue 31), written once for the staff screen, the server and the messages sent. */
export const QUEUE_MESSAGES = {
  contact: 'Please enter a phone number or an e-mail address, so we can tell them their table is ready.',
  name: 'Please enter a name for the party.',
  partyEmpty: 'A party is at least one guest.',
  notFound: 'That party is no longer in the queue.',
  notWaiting: 'That party has already been seated or removed.',
  readySubject: (pub: string) => `Your table at ${pub} is ready`,
  readyText: (name: string, pub: string) =>
    `${name}, your table at ${pub} is ready. Please come to the bar and we’ll seat you.`,
  /** The e-mail's heading, kicker and sign-off around `readyText`. */
  readyTitle: 'Your table is ready',
  readyKicker: 'Walk-in queue',
  readySignOff: 'See you in a moment',
} as const;
