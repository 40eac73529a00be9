import { z } from 'zod';
import { BOOKING_FIELD_LIMITS } from '../booking/validation.ts';
import { textField } from '../schema/fields.ts';
import { LARGEST_WALK_IN } from '../tables/arrival-schemas.ts';
import { QUEUE_STATUSES } from './status.ts';

/** Tonight's walk-in queue (issue 31), as staff keep it behind the bar. */

const guests = (label: string) =>
  z
    .int(`${label} must be a whole number.`)
    .min(0, `${label} must be 0 or more.`)
    .max(LARGEST_WALK_IN, `${label} must be ${LARGEST_WALK_IN} or fewer.`);

/** The body of POST /api/admin/queue: a party at the bar, with a phone or an e-mail to tell them. */
export const queueAddRequestSchema = z.object(
  {
    name: textField('Name', BOOKING_FIELD_LIMITS.name),
    phone: textField('Phone', BOOKING_FIELD_LIMITS.phone),
    email: textField('Email', BOOKING_FIELD_LIMITS.email),
    partyAdults: guests('partyAdults'),
    partyChildren: guests('partyChildren'),
    notes: textField('Notes', 500, { multiline: true }),
  },
  { error: 'Please send the party as a JSON object.' },
);
export type QueueAddRequest = z.output<typeof queueAddRequestSchema>;
export type QueueAddRequestInput = z.input<typeof queueAddRequestSchema>;

/** The body of POST /api/admin/queue/:id/seat: in tables mode the table or join (assignment picks without). */
export const queueSeatRequestSchema = z.object(
  {
    placeId: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'placeId must be the id of a table or join.')
      .optional(),
  },
  { error: 'Please send the seating as a JSON object.' },
);
export type QueueSeatRequest = z.infer<typeof queueSeatRequestSchema>;

/** A party in the queue, with its estimated wait. */
export const queuePartySchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  partyAdults: z.int(),
  partyChildren: z.int(),
  partySize: z.int(),
  notes: z.string(),
  status: z.enum(QUEUE_STATUSES),
  addedAt: z.string(),
  addedBy: z.string(),
  notifiedAt: z.string().nullable(),
  /** The wait quoted when they joined. */
  quotedWaitMinutes: z.int().nullable(),
  /** The wait from now as the floor stands: 0 when a place is free now; null when none frees up tonight. */
  waitMinutes: z.int().nullable(),
  /** London time (HH:MM) the estimate expects a place, or null. */
  readyAt: z.string().nullable(),
  /** The booking made when they were seated. */
  bookingReference: z.string().nullable(),
});
export type QueueParty = z.infer<typeof queuePartySchema>;

/** GET /api/admin/queue: tonight's parties still waiting, in the order they joined, and tonight's closed ones. */
export const queueDaySchema = z.object({
  date: z.string(),
  /** Whether the pub runs tables mode (seating picks a table) or covers mode. */
  mode: z.enum(['covers', 'tables']),
  waiting: z.array(queuePartySchema),
  done: z.array(queuePartySchema),
});
export type QueueDay = z.infer<typeof queueDaySchema>;
