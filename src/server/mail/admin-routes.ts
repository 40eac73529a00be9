import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEntrySchema, outboxListQuerySchema, outboxMessageSchema } from '#shared/mail/schemas.ts';
import { staffActor } from '../audit/trail.ts';
import { errorBody } from '../http/error-mapper.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { findOutboxMessage, listOutbox } from './outbox.ts';
import { resendMail } from './resend.ts';

// Anything that is not a uuid names no message: answered as not found.
const messageParams = z.object({ id: z.string() });

/** The e-mail outbox for staff: what failed, what waits, what went, found by a search; one opened or sent again. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/mail',
    {
      schema: {
        querystring: outboxListQuerySchema,
        response: { 200: z.array(outboxEntrySchema), 400: errorBody },
      },
      config: { plainValidationMessages: true },
    },
    async (request) => listOutbox(app.db, request.query),
  );

  app.get(
    '/api/admin/mail/:id',
    { schema: { params: messageParams, response: { 200: outboxMessageSchema, 404: errorBody } } },
    async (request) => findOutboxMessage(app.db, request.params.id),
  );

  app.post(
    '/api/admin/mail/:id/resend',
    {
      schema: {
        params: messageParams,
        response: { 200: outboxEntrySchema, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const entry = await resendMail(app.db, request.params.id, {
        now: app.clock(),
        actor: staffActor(signedInAdmin(request)),
      });
      app.mail.nudge();
      return entry;
    },
  );
};
