import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dinerChoiceRequestSchema,
  dinerPageSchema,
  dinerSchema,
  organiserPageSchema,
} from '#shared/occasions/api.ts';
import { GUEST } from '../audit/trail.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, guestFormConfig } from '../http/route-parts.ts';
import {
  addDinerAsOrganiser,
  addDinerThroughLink,
  changeDinerAsOrganiser,
  dinerPage,
  organiserPage,
  type PreOrderDeps,
} from './pre-orders.ts';
import { confirmOrganiserComing } from './visit.ts';

/**
 * A whole office may open the diners' link from one address: enough for a party of 40 to look and choose a few
 * times over, far too few to guess a 256-bit token.
 */
const LINK_ROUTE_CONFIG = guestFormConfig(300, 'Too many attempts. Please wait a few minutes, or call us.');
/** A diner refused: a course missing or a dish not of its course, each beside its course; or a body not parsed. */
export const choiceRefusal = refusalBody;
/** Any token's shape is let through: one that opens nothing is answered 404, as an unknown one is. */
const tokenParams = z.object({ token: z.string().max(200) });

export async function preOrderDeps(app: FastifyInstance): Promise<PreOrderDeps> {
  return {
    db: app.db,
    now: app.clock(),
    content: await app.content.current(),
    publicUrl: app.config.publicUrl,
  };
}

/** The organiser's page and the diners' links: choices until the deadline (issue 30). */
export const preOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/occasions/organiser/:token',
    {
      schema: { params: tokenParams, response: { 200: organiserPageSchema, ...errorAnswers(404, 429) } },
      config: LINK_ROUTE_CONFIG,
    },
    async (request) => organiserPage(await preOrderDeps(app), request.params.token),
  );

  app.post(
    '/api/occasions/organiser/:token/diners',
    {
      schema: {
        params: tokenParams,
        body: dinerChoiceRequestSchema,
        response: { 200: organiserPageSchema, 400: choiceRefusal, ...errorAnswers(404, 409, 429) },
      },
      config: LINK_ROUTE_CONFIG,
    },
    async (request) => {
      const deps = await preOrderDeps(app);
      await addDinerAsOrganiser(deps, request.params.token, request.body, GUEST);
      return organiserPage(deps, request.params.token);
    },
  );

  app.put(
    '/api/occasions/organiser/:token/diners/:dinerId',
    {
      schema: {
        params: tokenParams.extend({ dinerId: z.string().max(64) }),
        body: dinerChoiceRequestSchema,
        response: { 200: organiserPageSchema, 400: choiceRefusal, ...errorAnswers(404, 409, 429) },
      },
      config: LINK_ROUTE_CONFIG,
    },
    async (request) => {
      const deps = await preOrderDeps(app);
      await changeDinerAsOrganiser(deps, request.params.token, request.params.dinerId, request.body, GUEST);
      return organiserPage(deps, request.params.token);
    },
  );

  app.post(
    '/api/occasions/organiser/:token/coming',
    {
      schema: { params: tokenParams, response: { 200: organiserPageSchema, ...errorAnswers(404, 409, 429) } },
      config: LINK_ROUTE_CONFIG,
    },
    async (request) => confirmOrganiserComing(await preOrderDeps(app), request.params.token),
  );

  app.get(
    '/api/occasions/diners/:token',
    {
      schema: { params: tokenParams, response: { 200: dinerPageSchema, ...errorAnswers(404, 429) } },
      config: LINK_ROUTE_CONFIG,
    },
    async (request) => dinerPage(await preOrderDeps(app), request.params.token),
  );

  app.post(
    '/api/occasions/diners/:token',
    {
      schema: {
        params: tokenParams,
        body: dinerChoiceRequestSchema,
        response: { 201: dinerSchema, 400: choiceRefusal, ...errorAnswers(404, 409, 429) },
      },
      config: LINK_ROUTE_CONFIG,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addDinerThroughLink(await preOrderDeps(app), request.params.token, request.body, GUEST)),
  );
};
