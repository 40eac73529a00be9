import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  guestProfileSchema,
  profileEmailQuerySchema,
  profileLookupAnswerSchema,
  profileLookupQuerySchema,
  profileNotesAnswerSchema,
  profileNotesQuerySchema,
  profilePhoneSchema,
  profileUpdateSchema,
} from '#shared/profiles/api.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, staffFormConfig, staffStamp } from '../http/route-parts.ts';
import { confirmPhone, lookupProfile, profileNotes, updateProfile } from './profiles.ts';

/** A refusal that names the phone field: no phone booking has the number, or it is another guest's. */
const phoneRefusal = refusalBody;

/** Guest profiles (issue 32), for managers and owners: the lookup, the tags and note, a phone, a day's notes. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/profiles',
    {
      schema: {
        querystring: profileLookupQuerySchema,
        response: { 200: profileLookupAnswerSchema, ...errorAnswers(400) },
      },
      config: staffFormConfig,
    },
    async (request) => ({ profile: await lookupProfile(app.db, request.query, app.clock()) }),
  );

  app.put(
    '/api/admin/profiles',
    {
      schema: {
        querystring: profileEmailQuerySchema,
        body: profileUpdateSchema,
        response: { 200: guestProfileSchema, ...errorAnswers(400, 404) },
      },
      config: staffFormConfig,
    },
    async (request) => updateProfile(app.db, request.query.email, request.body, staffStamp(app, request)),
  );

  app.post(
    '/api/admin/profiles/phones',
    {
      schema: {
        querystring: profileEmailQuerySchema,
        body: profilePhoneSchema,
        response: { 200: guestProfileSchema, 400: phoneRefusal, 409: phoneRefusal, ...errorAnswers(404) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      confirmPhone(app.db, request.query.email, request.body.phone, staffStamp(app, request)),
  );

  app.get(
    '/api/admin/profiles/notes',
    {
      schema: {
        querystring: profileNotesQuerySchema,
        response: { 200: profileNotesAnswerSchema, ...errorAnswers(400) },
      },
      config: staffFormConfig,
    },
    async (request) => profileNotes(app.db, request.query.date, app.clock()),
  );
};
