import type { ServiceClosure } from '../../shared/booking/admin.ts';
import type { StoredBooking } from '../../shared/booking/request.ts';
import type { Service } from '../../shared/booking/rules.ts';
import type { BookingStatus } from '../../shared/booking/status.ts';
import type {
  ChristmasClosure,
  ChristmasSeatsOverview,
  StoredChristmasBooking,
} from '../../shared/christmas/admin.ts';
import type { SittingId } from '../../shared/christmas/ids.ts';
import type { ChristmasAdminBookingRequest } from '../../shared/christmas/request.ts';
import type { ChristmasBookingStatus } from '../../shared/christmas/status.ts';
import type { PublicEvent } from '../../shared/events/event.ts';
import type { EventPayload } from '../../shared/events/schema.ts';
import { ADMIN_MESSAGES } from '../../shared/staff/messages.ts';

/** An admin call that failed, with the text to show (spec §8). */
export class AdminApiError extends Error {
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
  return error instanceof AdminApiError && error.fromServer ? error.message : fallback;
}

let onUnauthorized: () => void = () => {};

/** The session provider hears of every 401, so an expired session sends staff back to the sign-in page. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = () => {};
  };
}

async function failure(response: Response): Promise<AdminApiError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error
    ? new AdminApiError(body.error, response.status, true)
    : new AdminApiError(ADMIN_MESSAGES.requestFailed(response.status), response.status);
}

const OFFLINE = 'Could not reach the server. Please check the connection and try again.';

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => {
    throw new AdminApiError(OFFLINE, 0);
  });
  if (response.status === 401) {
    onUnauthorized();
    throw new AdminApiError(ADMIN_MESSAGES.unauthorized, 401);
  }
  if (!response.ok) throw await failure(response);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** The signed-in admin's e-mail, or null without a session. */
export async function fetchSession(): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/me', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email : null;
  } catch {
    return null;
  }
}

export type SignInResult = { ok: true; email: string } | { ok: false; error: string };

/** Login failures show the server's text, else 'Invalid credentials' (spec §8). */
export async function signIn(email: string, password: string): Promise<SignInResult> {
  try {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json().catch(() => ({}))) as { email?: unknown; error?: unknown };
    if (response.ok && typeof body.email === 'string') return { ok: true, email: body.email };
    return {
      ok: false,
      error: typeof body.error === 'string' && body.error ? body.error : ADMIN_MESSAGES.invalidCredentials,
    };
  } catch {
    return { ok: false, error: ADMIN_MESSAGES.invalidCredentials };
  }
}

export async function signOut(): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
}

export const listEvents = () => call<PublicEvent[]>('GET', '/api/events');
export const createEvent = (draft: EventPayload) => call<PublicEvent>('POST', '/api/events', draft);
export const updateEvent = (id: string, draft: EventPayload) =>
  call<PublicEvent>('PUT', `/api/events/${encodeURIComponent(id)}`, draft);
export const deleteEvent = (id: string) => call<void>('DELETE', `/api/events/${encodeURIComponent(id)}`);

export const listBookingsOn = (date: string) =>
  call<StoredBooking[]>('GET', `/api/bookings?date=${encodeURIComponent(date)}`);
export const setBookingStatus = (id: string, status: BookingStatus) =>
  call<StoredBooking>('PATCH', `/api/bookings/${encodeURIComponent(id)}`, { status });

export const listClosures = (date: string) =>
  call<ServiceClosure[]>('GET', `/api/closures?date=${encodeURIComponent(date)}`);
export const closeService = (date: string, service: Service, reason: string) =>
  call<ServiceClosure>('POST', '/api/closures', { date, service, reason });
export const reopenService = (id: string) => call<void>('DELETE', `/api/closures/${encodeURIComponent(id)}`);

const sittingQuery = (sittingId: SittingId | null) => (sittingId ? `?sittingId=${sittingId}` : '');

export const listChristmasBookings = (sittingId: SittingId | null) =>
  call<StoredChristmasBooking[]>('GET', `/api/christmas/admin/bookings${sittingQuery(sittingId)}`);
export const createChristmasBooking = (payload: ChristmasAdminBookingRequest) =>
  call<StoredChristmasBooking>('POST', '/api/christmas/admin/bookings', payload);
export const setChristmasBookingStatus = (id: string, status: ChristmasBookingStatus) =>
  call<StoredChristmasBooking>('PATCH', `/api/christmas/admin/bookings/${encodeURIComponent(id)}`, {
    status,
  });
export const fetchChristmasSeats = () =>
  call<ChristmasSeatsOverview>('GET', '/api/christmas/admin/availability');
export const closeChristmasSitting = (sittingId: SittingId, reason: string) =>
  call<ChristmasClosure>('POST', '/api/christmas/admin/closures', { sittingId, reason });
export const reopenChristmasSitting = (id: string) =>
  call<void>('DELETE', `/api/christmas/admin/closures/${encodeURIComponent(id)}`);
