import { z } from 'zod';
import { partyQueryField } from '../booking/schemas.ts';
import { dateField } from '../schema/fields.ts';
import { TIME_PATTERN } from '../time/london-time.ts';
import { CAPACITY_MODES } from './layout.ts';

/** `POST /api/admin/tables/switch`: the mode to count capacity by, and whether only to see what it would do. */
export const tablesSwitchSchema = z.object({ to: z.enum(CAPACITY_MODES), dryRun: z.boolean() });
export type TablesSwitch = z.infer<typeof tablesSwitchSchema>;

/** A future booking no table or join of the layout can take: staff place it, or change it, before the switch. */
export const unplacedBookingSchema = z.object({
  reference: z.string(),
  name: z.string(),
  date: z.string(),
  timeSlot: z.string(),
  guests: z.int(),
});
export type UnplacedBooking = z.infer<typeof unplacedBookingSchema>;

/** What the switch did, or would do: how many future bookings it placed and those it could not. */
export const tablesSwitchAnswerSchema = z.object({
  mode: z.enum(CAPACITY_MODES),
  /** Whether the mode was saved (never on a dry run). */
  saved: z.boolean(),
  /** The future regular bookings it went through. */
  bookings: z.int(),
  unplaced: z.array(unplacedBookingSchema),
});
export type TablesSwitchAnswer = z.infer<typeof tablesSwitchAnswerSchema>;

/** The 409 of a switch refused because some bookings have no table. */
export const tablesSwitchRefusedSchema = z.object({
  error: z.string(),
  unplaced: z.array(unplacedBookingSchema),
});

/** Who asks "why": a guest online, or staff on the phone (their own limits and tables). */
export const WHY_CHANNELS = ['online', 'staff'] as const;

/** `GET /api/admin/tables/why?date=&time=&party=&channel=`. */
export const whyQuerySchema = z.object({
  date: dateField('date'),
  time: z.string().regex(TIME_PATTERN, 'time must be a time as HH:MM.'),
  party: partyQueryField.unwrap(),
  channel: z.enum(WHY_CHANNELS),
});
export type WhyQuery = z.infer<typeof whyQuerySchema>;

/** The rules a booking passes, in the order they are checked. */
export const WHY_RULES = [
  'day',
  'service',
  'special-hours',
  'window',
  'notice',
  'pacing',
  'covers',
  'tables',
  'walk-ins',
] as const;
export type WhyRule = (typeof WHY_RULES)[number];

/** One rule's verdict: whether it lets the booking through, in a plain sentence, and each place's reason. */
export const whyVerdictSchema = z.object({
  rule: z.enum(WHY_RULES),
  title: z.string(),
  ok: z.boolean(),
  text: z.string(),
  /** For the tables rule: each table or join and why it cannot take the party (null: free). */
  places: z.array(z.object({ name: z.string(), reason: z.string().nullable() })).optional(),
});
export type WhyVerdict = z.infer<typeof whyVerdictSchema>;

export const whyAnswerSchema = z.object({
  date: z.string(),
  time: z.string(),
  party: z.int(),
  mode: z.enum(CAPACITY_MODES),
  /** Whether every rule lets it through. */
  bookable: z.boolean(),
  verdicts: z.array(whyVerdictSchema),
});
export type WhyAnswer = z.infer<typeof whyAnswerSchema>;

/** `GET /api/admin/tables/cards?date=`. */
export const tableCardsQuerySchema = z.object({ date: dateField('date') });
