import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings } from '#db/schema.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { OrganiserPage } from '#shared/occasions/api.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { londonInstant } from '#shared/time/london-time.ts';
import { notFound } from '../lib/errors.ts';
import { confirmGuestComing } from '../manage/coming.ts';
import { bookingByOrganiserToken, type OccasionBookingRow } from './organiser-links.ts';
import { occasionOf, organiserPage, type PreOrderDeps } from './pre-orders.ts';

/**
 * When a booking's sitting starts and ends, as its occasion publishes it now; undefined once staff have removed
 * the occasion or the sitting, whose times went with it.
 */
export function sittingTimesOf(
  content: SiteContent,
  booking: Pick<OccasionBookingRow, 'occasionSlug' | 'date' | 'sittingId'>,
): { start: Date; end: Date } | undefined {
  const sitting = occasionOf(content, booking)?.sittings.find((known) => known.id === booking.sittingId);
  if (!sitting) return undefined;
  return { start: londonInstant(booking.date, sitting.start), end: londonInstant(booking.date, sitting.end) };
}

/** Whether the party's sitting has begun (a removed sitting counts from the start of its day). */
function hasStarted(content: SiteContent, booking: OccasionBookingRow, now: Date): boolean {
  const start = sittingTimesOf(content, booking)?.start ?? londonInstant(booking.date, '00:00');
  return now.getTime() >= start.getTime();
}

/**
 * The visit reminder's "Yes, we're coming" on the organiser's page (issues 18 and 30): noted once for staff,
 * until the sitting starts. Answers the organiser's page as it then stands.
 */
export async function confirmOrganiserComing(deps: PreOrderDeps, token: string): Promise<OrganiserPage> {
  const own = await bookingByOrganiserToken(deps.db, token);
  if (!own || own.status === 'HELD' || own.status === 'EXPIRED') {
    throw notFound(PRE_ORDER_MESSAGES.linkNotFound);
  }
  await confirmGuestComing(deps.db, deps.now, {
    table: occasionBookings,
    lockOwn: async (tx: Database) => {
      const [row] = await tx
        .select()
        .from(occasionBookings)
        .where(eq(occasionBookings.id, own.id))
        .for('update');
      if (!row) throw notFound(PRE_ORDER_MESSAGES.linkNotFound);
      return row;
    },
    isCancelled: (booking) => booking.status !== 'CONFIRMED',
    hasStarted: (booking) => hasStarted(deps.content, booking, deps.now),
    audit: { type: 'occasion.coming', subject: 'occasion-booking' },
  });
  return organiserPage(deps, token);
}
