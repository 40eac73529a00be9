import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEntrySchema, outboxListQuerySchema, outboxMessageSchema } from '#shared/mail/schemas.ts';
import { errorBody } from '../http/error-mapper.ts';
import {
  errorAnswers,
  idParams,
  listSchema,
  staffFormConfig,
  staffStamp,
  thenSendMail,
} from '../http/route-parts.ts';
import { findOutboxMessage, listOutbox } from './outbox.ts';
import { resendMail } from './resend.ts';

/** The e-mail outbox for staff: what failed, what waits, what went, found by a search; one opened or sent again. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/mail',
    { schema: listSchema(outboxListQuerySchema, outboxEntrySchema), config: staffFormConfig },
    async (request) => listOutbox(app.db, request.query),
  );

  app.get(
    '/api/admin/mail/:id',
    { schema: { params: idParams, response: { 200: outboxMessageSchema, 404: errorBody } } },
    async (request) => findOutboxMessage(app.db, request.params.id),
  );

  app.post(
    '/api/admin/mail/:id/resend',
    {
      schema: {
        params: idParams,
        response: { 200: outboxEntrySchema, ...errorAnswers(404, 409) },
      },
    },
    async (request) => thenSendMail(app, resendMail(app.db, request.params.id, staffStamp(app, request))),
  );
};
