/** What a guest reads on their booking's own page (issue 18), and the API answers. */
export const MANAGE_MESSAGES = {
  notFound: 'We couldn’t find that booking',
  notFoundDetail:
    'The link may have been mistyped, or the booking’s date has passed. Please call us and we will gladly help.',
  cancelQuestion: 'Cancel this booking?',
  yesCancel: 'Yes, cancel',
  keep: 'Keep my booking',
  cancelled: 'Your booking is cancelled. We have sent you an e-mail to confirm it.',
  alreadyCancelled: 'This booking is cancelled.',
  tooLateToCancel: 'This booking has started, so it can no longer be cancelled online. Please call us.',
  tooLateToChange: 'This booking has started, so it can no longer be changed online. Please call us.',
  changed: 'Your booking is changed. A new confirmation is on its way to your e-mail.',
  nothingChanged: 'Nothing has changed yet: change a detail, or keep the booking as it is.',
  /** A change made from an older version of the booking than the one stored (another tab, issue 26). */
  changedSinceOpened: 'This booking changed since you opened it',
  /** A change that does not say which version of the booking it was made from. */
  reloadToChange: 'Please reload this page and make your change again.',
  addToCalendar: 'Add to calendar',
} as const;

/**
 * A new booking's confirmation, on the guest's own page (issue 27): it survives Back and reload, says where
 * the e-mail went, and that the page's address is theirs to keep.
 */
export const BOOKED_MESSAGES = {
  emailedTo: (email: string) => `A confirmation is on its way to ${email}.`,
  ownLink: 'This page is your booking’s own link: keep it to see, change or cancel your table.',
  forEvent: (title: string) => `Your table is for ${title}.`,
  bookAnother: 'Book another table',
} as const;

/** The search parameter that shows a new booking's confirmation on the guest's own page. */
export const JUST_BOOKED_PARAMETER = 'booked';
