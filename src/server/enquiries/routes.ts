import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enquiryListQuerySchema,
  enquiryRequestSchema,
  enquiryStatusChangeSchema,
  storedEnquirySchema,
} from '#shared/enquiries/schemas.ts';
import { staffActor } from '../audit/trail.ts';
import { errorBody } from '../http/error-mapper.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { changeEnquiryStatus, createEnquiry, listEnquiries } from './service.ts';

const RATE_LIMIT_MESSAGE = 'Too many enquiries. Please wait a few minutes, or call us.';

/** A large party's enquiry, sent from the booking form (issue 18). */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/enquiries',
    {
      schema: {
        body: enquiryRequestSchema,
        response: { 201: storedEnquirySchema, 400: errorBody, 429: errorBody },
      },
      config: {
        // The schema's own messages are written for guests: answer with them as they are.
        plainValidationMessages: true,
        rateLimit: {
          max: app.config.bookingRateLimitPer15Min,
          timeWindow: '15 minutes',
          errorResponseBuilder: () => tooManyAttempts(RATE_LIMIT_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const enquiry = await createEnquiry(app.db, request.body, {
        now: app.clock(),
        content: await app.content.current(),
        pubNotifyEmail: app.config.pubNotifyEmail,
      });
      app.mail.nudge();
      return reply.code(201).send(enquiry);
    },
  );
};

/** The enquiries for staff: listed newest first, and moved along; registered behind the admin guard. */
export const adminEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/enquiries',
    {
      schema: {
        querystring: enquiryListQuerySchema,
        response: { 200: z.array(storedEnquirySchema), 400: errorBody },
      },
      config: { plainValidationMessages: true },
    },
    async (request) => listEnquiries(app.db, request.query.status),
  );

  app.patch(
    '/api/admin/enquiries/:id',
    {
      schema: {
        // Anything that is not a uuid names no enquiry: answered as not found.
        params: z.object({ id: z.string() }),
        body: enquiryStatusChangeSchema,
        response: { 200: storedEnquirySchema, 400: errorBody, 404: errorBody },
      },
      config: { plainValidationMessages: true },
    },
    async (request) =>
      changeEnquiryStatus(app.db, request.params.id, request.body.status, {
        now: app.clock(),
        actor: staffActor(signedInAdmin(request)),
      }),
  );
};
