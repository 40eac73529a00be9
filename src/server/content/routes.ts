import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_SCHEMAS, type ContentKey, isContentKey } from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import { errorBody } from '../http/error-mapper.ts';
import { type PreparedAnswer, preparedJsonAnswers, sendPrepared } from '../http/prepared-answer.ts';
import { notFound } from '../lib/errors.ts';

/** A key that names no document is answered as not found, like any other unknown address. */
export const contentKeyParams = z.object({ key: z.string() });

export function contentKeyOf(key: string): ContentKey {
  if (!isContentKey(key)) throw notFound(CONTENT_MESSAGES.unknownKey);
  return key;
}

/** The published content documents, for a page the browser renders after a client-side navigation. */
export const publicContentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each document's answer prepared once per version, checked against its own schema.
  const prepared = new Map<ContentKey, (document: unknown) => PreparedAnswer>();
  const preparedDocument = (key: ContentKey, document: unknown) => {
    let prepare = prepared.get(key);
    if (!prepare) {
      prepare = preparedJsonAnswers<unknown>(CONTENT_SCHEMAS[key]);
      prepared.set(key, prepare);
    }
    return prepare(document);
  };
  app.get(
    '/api/content/:key',
    {
      schema: {
        params: contentKeyParams,
        response: { 200: z.union(Object.values(CONTENT_SCHEMAS)), 404: errorBody },
      },
    },
    async (request, reply) => {
      const key = contentKeyOf(request.params.key);
      const document = (await app.content.current())[key];
      return sendPrepared(request, reply, preparedDocument(key, document));
    },
  );
};
