import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEntrySchema, outboxListQuerySchema } from '../../shared/mail/schemas.ts';
import { errorBody } from '../http/error-mapper.ts';
import { listOutbox, resendMail } from './outbox.ts';

/** The e-mail outbox for staff: what failed, what waits, what went; a failed message sent again. */
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
    async (request) => listOutbox(app.db, request.query.status),
  );

  app.post(
    '/api/admin/mail/:id/resend',
    {
      schema: {
        // Anything that is not a uuid names no message: answered as not found.
        params: z.object({ id: z.string() }),
        response: { 200: outboxEntrySchema, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const entry = await resendMail(app.db, request.params.id, app.clock());
      app.mail.nudge();
      return entry;
    },
  );
};
