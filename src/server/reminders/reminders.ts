import { and, eq, gt, gte, inArray, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import { bookings, occasionBookings, occasionDiners } from '#db/schema.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { organiserPath } from '#shared/occasions/links.ts';
import { supplementsPence } from '#shared/occasions/rules.ts';
import { londonInstant, londonToday } from '#shared/time/london-time.ts';
import { toStoredBooking } from '../booking/service.ts';
import { christmasSeasonIn } from '../christmas/season.ts';
import { isChristmasRow, updateChristmasBookings } from '../christmas/store.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { christmasManageUrl, issueManageToken, tableManageUrl } from '../manage/links.ts';
import { issueOrganiserToken } from '../occasions/organiser-links.ts';
import { isOccasionRow } from '../occasions/rows.ts';
import { sittingTimesOf } from '../occasions/visit.ts';
import { christmasReminderEmail, occasionReminderEmail, tableReminderEmail } from './emails.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A booking made this close to its start has its confirmation fresh in mind: it gets no reminder. */
const LATE_BOOKING_MS = 24 * HOUR_MS;
/**
 * A Christmas booking is reminded of the season's sitting, by when it was made: one made within the year before
 * the sitting is this season's, and an older one (last Christmas's, never cleared) is not reminded of a day it
 * was not booked for.
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
 * Each claim is its own transaction: a compare-and-set on the booking's reminded moment (still null, still
 * active, still at the time it was found due), the manage link and the queued e-mail commit together or not at
 * all. A crash before the commit leaves the booking for the next pass; a second process claiming the same
 * booking waits for the row, then finds it reminded, so it sends nothing.
 */
async function claimEach<Candidate extends { id: string; reference: string }, Row>(
  db: Database,
  candidates: readonly Candidate[],
  claim: {
    /** Marks the candidate reminded at `now` if it is still due, answering it as it then is. */
    mark: (tx: Database, candidate: Candidate) => Promise<Row | undefined>;
    queue: (tx: Database, claimed: Row, candidate: Candidate) => Promise<void>;
  },
  { log }: Pick<ReminderOptions, 'log'>,
): Promise<number> {
  let queued = 0;
  for (const candidate of candidates) {
    try {
      const claimedOne = await db.transaction(async (tx) => {
        const claimed = await claim.mark(tx, candidate);
        if (!claimed) return false;
        await claim.queue(tx, claimed, candidate);
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
      mark: async (tx, candidate) => {
        const [claimed] = await tx
          .update(bookings)
          .set({ remindedAt: now })
          .where(
            and(
              eq(bookings.id, candidate.id),
              isNull(bookings.remindedAt),
              inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
              eq(bookings.date, candidate.date),
              eq(bookings.timeSlot, candidate.timeSlot),
            ),
          )
          .returning();
        return claimed;
      },
      queue: async (tx, claimed) => {
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
  const season = christmasSeasonIn(content);
  let queued = 0;
  for (const sitting of season.sittings) {
    const start = londonInstant(season.date, sitting.start);
    if (!startsWithinLead(start, options)) continue;
    const candidates = await db
      .select({ id: occasionBookings.id, reference: occasionBookings.reference })
      .from(occasionBookings)
      .where(
        and(
          isChristmasRow,
          eq(occasionBookings.sittingId, sitting.id),
          isNull(occasionBookings.visitRemindedAt),
          eq(occasionBookings.status, 'CONFIRMED'),
          ne(occasionBookings.email, ''),
          lte(occasionBookings.createdAt, remindedIfMadeBy(start)),
          gt(occasionBookings.createdAt, new Date(start.getTime() - CHRISTMAS_SEASON_MS)),
        ),
      );
    queued += await claimEach(
      db,
      candidates,
      {
        mark: async (tx, candidate) => {
          const [claimed] = await updateChristmasBookings(
            tx,
            and(
              eq(occasionBookings.id, candidate.id),
              isNull(occasionBookings.visitRemindedAt),
              eq(occasionBookings.status, 'CONFIRMED'),
              eq(occasionBookings.sittingId, sitting.id),
            ) as SQL,
            { remindedAt: now },
          );
          return claimed;
        },
        queue: async (tx, claimed) => {
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

async function remindOccasions(db: Database, options: ReminderOptions): Promise<number> {
  const { now, leadHours, content, publicUrl } = options;
  const latest = new Date(now.getTime() + leadHours * HOUR_MS);
  const candidates = await db
    .select()
    .from(occasionBookings)
    .where(
      and(
        // Christmas Day's bookings share the table (decision 049): remindChristmas reminds them.
        isOccasionRow,
        isNull(occasionBookings.visitRemindedAt),
        eq(occasionBookings.status, 'CONFIRMED'),
        ne(occasionBookings.email, ''),
        gte(occasionBookings.date, londonToday(now)),
        lte(occasionBookings.date, londonToday(latest)),
      ),
    );
  // A sitting staff have since removed has no time to remind of: the pub tells that party itself.
  const due = candidates.flatMap((booking) => {
    const sitting = sittingTimesOf(content, booking);
    return sitting &&
      startsWithinLead(sitting.start, options) &&
      booking.createdAt <= remindedIfMadeBy(sitting.start)
      ? [{ ...booking, sitting }]
      : [];
  });
  return claimEach(
    db,
    due,
    {
      mark: async (tx, candidate) => {
        const [claimed] = await tx
          .update(occasionBookings)
          .set({ visitRemindedAt: now })
          .where(
            and(
              eq(occasionBookings.id, candidate.id),
              isNull(occasionBookings.visitRemindedAt),
              eq(occasionBookings.status, 'CONFIRMED'),
              eq(occasionBookings.date, candidate.date),
              eq(occasionBookings.sittingId, candidate.sittingId),
            ),
          )
          .returning();
        return claimed;
      },
      queue: async (tx, claimed, { sitting }) => {
        const token = await issueOrganiserToken(tx, claimed.id, now);
        const occasion = content.occasions.occasions.find(({ slug }) => slug === claimed.occasionSlug);
        const diners = await tx
          .select({ choices: occasionDiners.choices })
          .from(occasionDiners)
          .where(eq(occasionDiners.bookingId, claimed.id));
        const supplements = occasion ? supplementsPence(occasion, diners) : 0;
        await enqueueMail(tx, { kind: 'occasion-reminder', reference: claimed.reference, now }, [
          occasionReminderEmail(
            claimed,
            { venue: content.venue, publicUrl, occasion, sitting, supplements },
            `${publicUrl}${organiserPath(token)}`,
          ),
        ]);
      },
    },
    options,
  );
}

/**
 * One reminder pass (issues 18 and 30): every upcoming table, Christmas and occasion booking whose start is within the lead time
 * and that was made at least 24 hours before it is e-mailed its one reminder. Answers how many were queued;
 * the caller nudges the mail sender.
 */
export async function sendDueReminders(db: Database, options: ReminderOptions): Promise<number> {
  return (
    (await remindTables(db, options)) +
    (await remindChristmas(db, options)) +
    (await remindOccasions(db, options))
  );
}
