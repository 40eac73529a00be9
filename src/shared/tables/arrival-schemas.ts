import { z } from 'zod';
import { BOOKING_FIELD_LIMITS } from '../booking/validation.ts';
import { textField } from '../schema/fields.ts';
import { ARRIVAL_STEPS } from './arrivals.ts';

/** The largest party staff seat as one walk-in. */
export const LARGEST_WALK_IN = 60;

const guests = (label: string) =>
  z
    .int(`${label} must be a whole number.`)
    .min(0, `${label} must be 0 or more.`)
    .max(LARGEST_WALK_IN, `${label} must be ${LARGEST_WALK_IN} or fewer.`);

/**
 * The body of `POST /api/admin/bookings/:id/arrival`: the step to mark now, or with `undo: true` the step to
 * clear, when it is the last one set (marked by mistake).
 */
export const arrivalRequestSchema = z.object(
  {
    step: z.enum(ARRIVAL_STEPS, { error: 'step must be arrived, seated, left or no-show.' }),
    undo: z.literal(true, { error: 'undo must be true, or left out.' }).optional(),
  },
  { error: 'Please send the step as a JSON object.' },
);
export type ArrivalRequest = z.infer<typeof arrivalRequestSchema>;

/** The body of `POST /api/admin/tables/walk-ins`: a party at the bar, put on a table or join free now. */
export const walkInRequestSchema = z
  .object(
    {
      partyAdults: guests('partyAdults'),
      partyChildren: guests('partyChildren'),
      placeId: z.string().regex(/^[a-z0-9-]{1,40}$/, 'placeId must be the id of a table or join.'),
      /** Blank or missing: "Walk-in". */
      name: textField('Name', BOOKING_FIELD_LIMITS.name),
    },
    { error: 'Please send the walk-in as a JSON object.' },
  )
  .refine((party) => party.partyAdults + party.partyChildren >= 1, {
    message: 'A walk-in is at least one guest.',
    path: ['partyAdults'],
  });
export type WalkInRequest = z.output<typeof walkInRequestSchema>;
export type WalkInRequestInput = z.input<typeof walkInRequestSchema>;

/** The walk-in screen's "More than 8": the party's size as typed, a whole number from 1 to the largest walk-in. */
export const walkInPartySizeSchema = z.object({
  guests: z
    .string()
    .refine(
      (typed) => /^\d+$/.test(typed.trim()) && Number(typed) >= 1 && Number(typed) <= LARGEST_WALK_IN,
      `Please give the party as a whole number from 1 to ${LARGEST_WALK_IN}.`,
    ),
});
export type WalkInPartySize = z.infer<typeof walkInPartySizeSchema>;
