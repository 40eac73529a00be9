import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AvailabilitySlot,
  availabilitySlotSchema,
  eventQueryField,
  partyQueryField,
} from '#shared/booking/schemas.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { dateField } from '#shared/schema/fields.ts';
import { PUBLIC_REVALIDATE } from '../http/cache-control.ts';
import { errorBody } from '../http/error-mapper.ts';
import { preparedJsonAnswers, sendPrepared } from '../http/prepared-answer.ts';
import { cachedRead } from '../lib/cached-read.ts';
import { inputsMemo } from '../lib/inputs-memo.ts';
import {
  AVAILABILITY_TABLES,
  availabilityFrom,
  bookingContentOf,
  type DateLoad,
  loadDate,
} from './availability.ts';

/** Enough for every bookable date with a few party sizes each; past it the memo starts again empty. */
const MAX_ANSWERS = 2_000;

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each date's bookings and closures from memory until one changes (issue 20); a booking still checks
  // the slot again under its lock, so this can never overbook.
  const loadDateFromMemory = cachedRead(app.tableChanges, AVAILABILITY_TABLES, (date: string) =>
    loadDate(app.db, date),
  );
  // The answer itself, while the date's rows, the content and the second are the same: the slot rules
  // (London time arithmetic) cost more than the rest of the request.
  const answers = inputsMemo<[DateLoad, SiteContent, number], AvailabilitySlot[]>(MAX_ANSWERS);
  const prepared = preparedJsonAnswers(z.array(availabilitySlotSchema));

  app.get(
    '/api/availability',
    {
      schema: {
        querystring: z.object({
          date: dateField('date'),
          party: partyQueryField,
          event: eventQueryField,
        }),
        response: { 200: z.array(availabilitySlotSchema), 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_REVALIDATE);
      const { date, party, event } = request.query;
      const now = app.clock();
      const content = await app.content.current();
      const load = await loadDateFromMemory(date);
      const from: [DateLoad, SiteContent, number] = [load, content, Math.floor(now.getTime() / 1000)];
      const key = `${date} ${party} ${event}`;
      const answered = answers.find(key, from);
      if (answered) return sendPrepared(request, reply, prepared(answered));
      const slots = await availabilityFrom(
        { date, now, content: bookingContentOf(content), guests: party, event },
        async () => load,
      );
      return sendPrepared(request, reply, prepared(answers.keep(key, from, slots)));
    },
  );
};
