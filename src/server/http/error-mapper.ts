import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FieldIssue } from '#shared/schema/issues.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { DomainError, type DomainErrorKind } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's request schemas carry messages written for the guests or staff who read them: a
     * validation error answers its first message as it is, without the field path in front.
     */
    plainValidationMessages?: boolean;
  }
}

const fieldIssue = z.object({ path: z.string(), message: z.string() });
/**
 * The body of every error answer; routes declare it for each error status they answer. A refusal that names
 * its fields (a request that fails its schema, a rule's issues) lists them, so a form shows each beside its field.
 */
export const errorBody = z.object({ error: z.string(), issues: z.array(fieldIssue).optional() });
/** An error answer that names each field's problem (the content editors show them beside the fields). */
export const fieldErrorBody = errorBody.extend({ issues: z.array(fieldIssue) });
/** The refusal of a form's request: its fields' problems when the rule names them, the plain error otherwise. */
export const refusalBody = z.union([fieldErrorBody, errorBody]);

export const SERVER_FAILURE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE =
  'Our booking system is unavailable for a moment. Please try again in a minute, or call us.';
const INVALID_REQUEST = 'Invalid request.';

/** A kind added to DomainErrorKind without a status here fails the type check. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  unavailable: 409,
  conflict: 409,
  'key-reused': 422,
  'too-many-attempts': 429,
  'provider-failed': 502,
  'not-configured': 503,
};

interface HttpAnswer {
  statusCode: number;
  body: { error: string; issues?: readonly FieldIssue[] } & Record<string, unknown>;
}

function toHttpAnswer(error: unknown, plainValidationMessages: boolean): HttpAnswer {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? INVALID_REQUEST,
    }));
    const first = issues[0] ?? { path: '', message: INVALID_REQUEST };
    const text = first.path && !plainValidationMessages ? `${first.path}: ${first.message}` : first.message;
    return { statusCode: 400, body: { error: text, issues } };
  }
  if (error instanceof DomainError) {
    const issues = error.issues ? { issues: error.issues } : {};
    return {
      statusCode: STATUS_OF_KIND[error.kind],
      body: { ...error.details, ...issues, error: error.message },
    };
  }
  // Fastify's own refusals (413 body too large, 415 media type, a malformed JSON body) and the rate limiter's.
  const { statusCode } = error as { statusCode?: unknown };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { statusCode, body: { error: (error as Error).message } };
  }
  if (isDatabaseUnavailable(error)) return { statusCode: 503, body: { error: DATABASE_UNAVAILABLE } };
  return { statusCode: 500, body: { error: SERVER_FAILURE } };
}

/** The app's one error handler: every failure becomes a status and `{"error": …}`; each 5xx is logged. */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const plain = request.routeOptions.config.plainValidationMessages === true;
  const { statusCode, body } = toHttpAnswer(error, plain);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(statusCode).send(body);
}
