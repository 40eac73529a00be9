import { and, eq, gt, gte, inArray, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import { bookings, christmasBookings } from '#db/schema.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import { christmasSeasonOf } from '#shared/christmas/season.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { londonInstant, londonToday } from '#shared/time/london-time.ts';
import { toStoredBooking } from '../booking/service.ts';
import type { ChristmasBookingRow } from '../christmas/fulfilment.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { christmasManageUrl, issueManageToken, tableManageUrl } from '../manage/links.ts';
import { christmasReminderEmail, tableReminderEmail } from './emails.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A booking made this close to its start has its confirmation fresh in mind: it gets no reminder. */
const LATE_BOOKING_MS = 24 * HOUR_MS;
/**
 * Christmas bookings carry no year: one made within the year before the sitting is this season's, and an
 * older one (last Christmas's, never cleared) is not reminded of a day it was not booked for.
 */
const CHRISTMAS_SEASON_MS = 365 * 24 * HOUR_MS;

export interface ReminderOptions {
  now: Date;
  content: SiteContent;
  publicUrl: string;
  /** REMINDER_LEAD_HOURS: a booking is reminded once its start is this close. */
  leadHours: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Whether a booking starting at `start` is due its reminder at `now`: still to come, and within the lead. */
function startsWithinLead(start: Date, { now, leadHours }: Pick<ReminderOptions, 'now' | 'leadHours'>) {
  const untilStart = start.getTime() - now.getTime();
  return untilStart > 0 && untilStart <= leadHours * HOUR_MS;
}

/** The last moment a booking starting at `start` could be made and still be reminded. */
function remindedIfMadeBy(start: Date): Date {
  return new Date(start.getTime() - LATE_BOOKING_MS);
}

/**
 * Each claim is its own transaction: a compare-and-set on `reminded_at` (still null, still active, still at
 * the time it was found due), the manage link and the queued e-mail commit together or not at all. A crash
 * before the commit leaves the booking for the next pass; a second process claiming the same booking waits
 * for the row, then finds it reminded, so it sends nothing.
 */
async function claimEach<Candidate extends { id: string; reference: string }, Row>(
  db: Database,
  candidates: readonly Candidate[],
  claim: {
    table: typeof bookings | typeof christmasBookings;
    /** The conditions besides "not yet reminded" under which the candidate is still due. */
    stillDue: (candidate: Candidate) => SQL[];
    queue: (tx: Database, claimed: Row) => Promise<void>;
  },
  { now, log }: Pick<ReminderOptions, 'now' | 'log'>,
): Promise<number> {
  const { table } = claim;
  let queued = 0;
  for (const candidate of candidates) {
    try {
      const claimedOne = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(table)
          .set({ remindedAt: now })
          .where(and(eq(table.id, candidate.id), isNull(table.remindedAt), ...claim.stillDue(candidate)))
          .returning();
        if (!claimed) return false;
        await claim.queue(tx, claimed as Row);
        return true;
      });
      if (claimedOne) queued++;
    } catch (error) {
      log.error({ err: error, reference: candidate.reference }, 'reminder not queued; tried again next pass');
    }
  }
  return queued;
}

async function remindTables(db: Database, options: ReminderOptions): Promise<number> {
  const { now, leadHours, content, publicUrl } = options;
  const latest = new Date(now.getTime() + leadHours * HOUR_MS);
  const candidates = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      date: bookings.date,
      timeSlot: bookings.timeSlot,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(
      and(
        isNull(bookings.remindedAt),
        inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
        ne(bookings.email, ''),
        gte(bookings.date, londonToday(now)),
        lte(bookings.date, londonToday(latest)),
      ),
    );
  const due = candidates.filter((booking) => {
    const start = londonInstant(booking.date, booking.timeSlot);
    return startsWithinLead(start, options) && booking.createdAt <= remindedIfMadeBy(start);
  });
  return claimEach(
    db,
    due,
    {
      table: bookings,
      stillDue: (candidate) => [
        inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
        eq(bookings.date, candidate.date),
        eq(bookings.timeSlot, candidate.timeSlot),
      ],
      queue: async (tx, claimed: typeof bookings.$inferSelect) => {
        const booking = toStoredBooking(claimed);
        const token = await issueManageToken(tx, { bookingId: claimed.id }, now);
        await enqueueMail(tx, { kind: 'table-booking-reminder', reference: booking.reference, now }, [
          tableReminderEmail(booking, content.venue, tableManageUrl(publicUrl, token), {
            publicUrl,
            settings: content['booking-settings'],
          }),
        ]);
      },
    },
    options,
  );
}

async function remindChristmas(db: Database, options: ReminderOptions): Promise<number> {
  const { now, content, publicUrl } = options;
  const season = christmasSeasonOf(content['christmas-season'], content['christmas-menu']);
  let queued = 0;
  for (const sitting of season.sittings) {
    const start = londonInstant(season.date, sitting.start);
    if (!startsWithinLead(start, options)) continue;
    const candidates = await db
      .select({ id: christmasBookings.id, reference: christmasBookings.reference })
      .from(christmasBookings)
      .where(
        and(
          eq(christmasBookings.sittingId, sitting.id),
          isNull(christmasBookings.remindedAt),
          eq(christmasBookings.status, 'CONFIRMED'),
          ne(christmasBookings.email, ''),
          lte(christmasBookings.createdAt, remindedIfMadeBy(start)),
          gt(christmasBookings.createdAt, new Date(start.getTime() - CHRISTMAS_SEASON_MS)),
        ),
      );
    queued += await claimEach(
      db,
      candidates,
      {
        table: christmasBookings,
        stillDue: () => [
          eq(christmasBookings.status, 'CONFIRMED'),
          eq(christmasBookings.sittingId, sitting.id),
        ],
        queue: async (tx, claimed: ChristmasBookingRow) => {
          const token = await issueManageToken(tx, { christmasBookingId: claimed.id }, now);
          await enqueueMail(tx, { kind: 'christmas-reminder', reference: claimed.reference, now }, [
            christmasReminderEmail(
              claimed,
              { venue: content.venue, season, publicUrl },
              christmasManageUrl(publicUrl, token),
            ),
          ]);
        },
      },
      options,
    );
  }
  return queued;
}

/**
 * One reminder pass (issue 18): every upcoming table and Christmas booking whose start is within the lead time
 * and that was made at least 24 hours before it is e-mailed its one reminder. Answers how many were queued;
 * the caller nudges the mail sender.
 */
export async function sendDueReminders(db: Database, options: ReminderOptions): Promise<number> {
  return (await remindTables(db, options)) + (await remindChristmas(db, options));
}
