/**
 * Every kind of change the audit trail records (issue 19), with the label the activity page filters by.
 * A new kind of change is added here first. Free of zod, so the admin's screens can name them without it.
 */
export const AUDIT_TYPE_LABELS = {
  'booking.created': 'Booking made',
  'booking.changed': 'Booking changed',
  'booking.status': 'Booking status',
  'booking.cancelled': 'Booking cancelled',
  'booking.coming': 'Guest confirmed they are coming',
  'christmas.created': 'Christmas booking made',
  'christmas.changed': 'Christmas order changed',
  'christmas.cancelled': 'Christmas booking cancelled',
  'christmas.coming': 'Christmas guest confirmed they are coming',
  'christmas.refunded': 'Christmas deposit refunded',
  'event.created': 'Event added',
  'event.changed': 'Event changed',
  'event.deleted': 'Event deleted',
  'closure.created': 'Service closed',
  'closure.deleted': 'Service reopened',
  'christmas-closure.created': 'Christmas sitting closed',
  'christmas-closure.deleted': 'Christmas sitting reopened',
  'enquiry.changed': 'Enquiry status',
  'mail.resent': 'E-mail sent again',
  'content.saved': 'Content saved',
  'content.restored': 'Content restored',
  'image.uploaded': 'Photo uploaded',
  'image.deleted': 'Photo deleted',
  'staff.invited': 'Staff invited',
  'staff.joined': 'Invitation accepted',
  'staff.changed': 'Staff account changed',
  'staff.password-reset': 'Password reset',
  'staff.two-step': 'Two-step sign-in',
  'staff.settings': 'Staff settings',
  'auth.signed-in': 'Signed in',
  'auth.sign-in-failed': 'Failed sign-in',
  'consent.given': 'Marketing consent given',
  'consent.withdrawn': 'Marketing consent withdrawn',
  'guest.exported': 'Guest data exported',
  'guest.erased': 'Guest data erased',
  'guest.erasure-scheduled': 'Guest erasure scheduled',
  'retention.run': 'Retention run',
} as const;

export const AUDIT_TYPES = Object.keys(AUDIT_TYPE_LABELS) as (keyof typeof AUDIT_TYPE_LABELS)[];
export type AuditType = keyof typeof AUDIT_TYPE_LABELS;
