import { EVENT_MESSAGES } from '#shared/events/form.ts';
import type { FieldIssue } from '#shared/schema/issues.ts';
import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { NO_ACCESS } from '#shared/staff/roles.ts';

/** What went wrong, in the domain's words; `server/http/error-mapper.ts` alone turns a kind into a status. */
export type DomainErrorKind =
  /** The request breaks a rule: a field missing or wrong. */
  | 'invalid'
  /** No valid staff session, or the wrong e-mail or password. */
  | 'unauthorized'
  /** A state-changing request from another site. */
  | 'forbidden'
  | 'not-found'
  /** No room: the time or sitting is closed or full. */
  | 'unavailable'
  /** The request clashes with how things stand: a slug in use, a payment not made, a checkout over. */
  | 'conflict'
  /** An Idempotency-Key sent again with a different request. */
  | 'key-reused'
  | 'too-many-attempts'
  /** The payment provider failed or could not be reached. */
  | 'provider-failed'
  /** Online payments are not set up on this server. */
  | 'not-configured';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Facts the answer carries beside the message, e.g. the state of the reservation, or a booking as it stands. */
  readonly details: Readonly<Record<string, unknown>>;
  /** Each field's problem, for a form that shows them beside the fields. */
  readonly issues: readonly FieldIssue[] | undefined;

  constructor(
    kind: DomainErrorKind,
    message: string,
    details: Record<string, unknown> = {},
    issues?: readonly FieldIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.details = details;
    this.issues = issues;
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const invalidFields = (message: string, issues: readonly FieldIssue[]) =>
  new DomainError('invalid', message, {}, issues);
export const notFound = (message: string) => new DomainError('not-found', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('conflict', message, details);
/** A clash that concerns one field the request sent (an e-mail that already has an account): the form marks it. */
export const conflictingField = (path: string, message: string) =>
  new DomainError('conflict', message, {}, [{ path, message }]);
export const tooManyAttempts = (message: string) => new DomainError('too-many-attempts', message);

/** A shared rule's verdict (table booking or Christmas order): broken, or no room left. */
export const problemError = (problem: { kind: 'invalid' | 'unavailable'; message: string }) =>
  new DomainError(problem.kind, problem.message);
/** The same verdict on the field `path` of the request, which the form marks. */
export const fieldProblemError = (
  problem: { kind: 'invalid' | 'unavailable'; message: string },
  path: string,
) => new DomainError(problem.kind, problem.message, {}, [{ path, message: problem.message }]);

export const bookingNotFound = () => notFound(ADMIN_MESSAGES.bookingNotFound);
export const closureNotFound = () => notFound(ADMIN_MESSAGES.closureNotFound);
export const eventNotFound = () => notFound(EVENT_MESSAGES.notFound);
export const unauthorized = () => new DomainError('unauthorized', ADMIN_MESSAGES.unauthorized);
export const invalidCredentials = () => new DomainError('unauthorized', ADMIN_MESSAGES.invalidCredentials);
export const forbidden = () => new DomainError('forbidden', ADMIN_MESSAGES.forbidden);
/** Signed in, but the role does not reach (issue 19). */
export const noAccess = () => new DomainError('forbidden', NO_ACCESS);
