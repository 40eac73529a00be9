import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  enquiryListQuerySchema,
  enquiryRequestSchema,
  enquiryStatusChangeSchema,
  storedEnquirySchema,
} from '#shared/enquiries/schemas.ts';
import {
  errorAnswers,
  guestFormConfig,
  idParams,
  listSchema,
  signedInActor,
  staffFormConfig,
} from '../http/route-parts.ts';
import { changeEnquiryStatus, createEnquiry, listEnquiries } from './service.ts';

const RATE_LIMIT_MESSAGE = 'Too many enquiries. Please wait a few minutes, or call us.';

/** A large party's enquiry, sent from the booking form (issue 18). */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/enquiries',
    {
      schema: {
        body: enquiryRequestSchema,
        response: { 201: storedEnquirySchema, ...errorAnswers(400, 429) },
      },
      config: guestFormConfig(app.config.bookingRateLimitPer15Min, RATE_LIMIT_MESSAGE),
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
    { schema: listSchema(enquiryListQuerySchema, storedEnquirySchema), config: staffFormConfig },
    async (request) => listEnquiries(app.db, request.query.status),
  );

  app.patch(
    '/api/admin/enquiries/:id',
    {
      schema: {
        params: idParams,
        body: enquiryStatusChangeSchema,
        response: { 200: storedEnquirySchema, ...errorAnswers(400, 404) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      changeEnquiryStatus(app.db, request.params.id, request.body.status, {
        now: app.clock(),
        actor: signedInActor(request),
      }),
  );
};
