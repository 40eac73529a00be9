import type { FastifyRequest } from 'fastify';

/**
 * With `attachValidation`, the first problem's own message: the schemas of the admin forms carry messages
 * written for staff, which read better without the field-path prefix of the app's error handler.
 */
export function validationMessage(request: FastifyRequest): string | null {
  if (!request.validationError) return null;
  const [first] = request.validationError.validation as { message?: string }[];
  return first?.message ?? 'Invalid request.';
}
