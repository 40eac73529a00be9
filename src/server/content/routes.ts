import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_SCHEMAS, type ContentKey, isContentKey } from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import { errorBody } from '../http/error-mapper.ts';
import { notFound } from '../lib/errors.ts';

/** A key that names no document is answered as not found, like any other unknown address. */
export const contentKeyParams = z.object({ key: z.string() });

export function contentKeyOf(key: string): ContentKey {
  if (!isContentKey(key)) throw notFound(CONTENT_MESSAGES.unknownKey);
  return key;
}

/** The published content documents, for a page the browser renders after a client-side navigation. */
export const publicContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/content/:key',
    {
      schema: {
        params: contentKeyParams,
        response: { 200: z.union(Object.values(CONTENT_SCHEMAS)), 404: errorBody },
      },
    },
    async (request) => (await app.content.current())[contentKeyOf(request.params.key)],
  );
};
