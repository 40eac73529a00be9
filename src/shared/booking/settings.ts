import { z } from 'zod';
import { TIME_PATTERN } from '../time/london-time.ts';

export const SERVICES = ['lunch', 'dinner'] as const;
export type Service = (typeof SERVICES)[number];

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
    capacityPerSlot: z.number().int('must be a whole number').min(1).max(200),
    minimumNoticeMinutes: z.number().int('must be whole minutes').min(0).max(10_080),
    bookingHorizonDays: z.number().int('must be whole days').min(1).max(730),
  })
  .refine((settings) => settings.services.lunch.closes <= settings.services.dinner.opens, {
    message: 'lunch must end before dinner starts',
    path: ['services', 'dinner', 'opens'],
  });
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;
