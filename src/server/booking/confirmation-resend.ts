import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings } from '#db/schema.ts';
import { CONFIRMATION_RESEND_MESSAGES, type MailKind } from '#shared/mail/outbox.ts';
import type { OutboxEntry } from '#shared/mail/schemas.ts';
import type { Actor } from '../audit/trail.ts';
import { bookingNotFound, conflict } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { latestMailTo, resendMail } from '../mail/resend.ts';

/** What confirms a table booking to its guest: the e-mail of the booking made, or of its details changed since. */
const CONFIRMATION_KINDS = ['table-booking', 'table-booking-change'] as const satisfies readonly MailKind[];

/**
 * Sends the guest the latest confirmation of their booking again (issue 27), as the outbox's Resend does, and
 * records it in the booking's history.
 */
export async function resendBookingConfirmation(
  db: Database,
  bookingId: string,
  options: { now: Date; actor: Actor },
): Promise<OutboxEntry> {
  if (!isUuid(bookingId)) throw bookingNotFound();
  const [booking] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      email: bookings.email,
      status: bookings.status,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw bookingNotFound();
  if (booking.status === 'CANCELLED') throw conflict(CONFIRMATION_RESEND_MESSAGES.cancelled);
  if (!booking.email) throw conflict(CONFIRMATION_RESEND_MESSAGES.noEmail);
  const confirmation = await latestMailTo(db, {
    reference: booking.reference,
    kinds: CONFIRMATION_KINDS,
    address: booking.email,
  });
  if (!confirmation) throw conflict(CONFIRMATION_RESEND_MESSAGES.noneQueued);
  return resendMail(db, confirmation, { ...options, auditSubject: { type: 'booking', id: booking.id } });
}
