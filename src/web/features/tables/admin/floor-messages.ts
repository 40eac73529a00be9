/** What staff read on the floor view (issue 28). */
export const FLOOR_MESSAGES = {
  loadFailed: 'Could not load the floor. Please refresh and try again.',
  coversMode:
    'The pub counts covers, not tables, so there is no floor to show yet. Once the areas, tables and joins are set up and tables mode is switched on, each booking shows here on its table.',
  tablesSettings: 'Set up the tables',
  askManager: 'A manager can set up the tables and switch tables mode on.',
  noService: (service: string) => `The kitchen takes no ${service} bookings on this day.`,
  notPlaced: 'Not yet placed',
  noBookings: (service: string) => `No ${service} bookings yet.`,
  freeAllService: 'Free all service',
  joined: 'Joined',
  moveFailed: 'Could not move the booking. Please try again.',
  chooseFree: 'Choose a table or join that is free then.',
  unchanged: 'Nothing has changed yet: choose another table or time, or “Keep as it was”.',
  notifyHint: 'Only a new time is e-mailed, and only when the booking has an e-mail address.',
  moved: (name: string, place: string, time: string) => `${name} is now on ${place} at ${time}.`,
} as const;
