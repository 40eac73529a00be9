import type { Service } from '../../shared/booking/rules.ts';
import type {
  AvailabilitySlot,
  BookingRequest,
  ServiceClosure,
  StoredBooking,
} from '../../shared/booking/schemas.ts';
import type { BookingStatus } from '../../shared/booking/status.ts';
import type { SittingId } from '../../shared/christmas/ids.ts';
import type {
  ChristmasAdminBookingRequest,
  ChristmasAvailability,
  ChristmasCheckoutRequest,
  ChristmasClosure,
  ChristmasSeatsOverview,
  DemoCheckoutDetails,
  PendingStatus,
  StoredChristmasBooking,
} from '../../shared/christmas/schemas.ts';
import type { ChristmasBookingStatus } from '../../shared/christmas/status.ts';
import type { EventPayload, PublicEvent } from '../../shared/events/schemas.ts';
import { ADMIN_MESSAGES } from '../../shared/staff/messages.ts';
import type { SignedInAdmin } from '../../shared/staff/session.ts';

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
  return new ApiError(
    status === 401 ? ADMIN_MESSAGES.unauthorized : ADMIN_MESSAGES.requestFailed(status),
    status,
  );
}

interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function call<T>(
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

const sittingQuery = (sittingId: SittingId | null) => (sittingId ? `?sittingId=${sittingId}` : '');

/** Every call of the web app to the API (spec §7), one function each. */
export const api = {
  upcomingEvents: (limit: number) => call<PublicEvent[]>('GET', `/api/events/upcoming?limit=${limit}`),
  event: (slug: string) => call<PublicEvent>('GET', `/api/events/${encodeURIComponent(slug)}`),

  availability: (date: string, signal?: AbortSignal) =>
    call<AvailabilitySlot[]>('GET', `/api/availability?date=${encodeURIComponent(date)}`, { signal }),
  createBooking: (request: BookingRequest, idempotencyKey: string) =>
    call<StoredBooking>('POST', '/api/bookings', {
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
    }),

  christmasAvailability: (signal?: AbortSignal) =>
    call<ChristmasAvailability>('GET', '/api/christmas/availability', { signal }),
  startChristmasCheckout: (request: ChristmasCheckoutRequest) =>
    call<{ url: string }>('POST', '/api/stripe/create-checkout-session', { body: request }),
  pendingReservation: (pid: string, signal?: AbortSignal) =>
    call<PendingStatus>('GET', `/api/christmas/pending/${encodeURIComponent(pid)}`, { signal }),
  finalizeReservation: (pid: string, signal?: AbortSignal) =>
    call<PendingStatus>('POST', `/api/christmas/finalize/${encodeURIComponent(pid)}`, { signal }),
  releaseReservation: (pid: string) =>
    call<PendingStatus>('POST', `/api/christmas/cancel/${encodeURIComponent(pid)}`),
  demoCheckout: (pid: string) =>
    call<DemoCheckoutDetails>('GET', `/api/christmas/demo-checkout/${encodeURIComponent(pid)}`),
  payDemoCheckout: (pid: string) =>
    call<{ url: string }>('POST', `/api/christmas/demo-checkout/${encodeURIComponent(pid)}/pay`),

  session: () => call<SignedInAdmin>('GET', '/api/auth/me'),
  signIn: (email: string, password: string) =>
    call<SignedInAdmin>('POST', '/api/auth/login', { body: { email, password } }),
  signOut: () => call<void>('POST', '/api/auth/logout'),

  listEvents: () => call<PublicEvent[]>('GET', '/api/events'),
  createEvent: (draft: EventPayload) => call<PublicEvent>('POST', '/api/events', { body: draft }),
  updateEvent: (id: string, draft: EventPayload) =>
    call<PublicEvent>('PUT', `/api/events/${encodeURIComponent(id)}`, { body: draft }),
  deleteEvent: (id: string) => call<void>('DELETE', `/api/events/${encodeURIComponent(id)}`),

  listBookingsOn: (date: string) =>
    call<StoredBooking[]>('GET', `/api/bookings?date=${encodeURIComponent(date)}`),
  setBookingStatus: (id: string, status: BookingStatus) =>
    call<StoredBooking>('PATCH', `/api/bookings/${encodeURIComponent(id)}`, { body: { status } }),

  listClosures: (date: string) =>
    call<ServiceClosure[]>('GET', `/api/closures?date=${encodeURIComponent(date)}`),
  closeService: (date: string, service: Service, reason: string) =>
    call<ServiceClosure>('POST', '/api/closures', { body: { date, service, reason } }),
  reopenService: (id: string) => call<void>('DELETE', `/api/closures/${encodeURIComponent(id)}`),

  listChristmasBookings: (sittingId: SittingId | null) =>
    call<StoredChristmasBooking[]>('GET', `/api/christmas/admin/bookings${sittingQuery(sittingId)}`),
  createChristmasBooking: (request: ChristmasAdminBookingRequest) =>
    call<StoredChristmasBooking>('POST', '/api/christmas/admin/bookings', { body: request }),
  setChristmasBookingStatus: (id: string, status: ChristmasBookingStatus) =>
    call<StoredChristmasBooking>('PATCH', `/api/christmas/admin/bookings/${encodeURIComponent(id)}`, {
      body: { status },
    }),
  christmasSeats: () => call<ChristmasSeatsOverview>('GET', '/api/christmas/admin/availability'),
  closeChristmasSitting: (sittingId: SittingId, reason: string) =>
    call<ChristmasClosure>('POST', '/api/christmas/admin/closures', { body: { sittingId, reason } }),
  reopenChristmasSitting: (id: string) =>
    call<void>('DELETE', `/api/christmas/admin/closures/${encodeURIComponent(id)}`),
};
