import { and, eq, isNull } from 'drizzle-orm';
import { occasionBookings, occasionDiners } from '#db/schema.ts';
import { organiserPath } from '#shared/occasions/links.ts';
import {
  isTicketed,
  openCourses,
  PRE_ORDER_REMINDER_DAYS,
  preOrderDeadline,
} from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { DeadlineOptions } from './deadline.ts';
import { issueOrganiserToken, type OccasionBookingRow } from './organiser-links.ts';
import { dinerReminderEmail, organiserReminderEmail } from './pre-order-emails.ts';
import { dinersOf, dinerUrl, occasionOf } from './pre-orders.ts';
import { isOccasionRow } from './rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReminderPassOptions = DeadlineOptions & { publicUrl: string };

/**
 * From `PRE_ORDER_REMINDER_DAYS` before the deadline until it, while the order is open, for a party booked at least
 * a day before: one booked inside the window has just been told the deadline by its confirmation, and is not sent
 * a reminder seconds after it.
 */
function isReminderDue(occasion: Occasion, booking: OccasionBookingRow, now: Date): boolean {
  const deadline = preOrderDeadline(occasion, booking.date).getTime();
  const bookedADayAgo = now.getTime() - booking.createdAt.getTime() >= DAY_MS;
  return (
    bookedADayAgo && now.getTime() >= deadline - PRE_ORDER_REMINDER_DAYS * DAY_MS && now.getTime() <= deadline
  );
}

/**
 * The organiser's reminder, claimed by a compare-and-set on the booking's `reminded_at` in the transaction that
 * queues it (with a new link to their page: only its hash is kept): sent once, however many servers run the
 * pass. Sent only while something is still to choose: a place nobody took, or a diner's course left open.
 */
async function remindOrganiser(
  options: ReminderPassOptions,
  candidate: OccasionBookingRow,
  occasion: Occasion,
): Promise<boolean> {
  const { db, now, content, publicUrl } = options;
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .update(occasionBookings)
      .set({ remindedAt: now })
      .where(
        and(
          eq(occasionBookings.id, candidate.id),
          eq(occasionBookings.status, 'CONFIRMED'),
          isNull(occasionBookings.remindedAt),
          isNull(occasionBookings.lockedAt),
        ),
      )
      .returning();
    if (!booking) return false;
    const diners = await dinersOf(tx, booking.id);
    const token = await issueOrganiserToken(tx, booking.id, now);
    await enqueueMail(tx, { kind: 'occasion-pre-order-reminder', reference: booking.reference, now }, [
      organiserReminderEmail(booking, {
        occasion,
        diners,
        venue: content.venue,
        deadline: preOrderDeadline(occasion, booking.date),
        dinerUrl: dinerUrl(publicUrl, booking),
        organiserUrl: `${publicUrl}${organiserPath(token)}`,
      }),
    ]);
    return true;
  });
}

/** Each diner with an e-mail and a course still open is reminded once, by a compare-and-set on their row. */
async function remindDiners(options: ReminderPassOptions, booking: OccasionBookingRow, occasion: Occasion) {
  const { db, now, content } = options;
  const due = (await dinersOf(db, booking.id)).filter(
    (diner) =>
      diner.email !== '' && diner.remindedAt === null && openCourses(occasion, diner.choices).length > 0,
  );
  let queued = 0;
  for (const candidate of due) {
    const sent = await db.transaction(async (tx) => {
      const [diner] = await tx
        .update(occasionDiners)
        .set({ remindedAt: now })
        .where(and(eq(occasionDiners.id, candidate.id), isNull(occasionDiners.remindedAt)))
        .returning();
      if (!diner) return false;
      await enqueueMail(tx, { kind: 'occasion-diner-reminder', reference: booking.reference, now }, [
        dinerReminderEmail(booking, diner, {
          occasion,
          venue: content.venue,
          deadline: preOrderDeadline(occasion, booking.date),
        }),
      ]);
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

function somethingToChoose(
  occasion: Occasion,
  booking: OccasionBookingRow,
  diners: { choices: Record<string, string> }[],
) {
  return (
    diners.length < booking.partySize ||
    diners.some((diner) => openCourses(occasion, diner.choices).length > 0)
  );
}

/**
 * The reminders' pass (issue 30): `PRE_ORDER_REMINDER_DAYS` before a party's deadline, one e-mail to its
 * organiser and one to each diner who gave an e-mail and has a course open. Answers how many were queued; the
 * caller nudges the mail sender.
 */
export async function sendPreOrderReminders(options: ReminderPassOptions): Promise<number> {
  const { db, now, content, log } = options;
  const open = await db
    .select()
    .from(occasionBookings)
    .where(and(isOccasionRow, eq(occasionBookings.status, 'CONFIRMED'), isNull(occasionBookings.lockedAt)));
  let queued = 0;
  for (const booking of open) {
    const occasion = occasionOf(content, booking);
    if (!occasion || isTicketed(occasion) || !isReminderDue(occasion, booking, now)) continue;
    try {
      const diners = await dinersOf(db, booking.id);
      if (
        booking.remindedAt === null &&
        booking.email !== '' &&
        somethingToChoose(occasion, booking, diners)
      ) {
        if (await remindOrganiser(options, booking, occasion)) queued++;
      }
      queued += await remindDiners(options, booking, occasion);
    } catch (error) {
      log.error(
        { err: error, reference: booking.reference },
        'pre-order reminder not queued; tried again next pass',
      );
    }
  }
  return queued;
}
