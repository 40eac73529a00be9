import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOADS_PREFIX } from '#shared/content/responsive-images.ts';
import {
  IMAGE_MESSAGES,
  imageSummarySchema,
  MAX_IMAGE_BYTES,
  uploadedImageSchema,
} from '#shared/content/uploaded-images.ts';
import { staffActor } from '../audit/trail.ts';
import { errorBody, refusalBody } from '../http/error-mapper.ts';
import { invalid } from '../lib/errors.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { createImageStore } from './images.ts';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The form an upload is sent as; its text fields are checked by the image store, which names the field. */
const uploadBody = z.object({
  file: z.instanceof(Buffer, { error: IMAGE_MESSAGES.noFile }),
  alt: z.string().optional(),
  category: z.string().optional(),
});

/** Staff upload, list and delete photos; registered behind the admin guard. */
export const imageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = createImageStore(app.db, app.config.imagesDir, app.content, app.clock);

  // Multipart is parsed in this plugin's routes only: everywhere else the app's small JSON body limit holds.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 4096, headerPairs: 50 },
    async onFile(part) {
      await part.toBuffer().catch((error: unknown) => {
        throw error instanceof app.multipartErrors.RequestFileTooLargeError
          ? invalid(IMAGE_MESSAGES.tooLarge)
          : error;
      });
    },
  });

  app.get('/api/admin/images', { schema: { response: { 200: z.array(imageSummarySchema) } } }, async () =>
    images.list(),
  );

  app.post(
    '/api/admin/images',
    {
      schema: {
        body: uploadBody,
        response: {
          201: uploadedImageSchema,
          400: refusalBody,
          409: errorBody,
          413: errorBody,
        },
      },
      config: { plainValidationMessages: true },
    },
    async (request, reply) => {
      const { file, alt, category } = request.body;
      const admin = signedInAdmin(request);
      const image = await images.upload({
        file,
        alt,
        category,
        uploadedBy: admin.email,
        actor: staffActor(admin),
      });
      return reply.code(201).send(image);
    },
  );

  app.delete(
    '/api/admin/images/:id',
    {
      schema: {
        // Anything that is not a uuid names no photo: answered as not found.
        params: z.object({ id: z.string() }),
        response: { 204: z.undefined(), 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const admin = signedInAdmin(request);
      await images.remove(request.params.id, { email: admin.email, actor: staffActor(admin) });
      return reply.code(204).send();
    },
  );
};

/** The uploaded photos' copies; each id is new, so a file never changes and browsers may keep it a year. */
export const uploadedImageFiles: FastifyPluginAsync = async (app) => {
  mkdirSync(app.config.imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.imagesDir,
    prefix: UPLOADS_PREFIX,
    immutable: true,
    maxAge: ONE_YEAR_MS,
    index: false,
    decorateReply: false,
  });
};
