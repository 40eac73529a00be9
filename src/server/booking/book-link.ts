import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookLinkQuery, bookLinkValues } from '#shared/booking/book-link.ts';
import { bookableDateRange } from '#shared/booking/rules.ts';
import { BOOK_LINK_PATH } from '#shared/vouchers/links.ts';

/** Each value as the link gives it; one that is odd (repeated, empty) is dropped by the shared rule, never refused. */
const loose = z.string().optional().catch(undefined);
const bookLinkQuerySchema = z.object({ party: loose, date: loose, utm_source: loose });

/**
 * The short, stable booking link (issue 33) the pub gives Google's Business Profile and anywhere else: it opens
 * the booking form, with no sign-in, its party and date filled in when the link carries ones that will do.
 */
export const bookLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(BOOK_LINK_PATH, { schema: { querystring: bookLinkQuerySchema } }, async (request, reply) => {
    const settings = (await app.content.current())['booking-settings'];
    const given = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query))
      if (value !== undefined) given.set(name, value);
    const values = bookLinkValues(given, bookableDateRange(app.clock(), settings));
    return reply.header('cache-control', 'no-store').redirect(`/bookings${bookLinkQuery(values)}`, 302);
  });
};
