import type { FieldIssue } from '#shared/schema/issues.ts';
import { requestFailed, UNAUTHORIZED } from '#shared/staff/api-failures.ts';

const OFFLINE = 'Could not reach the server. Please check the connection and try again.';

/** A call that failed, with the text to show (spec §8); status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The text is the server's own error field, not a fallback. */
  readonly fromServer: boolean;
  /** Each field's problem, when the server named them (the content editors). */
  readonly issues: readonly FieldIssue[];
  /** The server's whole answer, for a screen that reads more than its text (a stale change's latest booking). */
  readonly answer: unknown;
  constructor(
    message: string,
    status: number,
    fromServer = false,
    issues: readonly FieldIssue[] = [],
    answer: unknown = undefined,
  ) {
    super(message);
    this.status = status;
    this.fromServer = fromServer;
    this.issues = issues;
    this.answer = answer;
  }
}

/** The server's error field if it gave one, otherwise the screen's own text (spec §8 "server error preferred"). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

/** The request never reached the server: nothing was done. */
export function unreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** The staff session has ended (signed out, or expired): the app is already taking them to sign in. */
export function signedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

let onUnauthorized: () => void = () => {};

/** The admin session hears of every 401, so an expired session sends staff back to the sign-in page. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = () => {};
  };
}

function failureOf(answer: unknown, status: number): ApiError {
  const { error, issues } = (answer ?? {}) as { error?: unknown; issues?: unknown };
  if (typeof error === 'string' && error) {
    return new ApiError(error, status, true, Array.isArray(issues) ? (issues as FieldIssue[]) : [], answer);
  }
  return new ApiError(status === 401 ? UNAUTHORIZED : requestFailed(status), status);
}

interface CallOptions {
  /** Sent as JSON; a FormData (a photo upload) goes as a multipart form. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function encodedBody(body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  // The browser writes a form's content type itself, with the multipart boundary.
  if (body instanceof FormData) return { body, headers: {} };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** The one way the web app calls the API: JSON in and out, one error type, every 401 heard. */
export async function call<T>(
  method: string,
  path: string,
  { body, headers, signal }: CallOptions = {},
): Promise<T> {
  const encoded = encodedBody(body);
  const response = await fetch(path, {
    method,
    headers: { accept: 'application/json', ...encoded.headers, ...headers },
    body: encoded.body,
    signal,
  }).catch((error: unknown) => {
    // An abort is the caller's own doing, not a lost connection.
    throw signal?.aborted ? error : new ApiError(OFFLINE, 0);
  });
  if (response.status === 401) onUnauthorized();
  if (response.status === 204) return undefined as T;
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok || answer === undefined) throw failureOf(answer, response.status);
  return answer as T;
}
