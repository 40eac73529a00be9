import { ne } from 'drizzle-orm';
import { occasionBookings } from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';

/**
 * The bookings of the occasions managers create: every row but Christmas Day's (decision 049), which Christmas
 * seats, pays, refunds, reminds and shows through its own services, and which the regular diary never counted.
 */
export const isOccasionRow = ne(occasionBookings.occasionSlug, CHRISTMAS_OCCASION_SLUG);
