import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentSavedSchema,
  contentSaveSchema,
  contentVersionSchema,
  contentVersionSummarySchema,
} from '../../shared/content/documents.ts';
import { errorBody, fieldErrorBody } from '../http/error-mapper.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { contentKeyOf, contentKeyParams } from './routes.ts';

/** Staff read, save and restore the content documents; registered behind the admin guard. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffMessages = { plainValidationMessages: true };

  app.get(
    '/api/admin/content/:key',
    {
      schema: { params: contentKeyParams, response: { 200: contentVersionSchema, 404: errorBody } },
      config: staffMessages,
    },
    async (request) => app.content.latest(contentKeyOf(request.params.key)),
  );

  app.put(
    '/api/admin/content/:key',
    {
      schema: {
        params: contentKeyParams,
        body: contentSaveSchema,
        response: {
          200: contentSavedSchema,
          400: z.union([fieldErrorBody, errorBody]),
          404: errorBody,
          409: errorBody,
        },
      },
      config: staffMessages,
    },
    async (request) => {
      const { baseVersion, document } = request.body;
      const version = await app.content.save(contentKeyOf(request.params.key), baseVersion, document, {
        email: signedInAdmin(request).email,
        at: app.clock(),
      });
      return { version };
    },
  );

  app.get(
    '/api/admin/content/:key/versions',
    {
      schema: {
        params: contentKeyParams,
        response: { 200: z.array(contentVersionSummarySchema), 404: errorBody },
      },
      config: staffMessages,
    },
    async (request) => app.content.versions(contentKeyOf(request.params.key)),
  );

  app.post(
    '/api/admin/content/:key/versions/:version/restore',
    {
      schema: {
        params: contentKeyParams.extend({ version: z.coerce.number().int().positive() }),
        response: { 200: contentSavedSchema, 400: errorBody, 404: errorBody, 409: errorBody },
      },
      config: staffMessages,
    },
    async (request) => {
      const { key, version } = request.params;
      const by = { email: signedInAdmin(request).email, at: app.clock() };
      return { version: await app.content.restore(contentKeyOf(key), version, by) };
    },
  );
};
