import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pidSchema } from '#shared/christmas/checkout-schemas.ts';
import { type Actor, staffActor } from '../audit/trail.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { errorBody } from './error-mapper.ts';

/** Anything that is not a uuid names nothing: the services answer it as not found, not as a bad request. */
export const idParams = z.object({ id: z.string() });

/** A staff form's route: its schema's messages are written for staff, so a refusal answers with them as they are. */
export const staffFormConfig = { plainValidationMessages: true };

/**
 * A guest form's route: its schema's messages are written for guests and answered as they are, and one address
 * may send it `max` times in a quarter of an hour, after which `message` answers.
 */
export function guestFormConfig(max: number, message: string) {
  return {
    plainValidationMessages: true,
    rateLimit: { max, timeWindow: '15 minutes', errorResponseBuilder: () => tooManyAttempts(message) },
  };
}

/** A list's route schema: the list's filters as the query string, refused (400) when they do not parse. */
export function listSchema<Query extends z.ZodType, Item extends z.ZodType>(querystring: Query, item: Item) {
  return { querystring, response: { 200: z.array(item), 400: errorBody } };
}

/** The error answers a route declares, each with the plain error body. */
/** A checkout's return page polls once a second; this allows a few tabs of it and nothing like a scan. */
const PID_ROUTE_LIMIT = { max: 120, timeWindow: '1 minute' };

/**
 * The options of a route of one checkout, named by its unguessable pid (a Christmas reservation, a booking's
 * deposit): rate-limited, a malformed pid refused.
 */
export function pidRoute<Response extends object>(response: Response) {
  return {
    schema: {
      params: z.object({ pid: pidSchema }),
      response: { ...errorAnswers(400, 404, 429), ...response },
    },
    config: { rateLimit: PID_ROUTE_LIMIT },
  };
}

export function errorAnswers<const Code extends number>(...codes: Code[]): Record<Code, typeof errorBody> {
  return Object.fromEntries(codes.map((code) => [code, errorBody])) as Record<Code, typeof errorBody>;
}

/** The staff member behind a request to a route behind the admin guard, as the trail names them. */
export function signedInActor(request: FastifyRequest): Actor {
  return staffActor(signedInAdmin(request));
}

/** The time and the signed-in staff member a staff change is recorded with. */
export function staffStamp(app: FastifyInstance, request: FastifyRequest): { now: Date; actor: Actor } {
  return { now: app.clock(), actor: signedInActor(request) };
}

/** Waits for a change that queued e-mail, then nudges the sender so the mail goes at once; answers the change. */
export async function thenSendMail<Result>(app: FastifyInstance, change: Promise<Result>): Promise<Result> {
  const result = await change;
  app.mail.nudge();
  return result;
}
