import { plural } from '../text/plural.ts';
import { requestFailed, UNAUTHORIZED } from './api-failures.ts';

/**
 * The admin's texts of spec §8, word for word ('Event not found' is EVENT_MESSAGES.notFound), and the admin
 * API's own answers, which the server sends and the admin screens show.
 */
export const ADMIN_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unauthorized: UNAUTHORIZED,
  requestFailed,
  loadBookings: 'Failed to load bookings',
  toggleClosure: 'Failed to toggle closure',
  updateStatus: 'Failed to update status',
  noEvents: 'No events yet.',
  confirmDelete: 'Delete this event?',
  /** Not in the spec: a state-changing request from another site. */
  forbidden: 'Forbidden',
  /** Not in the spec: a table or Christmas booking id that names none. */
  bookingNotFound: 'Booking not found',
  /** Not in the spec: a service or sitting closure id that names none. */
  closureNotFound: 'Closure not found',
} as const;

/** The longest reason staff may give when they close a service or a Christmas sitting. */
export const CLOSURE_REASON_MAX_LENGTH = 200;

/**
 * Closing a lunch or dinner service (issue 17): what the dialog says, and, when staff cancel the service's
 * bookings with it, what was done and which guests to phone. `service` is "lunch", "dinner" or "Sunday Roast".
 */
export const SERVICE_CLOSING_TEXTS = {
  title: (service: string, longDate: string) => `Close ${service} on ${longDate}?`,
  guestsSeeClosed: (service: string) => `Guests will see every ${service} time as closed.`,
  bookingsStay: 'Bookings already made stay as they are.',
  bookingsHeading: (count: number, service: string) =>
    `${plural(count, 'booking', 'bookings')} for ${service}`,
  noEmail: (phone: string) => `no e-mail — phone ${phone}`,
  choiceLegend: 'What happens to these bookings?',
  keepBookings: 'Keep the bookings: closing only stops new online bookings',
  cancelBookings: (count: number) =>
    count === 1
      ? 'Cancel this booking and e-mail the guest an apology'
      : `Cancel these ${count} bookings and e-mail each guest an apology`,
  apologyContents:
    'The apology gives the reason below, if you type one, and the pub’s phone number to rebook. Guests with no e-mail address need a phone call.',
  reasonLabel: 'Reason (optional)',
  reasonPlaceholder: 'Kitchen short-staffed',
  close: (service: string) => `Close ${service}`,
  closeAndCancel: (service: string, count: number) =>
    `Close ${service} and cancel ${plural(count, 'booking', 'bookings')}`,
  keepOpen: 'Keep open',
  closing: 'Closing…',
  closedTitle: (service: string) => `${service} closed`,
  cancelled: (count: number) => `${plural(count, 'booking', 'bookings')} cancelled.`,
  guestsEmailed: (count: number) =>
    count === 0
      ? 'No guest had an e-mail address.'
      : `An apology is on its way to ${plural(count, 'guest', 'guests')}.`,
  guestsToPhone: (count: number) =>
    count === 1
      ? 'This guest has no e-mail address: please phone them.'
      : `These ${count} guests have no e-mail address: please phone them.`,
  done: 'Done',
} as const;
