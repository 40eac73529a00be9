import { requestFailed, UNAUTHORIZED } from '../../shared/staff/api-failures.ts';

const OFFLINE = 'Could not reach the server. Please check the connection and try again.';

/** A call that failed, with the text to show (spec §8); status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The text is the server's own error field, not a fallback. */
  readonly fromServer: boolean;
  constructor(message: string, status: number, fromServer = false) {
    super(message);
    this.status = status;
    this.fromServer = fromServer;
  }
}

/** The server's error field if it gave one, otherwise the screen's own text (spec §8 "server error preferred"). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
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
  const error = (answer as { error?: unknown } | undefined)?.error;
  if (typeof error === 'string' && error) return new ApiError(error, status, true);
  return new ApiError(status === 401 ? UNAUTHORIZED : requestFailed(status), status);
}

interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The one way the web app calls the API: JSON in and out, one error type, every 401 heard. */
export async function call<T>(
  method: string,
  path: string,
  { body, headers, signal }: CallOptions = {},
): Promise<T> {
  const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await fetch(path, {
    method,
    headers: { accept: 'application/json', ...json, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
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
