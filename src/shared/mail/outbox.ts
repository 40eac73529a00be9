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
  'christmas-booking',
  'christmas-phone-booking',
  'christmas-refund',
  'christmas-change',
  'christmas-guest-cancelled',
  'christmas-cancelled',
  'christmas-reminder',
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
  'christmas-booking': 'Christmas booking',
  'christmas-phone-booking': 'Christmas phone booking',
  'christmas-refund': 'Christmas refund',
  'christmas-change': 'Christmas order changed by the guest',
  'christmas-guest-cancelled': 'Christmas booking cancelled by the guest',
  'christmas-cancelled': 'Christmas booking cancelled',
  'christmas-reminder': 'Christmas Day reminder',
  enquiry: 'Large-party enquiry',
  'enquiry-ack': 'Enquiry acknowledgement',
  'staff-invitation': 'Staff invitation',
  'staff-password-reset': 'Staff password reset',
};

/** How many messages of each status the admin lists, most recent first. */
export const OUTBOX_LIST_LIMIT = 50;

/** The e-mail admin's texts: the server's answers and what the screen shows. */
export const OUTBOX_MESSAGES = {
  notFound: 'E-mail not found',
  onlyFailedResent: (status: OutboxStatus) =>
    `Only a failed e-mail can be sent again: this one ${status === 'SENT' ? 'has been sent' : 'is already waiting to be sent'}.`,
  noFailed: 'No failed e-mails.',
  noPending: 'No e-mails waiting to be sent.',
  noSent: 'No e-mails sent yet.',
  loadFailed: 'Failed to load e-mails',
  resendFailed: 'Failed to resend the e-mail',
  resent: (to: string) => `The e-mail to ${to} will be sent again in a moment.`,
} as const;
