/**
 * An e-mail waiting in the outbox (PENDING), delivered (SENT), or given up after every retry (FAILED:
 * staff see it in the admin and may send it again).
 */
export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  PENDING: 'Waiting to send',
  SENT: 'Sent',
  FAILED: 'Failed',
};

/** What caused a message: each one is queued by the change it tells of. */
export const MAIL_KINDS = [
  'table-booking',
  'table-booking-change',
  'table-booking-cancelled',
  'table-booking-apology',
  'table-booking-guest-cancelled',
  'table-booking-reminder',
  'deposit-request',
  'deposit-refund',
  'no-show-fee',
  'christmas-booking',
  'christmas-phone-booking',
  'christmas-refund',
  'christmas-change',
  'christmas-staff-change',
  'christmas-guest-cancelled',
  'christmas-cancelled',
  'christmas-reminder',
  'occasion-pre-order-reminder',
  'occasion-diner-reminder',
  'occasion-booking',
  'occasion-refund',
  'occasion-cancelled',
  'occasion-changed',
  'occasion-reminder',
  'standby-joined',
  'standby-offer',
  'standby-gone',
  'standby-reopened',
  'queue-table-ready',
  'queue-table-ready-sms',
  'voucher',
  'voucher-receipt',
  'enquiry',
  'enquiry-ack',
  'staff-invitation',
  'staff-password-reset',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'table-booking': 'Table booking',
  'table-booking-change': 'Table booking moved',
  'table-booking-cancelled': 'Table booking cancelled',
  'table-booking-apology': 'Service closed: apology',
  'table-booking-guest-cancelled': 'Table booking cancelled by the guest',
  'table-booking-reminder': 'Table booking reminder',
  'deposit-request': 'Deposit: link to pay',
  'deposit-refund': 'Deposit refunded',
  'no-show-fee': 'No-show fee receipt',
  'christmas-booking': 'Christmas booking',
  'christmas-phone-booking': 'Christmas phone booking',
  'christmas-refund': 'Christmas refund',
  'christmas-change': 'Christmas order changed by the guest',
  'christmas-staff-change': 'Christmas booking changed by staff',
  'christmas-guest-cancelled': 'Christmas booking cancelled by the guest',
  'christmas-cancelled': 'Christmas booking cancelled',
  'christmas-reminder': 'Christmas Day reminder',
  'occasion-pre-order-reminder': 'Occasion pre-order reminder to the organiser',
  'occasion-diner-reminder': 'Occasion pre-order reminder to a diner',
  'occasion-booking': 'Occasion booking',
  'occasion-refund': 'Occasion late payment refunded',
  'occasion-cancelled': 'Occasion booking cancelled',
  'occasion-changed': 'Occasion party’s numbers changed',
  'occasion-reminder': 'Occasion visit reminder',
  'standby-joined': 'Standby list: joined (not a booking)',
  'standby-offer': 'Standby list: a table to claim',
  'standby-gone': 'Standby list: offered table taken',
  'standby-reopened': 'Standby list: claim not paid, back on the list',
  'queue-table-ready': 'Walk-in queue: table ready',
  'queue-table-ready-sms': 'Walk-in queue: table ready (text message)',
  voucher: 'Gift voucher',
  'voucher-receipt': 'Gift voucher receipt',
  enquiry: 'Large-party enquiry',
  'enquiry-ack': 'Enquiry acknowledgement',
  'staff-invitation': 'Staff invitation',
  'staff-password-reset': 'Staff password reset',
};

/** How many messages the admin lists at once (of one status, or found by a search), most recent first. */
export const OUTBOX_LIST_LIMIT = 50;

/** The longest search staff may type: an e-mail address, part of a subject or a booking reference. */
export const OUTBOX_SEARCH_MAX_LENGTH = 100;

/** The e-mail admin's texts: the server's answers and what the screen shows. */
export const OUTBOX_MESSAGES = {
  notFound: 'E-mail not found',
  alreadyWaiting: 'This e-mail is already waiting to be sent.',
  copyWaiting: 'A copy of this e-mail is already waiting to be sent.',
  erased: 'This e-mail was to a guest whose data has been erased: it is never sent again.',
  statusOrSearch: 'Give a status, a search, or both.',
  searchLabel: 'Search by e-mail address, subject or booking reference',
  searchEmpty: 'Type part of an e-mail address, a subject or a booking reference.',
  noFailed: 'No failed e-mails.',
  noPending: 'No e-mails waiting to be sent.',
  noSent: 'No e-mails sent yet.',
  matching: (search: string) => `E-mails matching “${search}”`,
  noMatches: (search: string) => `No e-mails match “${search}”.`,
  loadFailed: 'Failed to load e-mails',
  openFailed: 'Failed to open the e-mail',
  noText: 'This e-mail has no plain-text part.',
  resendFailed: 'Failed to resend the e-mail',
  resent: (to: string) => `The e-mail to ${to} will be sent again in a moment.`,
} as const;

/** Resending a table booking's confirmation from its panel in the admin. */
export const CONFIRMATION_RESEND_MESSAGES = {
  button: 'Resend confirmation',
  busy: 'Resending…',
  onItsWay: (email: string) => `The confirmation is on its way to ${email}.`,
  noEmail: 'This booking has no e-mail address to send a confirmation to.',
  cancelled: 'This booking is cancelled: its confirmation is not sent again.',
  noneQueued:
    'No confirmation of this booking is in the outbox to send again: none was sent to its e-mail address, or it is older than the outbox keeps.',
  failed: 'Failed to resend the confirmation',
} as const;
