import { z } from 'zod';
import { BOOKING_SOURCES, BOOKING_STATUSES } from '../booking/status.ts';
import { dateField } from '../schema/fields.ts';
import { tablesDocumentSchema } from './layout.ts';

const moment = z.iso.datetime({ offset: true }).nullable();

/** A booking of the day as the floor, the walk-ins and the arrivals see it (issue 28). */
export const tablesDayBookingSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  name: z.string(),
  timeSlot: z.string(),
  guests: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  /** A seat at a booking event, which takes no table. */
  eventSlug: z.string().nullable(),
  /** The tables it holds: one, the tables of a join, or none yet. */
  tables: z.array(z.string()),
  /** Its table time, minutes after midnight: from its time for its turn, or until it left. */
  start: z.number().int(),
  end: z.number().int(),
  arrivedAt: moment,
  seatedAt: moment,
  leftAt: moment,
  noShowAt: moment,
});
export type TablesDayBooking = z.infer<typeof tablesDayBookingSchema>;

/** `GET /api/admin/tables/day?date=`: the layout as it stands and every booking of the date. */
export const tablesDaySchema = z.object({
  date: z.string(),
  layout: tablesDocumentSchema,
  bookings: z.array(tablesDayBookingSchema),
});
export type TablesDayAnswer = z.infer<typeof tablesDaySchema>;

export const tablesDayQuerySchema = z.object({ date: dateField('date') });
