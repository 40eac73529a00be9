import { z } from 'zod';
import { TIME_PATTERN } from '../time/london-time.ts';

const serviceWindowSchema = z
  .object({
    opens: z.string().regex(TIME_PATTERN, 'must be a time (HH:MM)'),
    closes: z.string().regex(TIME_PATTERN, 'must be a time (HH:MM)'),
    /** 0 = Sunday … 6 = Saturday. */
    weekdays: z
      .array(z.number().int().min(0).max(6))
      .refine((days) => new Set(days).size === days.length, { message: 'lists a day twice' }),
  })
  .refine((window) => window.opens < window.closes, {
    message: 'must close after it opens',
    path: ['closes'],
  });

/**
 * The booking-settings document: when tables can be booked and how many. Staff edit it; the availability
 * engine and the booking rules take it as input.
 */
export const bookingSettingsSchema = z
  .object({
    services: z.object({ lunch: serviceWindowSchema, dinner: serviceWindowSchema }),
    slotEveryMinutes: z.number().int('must be whole minutes').min(5).max(120),
    /** The last table sits this long before the service window closes. */
    lastSeatingBeforeCloseMinutes: z.number().int('must be whole minutes').min(0).max(240),
    /** Guests seated at once: a booking holds its covers in every slot its table time overlaps. */
    coversPerSlot: z.number().int('must be a whole number').min(1).max(500),
    /** Guests the kitchen serves in one lunch or dinner. */
    coversPerService: z.number().int('must be a whole number').min(1).max(2000),
    /** How long a table is held: this for smaller parties… */
    turnMinutes: z.number().int('must be whole minutes').min(15).max(360),
    /** …and this for parties of `largePartyFrom` or more. */
    largePartyTurnMinutes: z.number().int('must be whole minutes').min(15).max(360),
    largePartyFrom: z.number().int('must be a whole number').min(2).max(100),
    minimumNoticeMinutes: z.number().int('must be whole minutes').min(0).max(10_080),
    bookingHorizonDays: z.number().int('must be whole days').min(1).max(730),
    /**
     * The standby list's cap per service (issue 31), as a share of `coversPerService` in guests waiting: 0 turns
     * the list off. ResDiary's is half.
     */
    standbyCapPercent: z.number().int('must be a whole number').min(0).max(100),
    /** How long a standby guest's claim link holds a freed place for them. */
    standbyClaimMinutes: z.number().int('must be whole minutes').min(5).max(1440),
  })
  .refine((settings) => settings.services.lunch.closes <= settings.services.dinner.opens, {
    message: 'lunch must end before dinner starts',
    path: ['services', 'dinner', 'opens'],
  });
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;
