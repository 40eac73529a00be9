/** What staff read when they change or cancel a table booking from the day view (issue 17). */
export const BOOKING_CHANGE_MESSAGES = {
  failure: 'Could not save the changes. Please try again.',
  unchanged: 'Nothing has changed yet: change a detail, or choose “Keep as it was”.',
  notifyLabel: 'E-mail the guest the new details',
  notifyHint: (email: string) => `Sent to ${email} when the date, time or party changes.`,
  noEmail: 'This booking has no e-mail address: call the guest to tell them.',
  saved: (when: string, guests: string) => `Changes saved: ${when}, ${guests}.`,
  leftTheDay: (day: string) => `It has moved off the list for ${day}.`,
  emailed: (email: string) => `The new details are on their way to ${email}.`,
  notEmailed: 'The guest was not e-mailed.',
  notesOnly: 'Only the notes changed, so the guest was not e-mailed.',
  cancelTitle: 'Cancel this booking?',
  cancelNotifyLabel: (email: string) => `E-mail ${email} that it is cancelled`,
  cancelNoEmail: 'This booking has no e-mail address, so the guest will not be e-mailed.',
} as const;
